// `hilsim bench-rt --cosim`: a whole configured co-simulation run paced in its real-time threads
// (one per subsystem, as `hilsim run --realtime` runs it), with per thread the wake-up latency and
// execution time percentiles and the overruns, beside cyclictest at the fastest thread's period,
// priority and CPU. Default: RIM coupling, two actuators, H = 20 ms, h_H = 0.2 ms, 10 s of M2.
#pragma once

#include "tools/hilsim/scenario_flags.h"

namespace hilsim::tools {

struct BenchCosimSettings {
  bool no_cyclictest = false;
  bool require_rt = false;
};

// Exit status: 0 done, 2 refused (--require-rt), 3 diverged, 4 stopped early.
int bench_cosim_paced(const ScenarioFlags& flags, const BenchCosimSettings& settings);

}  // namespace hilsim::tools
