// Timing for the benchmark programs: a body run several times, its wall times summarised; the CPU
// time of a thread.
#pragma once

#include <time.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace hilsim::bench {

struct WallTimes {
  double median = 0.0;  // [s]
  double min = 0.0;     // [s]
};

// The CPU time this thread has used [s] (CLOCK_THREAD_CPUTIME_ID, clock_gettime(2)): unlike the
// wall time it leaves out the time other processes of a busy machine hold the CPU.
inline double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The median of `values` (the upper one of an even count); 0 for none.
inline double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Runs `body` `repeat` times (at least once) and returns the median and the fastest wall time.
template <typename Body>
WallTimes time_runs(int repeat, Body&& body) {
  std::vector<double> walls;
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    walls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return {median(walls), *std::min_element(walls.begin(), walls.end())};
}

}  // namespace hilsim::bench
