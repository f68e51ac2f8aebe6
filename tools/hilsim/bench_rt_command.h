// `hilsim bench-rt`: the hydraulic subsystem stepped by a SCHED_FIFO periodic loop on a chosen
// CPU at each requested rate (10 kHz and 20 kHz by default), one micro step per cycle; prints
// wake-up latency, execution time and overruns, then runs cyclictest with the same period,
// priority and CPU and prints both side by side with the ratio of each figure. With --cosim it runs a
// whole configured co-simulation paced in its threads instead (bench_rt_cosim.h).
#pragma once

#include <cstdint>
#include <vector>

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/scenario_flags.h"

namespace hilsim::tools {

struct BenchRtCommand {
  std::int64_t cycles = 100000;
  std::vector<int> rates_hz = {10000, 20000};
  int cpu = 1;
  int priority = 80;
  bool no_cyclictest = false;
  bool require_rt = false;
  bool cosim = false;      // --cosim: a whole co-simulation in its threads
  ScenarioFlags scenario;  // its scenario and overrides

  void add_to(CLI::App& parent);
  // Exit status: 0 done, 2 refused (--require-rt) or bad input.
  int execute() const;
};

}  // namespace hilsim::tools
