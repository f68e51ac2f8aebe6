// The periodic loop of every real-time thread: absolute deadlines start + k·period on
// CLOCK_MONOTONIC, one clock_nanosleep(TIMER_ABSTIME) per cycle, wake-up latency and execution
// time recorded every cycle, overruns counted and handled by a configured policy.
//
// The real-time contract is in the body's type: `LoopAction body(std::int64_t cycle) noexcept`.
// The cycle index is the loop's integer time (cycle · period); the body must not allocate, lock or
// make system calls other than the timer and lock-free channel operations.
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "rt/clock.h"
#include "rt/histogram.h"

namespace hilsim::rt {

enum class LoopAction { kContinue, kStop };

// What a loop does when a cycle ends after the next cycle's deadline.
enum class OverrunPolicy {
  kCatchUp,  // keep every deadline: the late cycles run back to back until the loop is on time again
  kSkip,     // drop the missed periods: the next cycle waits for the first deadline still ahead
  kStop,     // hard real time: end the loop after the overrunning cycle
};

struct LoopConfig {
  Nanoseconds period_ns = 1'000'000;  // (0, ∞) when paced
  // false: cycles run back to back with no sleeping (same body, as fast as possible); only
  // execution times are recorded and there are no deadlines to overrun.
  bool paced = true;
  OverrunPolicy overrun_policy = OverrunPolicy::kCatchUp;
};

struct LoopStats {
  std::int64_t cycles = 0;    // body calls
  std::int64_t overruns = 0;  // cycles that ended after the next cycle's deadline
  // The same count for other threads to read while the loop runs (the sensors' status word).
  std::atomic<std::int64_t> overruns_shared{0};
  std::int64_t overrun_episodes = 0;  // runs of consecutive overrunning cycles (one late wake-up
                                      // makes several cycles late while the loop catches up)
  bool overrunning = false;           // the last cycle overran
  std::int64_t skipped_periods = 0;   // periods dropped by OverrunPolicy::kSkip
  Nanoseconds max_lateness_ns = 0;    // the furthest a cycle ended past the next deadline
  std::int64_t first_overrun_cycle = -1;
  bool stopped_by_overrun = false;  // OverrunPolicy::kStop ended the loop
  bool paced = true;
  DurationHistogram wakeup_latency;  // paced only: wake-up time − deadline [ns]
  DurationHistogram execution_time;  // body duration [ns]
};

// Advances the deadline slot after a cycle that ended at `end` [ns]; counts an overrun when `end`
// is past the next deadline. Returns false when the policy is to stop.
bool finish_cycle(const LoopConfig& config, Nanoseconds start_ns, std::int64_t cycle, Nanoseconds end,
                  std::int64_t& slot, LoopStats& stats) noexcept;

// Runs body(cycle) for cycle = 0, 1, 2, ... until it returns kStop (or an overrun stops a kStop
// loop). Paced: cycle k runs at or after the deadline start_ns + slot_k · period, where slot_k = k
// unless periods were skipped. `stats` is filled in place (it is large: keep it out of the stack).
template <typename Body>
requires std::is_nothrow_invocable_r_v<LoopAction, Body&, std::int64_t>
void run_periodic(const LoopConfig& config, Nanoseconds start_ns, LoopStats& stats, Body& body) noexcept {
  stats.paced = config.paced;
  std::int64_t slot = 0;  // index of the deadline the next cycle waits for
  for (std::int64_t cycle = 0;; ++cycle) {
    Nanoseconds woke;
    if (config.paced) {
      const Nanoseconds deadline = start_ns + slot * config.period_ns;
      sleep_until_ns(deadline);
      woke = now_ns();
      stats.wakeup_latency.record(woke - deadline);
    } else {
      woke = now_ns();
    }
    const LoopAction action = body(cycle);
    const Nanoseconds end = now_ns();
    stats.execution_time.record(end - woke);
    stats.cycles = cycle + 1;
    if (action == LoopAction::kStop) return;
    if (config.paced && !finish_cycle(config, start_ns, cycle, end, slot, stats)) return;
  }
}

const char* to_string(OverrunPolicy policy);

}  // namespace hilsim::rt
