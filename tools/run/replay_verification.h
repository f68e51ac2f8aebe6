// What `hilsim replay` says of its output against the live run's: the recording carries the
// SHA-256 of the live CSV, so every replay can tell whether it reproduced that run bit for bit,
// whether or not it writes a CSV itself; with the live CSV at hand it also names the first row that
// differs.
#pragma once

#include <optional>
#include <string>

namespace hilsim::tools {

struct VerificationInput {
  std::string recording;                // its path, for the messages
  std::string recorded_sha256;          // the live CSV's, or "-" when the live run wrote none
  std::string replay_sha256;            // the replay's CSV's
  std::string replay_csv;               // the replay's CSV, as it would be written (to name a line)
  std::optional<std::string> live_csv;  // --live: the live run's CSV, compared row by row whenever given
  bool no_verify = false;               // --no-verify: a recording without a hash is not an error
  // The CSV the live run was to write (its recorded [run] out), when it had one: with no hash
  // recorded, writing it failed, and the replay recovers that trajectory.
  std::optional<std::string> recorded_out;
  std::optional<std::string> replay_out;  // where the replay wrote its CSV (--out), if anywhere
};

// Prints the verdict (stdout when verified, stderr otherwise) and returns the exit status: 0
// verified (by the recorded hash, or row by row against --live when no hash was recorded), a live
// CSV recovered, or not verifiable with no_verify; 2 a mismatch (with the hash or with --live) or
// not verifiable. Throws io::InputError when the live CSV cannot be read.
int verify_replay(const VerificationInput& in);

}  // namespace hilsim::tools
