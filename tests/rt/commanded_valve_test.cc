// The commanded valve: one sample per micro step, the watchdog's fall-back and recovery, the events
// it records, and the determinism claim: a threaded run fed live commands, replayed offline from its
// events, gives the same bytes.
#include "rt/commanded_valve.h"

#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "rt/crane_runner.h"
#include "sim/manoeuvre/recorded_valve_command.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::rt {
namespace {

constexpr Nanoseconds kTimeout = 50'000'000;  // 50 ms

ValveCommandSample command(double kappa, std::uint32_t seq, Nanoseconds age_ns = 0) {
  return ValveCommandSample{kappa, now_ns() - age_ns, seq};
}

std::vector<InputEvent> drain(InputEventRing& ring) {
  std::vector<InputEvent> out;
  InputEvent e;
  while (ring.try_pop(e)) out.push_back(e);
  return out;
}

TEST(CommandedValve, SafeValueUntilTheFirstCommandThenTheCommand) {
  LatestValue<ValveCommandSample> channel;
  auto ring = std::make_unique<InputEventRing>();
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {ring.get(), nullptr});
  EXPECT_EQ(valve.kappa(0, 0.0), 0.45);
  EXPECT_TRUE(valve.watchdog_active());
  channel.publish(command(0.6, 7));
  EXPECT_EQ(valve.kappa(1, 1e-4), 0.6);
  EXPECT_FALSE(valve.watchdog_active());
  EXPECT_EQ(valve.last_sequence(), 7u);
  const std::vector<InputEvent> events = drain(*ring);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].micro_step, 0);
  EXPECT_EQ(events[0].cause, InputCause::kWatchdog);
  EXPECT_EQ(events[1].micro_step, 1);
  EXPECT_EQ(events[1].kappa, 0.6);
  EXPECT_EQ(events[1].sequence, 7u);
  EXPECT_EQ(events[1].cause, InputCause::kCommand);
}

TEST(CommandedValve, OneSamplePerMicroStep) {
  LatestValue<ValveCommandSample> channel;
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {});
  channel.publish(command(0.6, 1));
  EXPECT_EQ(valve.kappa(5, 0.0), 0.6);
  channel.publish(command(0.7, 2));
  // Asked again for the same (or an earlier) step: the sampled value, not the new command.
  EXPECT_EQ(valve.kappa(5, 0.0), 0.6);
  EXPECT_EQ(valve.kappa(4, 0.0), 0.6);
  EXPECT_EQ(valve.kappa(6, 0.0), 0.7);
}

TEST(CommandedValve, EachNewCommandIsCountedOnceWithItsDelayFromArrival) {
  LatestValue<ValveCommandSample> channel;
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {});
  channel.publish(command(0.6, 1, 2'000'000));  // arrived 2 ms ago
  valve.kappa(0, 0.0);
  valve.kappa(1, 1e-4);  // the same command again: not a new one
  EXPECT_EQ(valve.commands_applied(), 1);
  EXPECT_GE(valve.max_command_delay_ns(), 2'000'000);
  EXPECT_LT(valve.max_command_delay_ns(), 40'000'000);
  channel.publish(command(0.6, 2, 5'000'000));  // the same κ, a new command 5 ms old
  valve.kappa(2, 2e-4);
  EXPECT_EQ(valve.commands_applied(), 2);
  EXPECT_GE(valve.max_command_delay_ns(), 5'000'000);
}

TEST(CommandedValve, ACommandSeenOnlyAfterAnotherMicroStepSampledIsCountedLate) {
  LatestValue<ValveCommandSample> channel;
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {});
  channel.publish(command(0.6, 1, 1'000'000));  // arrived 1 ms ago, before any sampling
  valve.kappa(0, 0.0);
  EXPECT_EQ(valve.commands_applied_late(), 0);
  // Arrived 1 ms ago, but micro step 1 sampled after that and did not see it (as when the bridge
  // published it late): micro step 2 applies it one step late.
  const ValveCommandSample late = command(0.7, 2, 1'000'000);
  valve.kappa(1, 1e-4);
  channel.publish(late);
  valve.kappa(2, 2e-4);
  EXPECT_EQ(valve.kappa(2, 2e-4), 0.7);
  EXPECT_EQ(valve.commands_applied_late(), 1);
  // Arrived after micro step 2 sampled: applied by micro step 3, on time.
  channel.publish(command(0.8, 3, 0));
  valve.kappa(3, 3e-4);
  EXPECT_EQ(valve.commands_applied(), 3);
  EXPECT_EQ(valve.commands_applied_late(), 1);
}

