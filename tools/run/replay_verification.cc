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

}  // namespace

int verify_replay(const VerificationInput& in) {
  const std::string& sha = in.replay_sha256;
  if (in.recorded_sha256 == "-") {
    if (in.no_verify) {
      std::printf("not verified (--no-verify): the live run wrote no CSV, so %s holds no output hash\n",
                  in.recording.c_str());
      return 0;
    }
    std::fprintf(
        stderr,
        "hilsim replay: not verifiable: the live run wrote no CSV, so %s holds no output hash (record "
        "with --out to make a run verifiable; --no-verify replays it anyway)\n",
        in.recording.c_str());
    return 2;
  }
  if (sha == in.recorded_sha256) {
    std::printf("verified: bit for bit (output sha256 %s, as recorded: the replay reproduces the live run)\n",
                sha.c_str());
    return 0;
  }
  std::fprintf(stderr,
               "hilsim replay: NOT verified: the replay's output sha256 %s differs from the recorded %s\n",
               sha.c_str(), in.recorded_sha256.c_str());
  if (in.live_csv) {
    std::fprintf(stderr, "hilsim replay: %s\n",
                 first_difference(in.replay_csv, read_file(*in.live_csv), *in.live_csv).c_str());
  }
  return 2;
}

}  // namespace hilsim::tools
