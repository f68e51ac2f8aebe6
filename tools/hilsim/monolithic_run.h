// `hilsim run --solver monolithic`: one run of the monolithic reference solver, its trajectory CSV
// (the co-simulation columns plus violC and newton_iterations), the Newton and constraint figures,
// and its deviation from a reference.
#pragma once

#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// Exit status: 0 done, 3 the run diverged (the CSV holds the rows up to it).
int execute_monolithic_run(const scenario::Scenario& s, bool quiet);

}  // namespace hilsim::tools
