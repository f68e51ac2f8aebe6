// `hilsim bench-rt`: the hydraulic subsystem stepped by a SCHED_FIFO periodic loop on a chosen
// CPU at each requested rate (10 kHz and 20 kHz by default), one micro step per cycle; prints
// wake-up latency, execution time and overruns, then runs cyclictest with the same period,
// priority and CPU and prints both side by side with the ratio of each figure.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <vector>

namespace hilsim::tools {

struct BenchRtCommand {
  std::int64_t cycles = 100000;
  std::vector<int> rates_hz = {10000, 20000};
  int cpu = 1;
  int priority = 80;
  bool no_cyclictest = false;
  bool require_rt = false;

  void add_to(CLI::App& parent);
  // Exit status: 0 done, 2 refused (--require-rt) or bad input.
  int execute() const;
};

}  // namespace hilsim::tools
