#include "rt/periodic_loop.h"

namespace hilsim::rt {

bool finish_cycle(const LoopConfig& config, Nanoseconds start_ns, std::int64_t cycle, Nanoseconds end,
                  std::int64_t& slot, LoopStats& stats) noexcept {
  ++slot;
  const Nanoseconds next_deadline = start_ns + slot * config.period_ns;
  if (end <= next_deadline) {
    stats.overrunning = false;
    return true;
  }
  // Overrun: an event that is counted and reported, never absorbed silently.
  ++stats.overruns;
  stats.overruns_shared.store(stats.overruns, std::memory_order_relaxed);
  if (!stats.overrunning) ++stats.overrun_episodes;
  stats.overrunning = true;
  if (stats.first_overrun_cycle < 0) stats.first_overrun_cycle = cycle;
  if (end - next_deadline > stats.max_lateness_ns) stats.max_lateness_ns = end - next_deadline;
  switch (config.overrun_policy) {
    case OverrunPolicy::kCatchUp:
      return true;
    case OverrunPolicy::kSkip: {
      // The first slot whose deadline is still ahead of `end`.
      const std::int64_t ahead = (end - start_ns) / config.period_ns + 1;
      stats.skipped_periods += ahead - slot;
      slot = ahead;
      return true;
    }
    case OverrunPolicy::kStop:
      stats.stopped_by_overrun = true;
      return false;
  }
  return true;
}

const char* to_string(OverrunPolicy policy) {
  switch (policy) {
    case OverrunPolicy::kCatchUp:
      return "catch-up";
    case OverrunPolicy::kSkip:
      return "skip";
    case OverrunPolicy::kStop:
      return "stop";
  }
  return "?";
}

}  // namespace hilsim::rt
