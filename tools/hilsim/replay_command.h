// `hilsim replay FILE`: re-runs a recorded run offline (hil/recording.h) from its effective config
// and its inputs, each applied at the micro step where it took effect live, and writes a CSV that
// is byte-identical to the live run's; prints the output's SHA-256 beside the recorded one.
// `hilsim replay --candump LOG [--scenario FILE]`: an offline run of the scenario with κ from the
// command (and joystick) frames of a candump log, each at the micro step its timestamp gives
// (tools/hilsim/candump_kappa.h).
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace hilsim::tools {

struct ReplayCommand {
  std::string recording;                // a recording, or empty with --candump
  std::optional<std::string> candump;   // --candump: a candump log instead of a recording
  std::optional<std::string> scenario;  // --scenario: the scenario a candump log drives
  std::optional<double> duration;       // --duration: with --candump, instead of the scenario's
  std::optional<std::string> t0;        // --t0: with --candump, the candump time of t = 0 ("SEC.USEC")
  std::optional<std::string> interface; // --interface: with --candump, only this interface's frames
  std::optional<std::string> out;
  bool allow_build_mismatch = false;
  bool print_config = false;

  void add_to(CLI::App& parent);
  // Exit status: 0 replayed (and, with an output hash recorded, the hashes match), 2 a bad or
  // incomplete recording, another build, or a hash mismatch; 3 the replay diverged.
  int execute() const;

 private:
  int execute_candump() const;
};

}  // namespace hilsim::tools
