// `hilsim bench-rt --cosim`: the paced benchmark (tools/run/paced_benchmark.h) of the scenario its
// flags give. Default: RIM coupling, two actuators, H = 20 ms, h_H = 0.2 ms, 10 s of M2.
#pragma once

#include "tools/hilsim/scenario_flags.h"
#include "tools/run/paced_benchmark.h"

namespace hilsim::tools {

// Exit status as bench_paced_run's.
int bench_cosim_paced(const ScenarioFlags& flags, const PacedBenchSettings& settings);

}  // namespace hilsim::tools
