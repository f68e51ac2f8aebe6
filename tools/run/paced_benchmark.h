// The paced benchmark of a scenario's run (`hilsim bench-rt --cosim`): the whole co-simulation paced
// in its real-time threads as a paced run has them (rt::PlanExecutor, its samples discarded), with per
// thread the wake-up latency and execution time percentiles and the overruns, beside cyclictest at
// the fastest thread's period, priority and CPU.
#pragma once

#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct PacedBenchSettings {
  bool no_cyclictest = false;  // leave cyclictest out
  bool require_rt = false;     // refuse (exit 2) unless every real-time setting is granted
};

// Prints the figures. Exit status: 0 done, 2 refused (require_rt), 3 diverged, 4 stopped early.
// Throws io::InputError naming the scenario for a plan it cannot build.
int bench_paced_run(const scenario::Scenario& scenario, const PacedBenchSettings& settings);

}  // namespace hilsim::tools
