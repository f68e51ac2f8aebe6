// cyclictest (Debian package rt-tests), the reference measurement of timer wake-up latency on
// Linux: run with a given period, priority and CPU, and its latency histogram read back.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace hilsim::tools {

struct CyclictestResult {
  std::vector<std::uint64_t> histogram;  // histogram[k]: wake-ups with latency in [k, k+1) µs
  std::uint64_t overflows = 0;           // wake-ups beyond the histogram
  double min_us = 0, avg_us = 0, max_us = 0;

  std::uint64_t count() const;
  // The p-quantile [µs] (the smallest k with at least ⌈p·count⌉ wake-ups at or below k µs), or
  // nullopt when it lies beyond the histogram (then it is ≥ histogram.size() µs).
  std::optional<double> percentile(double p) const;
};

// Parses the output of `cyclictest -q -h N` (one thread); throws std::runtime_error when the
// output holds no histogram or no summary.
CyclictestResult parse_cyclictest(std::istream& output);

// The cyclictest executable on PATH, if any.
std::optional<std::string> find_cyclictest();

// Runs `cyclictest --mlockall --quiet --threads=1 --priority=P --policy=fifo --interval=I
// --loops=N --histogram=H [--affinity=C]`; cpu < 0 leaves it unpinned. Throws std::runtime_error
// with cyclictest's own message when it fails.
CyclictestResult run_cyclictest(const std::string& executable, int period_us, int priority, int cpu,
                                std::int64_t loops, int histogram_us);

}  // namespace hilsim::tools
