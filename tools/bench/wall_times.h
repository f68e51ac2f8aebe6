// Timing for the benchmark programs: a body run several times, its wall times summarised.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace hilsim::bench {

struct WallTimes {
  double median = 0.0;  // [s]
  double min = 0.0;     // [s]
};

// Runs `body` `repeat` times (at least once) and returns the median and the fastest wall time.
template <typename Body>
WallTimes time_runs(int repeat, Body&& body) {
  std::vector<double> walls;
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    walls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(walls.begin(), walls.end());
  return {walls[walls.size() / 2], walls.front()};
}

}  // namespace hilsim::bench
