// The periodic loop with real sleeping: absolute deadlines, the stop action, and each overrun
// policy driven by a cycle that is made late on purpose. Only lower bounds on time are asserted
// (a loaded machine makes cycles later, never earlier).
#include "rt/periodic_loop.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace hilsim::rt {
namespace {

constexpr Nanoseconds kMs = 1'000'000;

void busy_wait(Nanoseconds d) {
  const Nanoseconds until = now_ns() + d;
  while (now_ns() < until) cpu_relax();
}

struct LoopRun {
  std::unique_ptr<LoopStats> stats = std::make_unique<LoopStats>();
  std::vector<Nanoseconds> starts;  // when each cycle's body began [ns]
  Nanoseconds start_ns = 0;
};

// Runs `cycles` cycles at `period`; cycle `late_cycle` takes `late_for`.
LoopRun run_loop(LoopConfig config, std::int64_t cycles, std::int64_t late_cycle = -1,
                 Nanoseconds late_for = 0) {
  LoopRun r;
  r.starts.reserve(static_cast<std::size_t>(cycles));
  auto body = [&](std::int64_t cycle) noexcept {
    r.starts.push_back(now_ns());
    if (cycle == late_cycle) busy_wait(late_for);
    return cycle + 1 < cycles ? LoopAction::kContinue : LoopAction::kStop;
  };
  r.start_ns = now_ns() + kMs;
  run_periodic(config, r.start_ns, *r.stats, body);
  return r;
}

TEST(PeriodicLoop, EveryCycleStartsAtOrAfterItsAbsoluteDeadline) {
  LoopConfig config;
  config.period_ns = 2 * kMs;
  const LoopRun r = run_loop(config, 20);
  ASSERT_EQ(r.stats->cycles, 20);
  ASSERT_EQ(r.starts.size(), 20u);
  for (std::size_t k = 0; k < r.starts.size(); ++k) {
    EXPECT_GE(r.starts[k], r.start_ns + static_cast<Nanoseconds>(k) * config.period_ns) << k;
  }
  EXPECT_EQ(r.stats->wakeup_latency.count(), 20u);
  EXPECT_EQ(r.stats->execution_time.count(), 20u);
}

TEST(PeriodicLoop, StopActionEndsTheLoopAtThatCycle) {
  LoopConfig config;
  config.period_ns = kMs;
  const LoopRun r = run_loop(config, 5);
  EXPECT_EQ(r.stats->cycles, 5);
  EXPECT_EQ(r.starts.size(), 5u);
}

TEST(PeriodicLoop, UnpacedLoopDoesNotSleep) {
  LoopConfig config;
  config.period_ns = 10 * kNanosecondsPerSecond;  // a paced loop would take 40 s
  config.paced = false;
  const LoopRun r = run_loop(config, 5);
  EXPECT_EQ(r.stats->cycles, 5);
  EXPECT_LT(r.starts.back() - r.starts.front(), config.period_ns);
  EXPECT_EQ(r.stats->wakeup_latency.count(), 0u);
  EXPECT_EQ(r.stats->execution_time.count(), 5u);
  EXPECT_EQ(r.stats->overruns, 0);
}

TEST(PeriodicLoop, CatchUpKeepsEveryDeadlineAndRunsEveryCycle) {
  LoopConfig config;
  config.period_ns = 2 * kMs;
  config.overrun_policy = OverrunPolicy::kCatchUp;
  const LoopRun r = run_loop(config, 10, 3, 7 * kMs);
  EXPECT_EQ(r.stats->cycles, 10);
  EXPECT_GE(r.stats->overruns, 1);
  EXPECT_LE(r.stats->first_overrun_cycle, 3);
  EXPECT_GE(r.stats->max_lateness_ns, 5 * kMs);  // ended ≥ 6 + 7 ms, next deadline 8 ms
  EXPECT_EQ(r.stats->skipped_periods, 0);
  // Cycle 3 ends ≥ 5 ms late: cycles 4 and 5 (deadlines 8 and 10 ms) run back to back at about
  // 13 ms and are late too, in the same episode.
  EXPECT_GE(r.stats->overruns, 3);
  EXPECT_GE(r.stats->overrun_episodes, 1);
  EXPECT_LT(r.stats->overrun_episodes, r.stats->overruns);
  EXPECT_FALSE(r.stats->stopped_by_overrun);
}

TEST(PeriodicLoop, SkipDropsTheMissedPeriods) {
  LoopConfig config;
  config.period_ns = 2 * kMs;
  config.overrun_policy = OverrunPolicy::kSkip;
  const LoopRun r = run_loop(config, 10, 3, 7 * kMs);
  EXPECT_EQ(r.stats->cycles, 10);
  EXPECT_GE(r.stats->overruns, 1);
  // Cycle 3 starts at ≥ 6 ms and ends at ≥ 13 ms: deadlines 8, 10 and 12 ms are dropped and
  // cycle 4 waits for 14 ms (with catch-up it would run at once, at about 13 ms).
  EXPECT_GE(r.stats->skipped_periods, 3);
  EXPECT_GE(r.starts[4], r.start_ns + 14 * kMs);
}

TEST(PeriodicLoop, StopPolicyEndsTheLoopAfterTheOverrun) {
  LoopConfig config;
  config.period_ns = 2 * kMs;
  config.overrun_policy = OverrunPolicy::kStop;
  const LoopRun r = run_loop(config, 10, 3, 7 * kMs);
  EXPECT_TRUE(r.stats->stopped_by_overrun);
  EXPECT_EQ(r.stats->overruns, 1);
  EXPECT_LE(r.stats->cycles, 4);  // a loaded machine may overrun earlier, never later
  EXPECT_EQ(r.stats->first_overrun_cycle, r.stats->cycles - 1);
}

}  // namespace
}  // namespace hilsim::rt