TEST(CommandedValve, StaleCommandFallsBackAndFreshOneRecovers) {
  LatestValue<ValveCommandSample> channel;
  auto ring = std::make_unique<InputEventRing>();
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {ring.get(), nullptr});
  channel.publish(command(0.6, 1, kTimeout / 2));
  EXPECT_EQ(valve.kappa(0, 0.0), 0.6);
  channel.publish(command(0.6, 1, kTimeout + 1'000'000));  // the same command, now too old
  EXPECT_EQ(valve.kappa(1, 0.0), 0.45);
  EXPECT_TRUE(valve.watchdog_active());
  EXPECT_EQ(valve.kappa(2, 0.0), 0.45);
  EXPECT_EQ(valve.watchdog_trips(), 1);
  EXPECT_GE(valve.max_fallback_delay_ns(), 1'000'000);  // expired 1 ms before it was looked at
  channel.publish(command(0.55, 2));
  EXPECT_EQ(valve.kappa(3, 0.0), 0.55);
  EXPECT_FALSE(valve.watchdog_active());
  const std::vector<InputEvent> events = drain(*ring);
  ASSERT_EQ(events.size(), 3u);  // command, watchdog, command: no event while nothing changes
  EXPECT_EQ(events[1].micro_step, 1);
  EXPECT_EQ(events[1].cause, InputCause::kWatchdog);
  EXPECT_EQ(events[2].micro_step, 3);
}

TEST(CommandedValve, ScriptedValuesAreRecordedWhenTheyChange) {
  const sim::StepManoeuvreM1 m1(0.45);
  auto ring = std::make_unique<InputEventRing>();
  const CommandedValve valve(m1, {ring.get(), nullptr});
  for (std::int64_t m = 0; m < 30000; ++m) valve.kappa(m, static_cast<double>(m) * 1e-4);
  const std::vector<InputEvent> events = drain(*ring);
  // κ0 at step 0, then the first ramp (t_a = 2 s, t_r = 1 ms): one event per step of the ramp.
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[0].micro_step, 0);
  EXPECT_EQ(events[0].kappa, 0.45);
  EXPECT_EQ(events[1].micro_step, 20001);
  EXPECT_EQ(events.back().kappa, m1.at(2.9999));
}

TEST(CommandedValve, FullRingDropsAndCountsWhenPaced) {
  auto ring = std::make_unique<InputEventRing>();
  const sim::SinusoidalManoeuvreM2 m2(0.45);
  const CommandedValve valve(m2, {ring.get(), nullptr});
  const std::int64_t steps = static_cast<std::int64_t>(kInputEventCapacity) + 100;
  for (std::int64_t m = 0; m < steps; ++m) valve.kappa(m, 0.1 + static_cast<double>(m) * 1e-4);
  EXPECT_GT(ring->dropped(), 0u);
}

// The determinism claim of hardware-in-the-loop runs: commands arrive from another thread at
// moments nobody controls; the events the valve records, replayed offline, give the same bytes.
TEST(CommandedValve, LiveRunReplaysByteIdentically) {
  sim::CraneParameters crane;
  sim::HydraulicParameters hyd;
  const sim::Equilibrium eq = sim::solve_equilibrium(crane, hyd);
  sim::CosimSettings settings;
  settings.coupling = sim::Coupling::kPressureDisplacement;
  settings.H = 1e-3;
  settings.h_hyd = 1e-4;
  settings.duration = 0.5;

  LatestValue<ValveCommandSample> channel;
  auto ring = std::make_unique<InputEventRing>();
  std::atomic<bool> stop{false};
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, eq.kappa}, {ring.get(), nullptr});
  std::atomic<bool> sending{true};
  std::thread controller([&] {
    for (std::uint32_t seq = 1; sending.load(); ++seq) {
      channel.publish(command(eq.kappa + 0.01 * std::sin(0.01 * seq), seq));
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  });
  std::vector<InputEvent> events;
  std::thread recorder([&] {
    InputEvent e;
    while (true) {
      const bool more = sending.load();
      while (ring->try_pop(e)) events.push_back(e);
      if (!more) break;
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  });
  struct Collect final : SampleSink {
    std::ostringstream csv;
    void on_sample(const sim::CraneSample& s) override { io::write_trajectory_row(csv, s, 1); }
  } live;
  RtRunOptions options;
  options.pacing = Pacing::kWallClock;  // paced, so that the controller's commands arrive during the run
  const RtRunResult r = run_crane_realtime(crane, hyd, eq, valve, settings, options, live, stop);
  sending.store(false);
  controller.join();
  recorder.join();
  ASSERT_TRUE(r.finished);
  EXPECT_EQ(ring->dropped(), 0u);
  ASSERT_GT(events.size(), 10u) << "the controller's commands must have changed kappa during the run";

  std::vector<sim::RecordedValveCommand::Entry> entries;
  for (const InputEvent& e : events) entries.push_back({e.micro_step, e.kappa});
  const sim::RecordedValveCommand replay(entries);
  const sim::RunResult offline = sim::run_cosimulation(crane, hyd, eq, replay, settings);
  std::ostringstream csv;
  for (const sim::CraneSample& s : offline.samples) io::write_trajectory_row(csv, s, 1);
  EXPECT_EQ(live.csv.str(), csv.str());
}

}  // namespace
}  // namespace hilsim::rt
