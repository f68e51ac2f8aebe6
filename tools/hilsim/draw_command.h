// `hilsim draw`: a machine as SVG (tools/draw/machine_svg.h) at its initial pose, and with --run the
// poses of a run overlaid, so that a user sees that a machine file says what they meant.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct DrawCommand {
  std::optional<std::string> machine;  // the machine file; the built-in LIM crane without one
  std::string out;                     // the SVG file
  std::optional<std::string> run;      // a trajectory CSV of a run of the machine
  std::vector<double> times;           // [s], with --run; five across the run without

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
