// `hilsim replay FILE`: the replay of a recorded run (tools/run/replay.h).
// `hilsim replay --candump LOG [--scenario FILE]`: an offline run of the scenario with κ from the
// command (and joystick) frames of a candump log, each at the micro step its timestamp gives
// (tools/can/candump_kappa.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct ReplayCommand {
  std::string recording;                 // a recording, or empty with --candump
  std::optional<std::string> candump;    // --candump: a candump log instead of a recording
  std::optional<std::string> scenario;   // --scenario: the scenario a candump log drives
  std::optional<double> duration;        // --duration: with --candump, instead of the scenario's
  std::optional<std::string> t0;         // --t0: with --candump, the candump time of t = 0 ("SEC.USEC")
  std::optional<std::string> interface;  // --interface: with --candump, only this interface's frames
  std::optional<std::string> out;
  bool allow_build_mismatch = false;
  bool print_config = false;
  std::optional<std::string> live;  // --live: the live CSV, to name the first differing row
  bool no_verify = false;           // --no-verify: a recording without an output hash exits 0
  bool partial = false;             // --partial: a recording without its end line, up to its last input

  void add_to(CLI::App& parent);
  // Exit status: 0 verified bit for bit (or not verifiable with --no-verify, or a partial replay with
  // --partial), 2 a bad, damaged or incomplete recording, another build, a hash mismatch or no hash to
  // verify; 3 the replay diverged.
  int execute() const;

 private:
  int execute_candump() const;
};

}  // namespace hilsim::tools
