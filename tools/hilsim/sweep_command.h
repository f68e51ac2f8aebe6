// `hilsim sweep`: runs one scenario over a list of macro steps H and reports, per H, the largest
// deviation of s1 from the reference and the stability verdict (sim/analysis/stability.h), then
// the largest H up to which every run of the list is stable.
#pragma once

#include <vector>

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/run_setup.h"

namespace hilsim::tools {

struct SweepCommand {
  ScenarioFlags flags;
  std::vector<double> H_list;

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
