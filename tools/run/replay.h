// The replay of a recorded run (hil/recording.h): re-runs it offline from its effective config, its
// machine and its inputs, each applied at the micro step where it took effect live, and verifies
// that its CSV is byte-identical to the live run's by the recorded SHA-256, whether or not it
// writes it. A recording without its end line (the live run was killed) replays, partially, up to
// its last complete input.
#pragma once

#include <optional>
#include <string>

#include "hil/recording.h"

namespace hilsim::tools {

struct ReplayRequest {
  std::string recording;              // the recording file
  std::optional<std::string> out;     // write the replay's CSV here (replaced once complete)
  std::optional<std::string> live;    // the live run's CSV: compared, the first differing row named
  bool allow_build_mismatch = false;  // replay a recording of another build (with a warning)
  bool no_verify = false;             // a recording without an output hash is no failure
  bool partial = false;               // replay a recording without its end line up to its last input
};

// Exit status: 0 verified bit for bit (or not verifiable with no_verify, or a partial replay), 2 a
// bad, damaged or incomplete recording, another build, a hash mismatch or no hash to verify; 3 the
// replay diverged. Throws io::InputError (exit 2) naming the file and line of what it refuses.
int replay_recording(const ReplayRequest& request);

// The recording at `path`; io::InputError naming its file and line when it cannot be read.
hil::Recording read_recording_file(const std::string& path);

}  // namespace hilsim::tools
