#include "tools/run/replay_verification.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "tools/io/input_error.h"

namespace hilsim::tools {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw io::InputError(path + ": cannot read the live CSV (--live)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// "first differs at line L (replay: '...', live: '...')", or that every row matches.
std::string first_difference(const std::string& replay, const std::string& live,
                             const std::string& live_path) {
  std::istringstream a(replay), b(live);
  std::string x, y;
  for (long line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, x)), more_b = static_cast<bool>(std::getline(b, y));
    if (!more_a && !more_b) return "every row of " + live_path + " matches the replay's";
    if (more_a != more_b || x != y) {
      return "the replay's CSV first differs at line " + std::to_string(line) + " of " + live_path +
             " (replay: '" + (more_a ? x.substr(0, 60) : "<end>") + "', live: '" +
             (more_b ? y.substr(0, 60) : "<end>") + "')";
    }
  }
}

// No output hash was recorded: the live run wrote no CSV, or writing it failed.
int verify_unhashed(const VerificationInput& in, const std::optional<std::string>& live) {
  if (live) {  // the user's copy of the live CSV is the evidence left: compare with it
    if (*live == in.replay_csv) {
      std::printf("verified against %s: every row matches the replay's (%s holds no output hash)\n",
                  in.live_csv->c_str(), in.recording.c_str());
      return 0;
    }
    std::fprintf(stderr, "hilsim replay: NOT verified: %s\n",
                 first_difference(in.replay_csv, *live, *in.live_csv).c_str());
    return 2;
  }
  if (in.recorded_out && in.replay_out) {
    std::printf(
        "recovered: the live run's CSV %s was not written (writing it failed: that run's output says why); "
        "the replay's, %s, is that run's trajectory from its recorded inputs (not verified: %s holds no "
        "output hash)\n",
        in.recorded_out->c_str(), in.replay_out->c_str(), in.recording.c_str());
    return 0;
  }
  const std::string why =
      in.recorded_out ? "the live run's CSV " + *in.recorded_out +
                            " was not written (writing it failed), so " + in.recording +
                            " holds no output hash (replay with --out FILE to recover that run's trajectory"
                      : "the live run wrote no CSV, so " + in.recording +
                            " holds no output hash (record with --out to make a run verifiable";
  if (in.no_verify) {
    std::printf("not verified (--no-verify): %s)\n", why.c_str());
    return 0;
  }
  std::fprintf(stderr, "hilsim replay: not verifiable: %s; --no-verify replays it anyway)\n", why.c_str());
  return 2;
}

}  // namespace

int verify_replay(const VerificationInput& in) {
  const std::optional<std::string> live =
      in.live_csv ? std::optional<std::string>(read_file(*in.live_csv)) : std::nullopt;
  if (in.recorded_sha256 == "-") return verify_unhashed(in, live);
  const std::string& sha = in.replay_sha256;
  if (sha == in.recorded_sha256) {
    if (live && *live != in.replay_csv) {  // a --live file is compared, always: it is not this run's
      std::fprintf(stderr,
                   "hilsim replay: NOT verified against %s: the replay reproduces the recorded run (output "
                   "sha256 %s, as recorded), but %s is not that run's CSV: %s\n",
                   in.live_csv->c_str(), sha.c_str(), in.live_csv->c_str(),
                   first_difference(in.replay_csv, *live, *in.live_csv).c_str());
      return 2;
    }
    std::printf(
        "verified: bit for bit (output sha256 %s, as recorded: the replay reproduces the live run%s)\n",
        sha.c_str(), live ? (", and every row of " + *in.live_csv + " matches").c_str() : "");
    return 0;
  }
  std::fprintf(stderr,
               "hilsim replay: NOT verified: the replay's output sha256 %s differs from the recorded %s\n",
               sha.c_str(), in.recorded_sha256.c_str());
  if (live)
    std::fprintf(stderr, "hilsim replay: %s\n", first_difference(in.replay_csv, *live, *in.live_csv).c_str());
  return 2;
}

}  // namespace hilsim::tools
