// `hilsim decode --candump FILE`: what the frames of a candump log mean by hilsim's signal mapping
// (hil/default_messages.h) — commands, sensors, the status word, J1939 BJM1 joystick frames, error
// frames — one line per frame; optionally the sensor frames as a CSV table, and their deviation
// from the run's trajectory CSV.
#pragma once

#include <optional>
#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct DecodeCommand {
  std::string candump;                  // the log (candump -l / -L)
  int actuators = 1;                    // which default mapping: 1 or 2 actuators
  std::optional<std::string> scenario;  // --scenario: its [[messages]] instead of the default mapping
  std::optional<std::string> csv;       // --csv: the sensor rows, one per status frame
  std::optional<std::string> compare;   // --compare: the run's trajectory CSV
  bool quiet = false;                   // no per-frame lines

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
