// The commanded valve: one sample per micro step, the watchdog's fall-back and recovery, and the
// events it records (stamped with its actuator). The determinism claim (a threaded run replayed from
// its events gives the same bytes) is tested with the real-time executor.
#include "hil/commanded_valve.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <vector>

#include "sim/manoeuvre/valve_command.h"

namespace hilsim::hil {
namespace {

using rt::LatestValue;
using rt::Nanoseconds;
using rt::now_ns;

constexpr Nanoseconds kTimeout = 50'000'000;  // 50 ms

ValveCommandSample valve_sample(double kappa, std::uint32_t seq, Nanoseconds age_ns = 0) {
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
  channel.publish(valve_sample(0.6, 7));
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
  channel.publish(valve_sample(0.6, 1));
  EXPECT_EQ(valve.kappa(5, 0.0), 0.6);
  channel.publish(valve_sample(0.7, 2));
  // Asked again for the same (or an earlier) step: the sampled value, not the new command.
  EXPECT_EQ(valve.kappa(5, 0.0), 0.6);
  EXPECT_EQ(valve.kappa(4, 0.0), 0.6);
  EXPECT_EQ(valve.kappa(6, 0.0), 0.7);
}

TEST(CommandedValve, EachNewCommandIsCountedOnceWithItsDelayFromArrival) {
  LatestValue<ValveCommandSample> channel;
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {});
  channel.publish(valve_sample(0.6, 1, 2'000'000));  // arrived 2 ms ago
  valve.kappa(0, 0.0);
  valve.kappa(1, 1e-4);  // the same command again: not a new one
  EXPECT_EQ(valve.commands_applied(), 1);
  EXPECT_GE(valve.max_command_delay_ns(), 2'000'000);
  EXPECT_LT(valve.max_command_delay_ns(), 40'000'000);
  channel.publish(valve_sample(0.6, 2, 5'000'000));  // the same κ, a new command 5 ms old
  valve.kappa(2, 2e-4);
  EXPECT_EQ(valve.commands_applied(), 2);
  EXPECT_GE(valve.max_command_delay_ns(), 5'000'000);
}

TEST(CommandedValve, ACommandSeenOnlyAfterAnotherMicroStepSampledIsCountedLate) {
  LatestValue<ValveCommandSample> channel;
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {});
  channel.publish(valve_sample(0.6, 1, 1'000'000));  // arrived 1 ms ago, before any sampling
  valve.kappa(0, 0.0);
  EXPECT_EQ(valve.commands_applied_late(), 0);
  // Arrived 1 ms ago, but micro step 1 sampled after that and did not see it (as when the bridge
  // published it late): micro step 2 applies it one step late.
  const ValveCommandSample late = valve_sample(0.7, 2, 1'000'000);
  valve.kappa(1, 1e-4);
  channel.publish(late);
  valve.kappa(2, 2e-4);
  EXPECT_EQ(valve.kappa(2, 2e-4), 0.7);
  EXPECT_EQ(valve.commands_applied_late(), 1);
  // Arrived after micro step 2 sampled: applied by micro step 3, on time.
  channel.publish(valve_sample(0.8, 3, 0));
  valve.kappa(3, 3e-4);
  EXPECT_EQ(valve.commands_applied(), 3);
  EXPECT_EQ(valve.commands_applied_late(), 1);
}

TEST(CommandedValve, StaleCommandFallsBackAndFreshOneRecovers) {
  LatestValue<ValveCommandSample> channel;
  auto ring = std::make_unique<InputEventRing>();
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {ring.get(), nullptr});
  channel.publish(valve_sample(0.6, 1, kTimeout / 2));
  EXPECT_EQ(valve.kappa(0, 0.0), 0.6);
  channel.publish(valve_sample(0.6, 1, kTimeout + 1'000'000));  // the same command, now too old
  EXPECT_EQ(valve.kappa(1, 0.0), 0.45);
  EXPECT_TRUE(valve.watchdog_active());
  EXPECT_EQ(valve.kappa(2, 0.0), 0.45);
  EXPECT_EQ(valve.watchdog_trips(), 1);
  EXPECT_GE(valve.max_fallback_delay_ns(), 1'000'000);  // expired 1 ms before it was looked at
  channel.publish(valve_sample(0.55, 2));
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

TEST(CommandedValve, EventsCarryTheActuatorTheValveDrives) {
  LatestValue<ValveCommandSample> channel;
  auto ring = std::make_unique<InputEventRing>();
  const CommandedValve valve(channel, WatchdogSettings{kTimeout, 0.45}, {ring.get(), nullptr}, 1);
  EXPECT_EQ(valve.actuator(), 1);
  EXPECT_EQ(valve.kappa(0, 0.0), 0.45);  // the watchdog's safe value
  channel.publish(valve_sample(0.6, 9));
  EXPECT_EQ(valve.kappa(1, 1e-4), 0.6);
  const std::vector<InputEvent> events = drain(*ring);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].actuator, 1);
  EXPECT_EQ(events[1].actuator, 1);
  EXPECT_EQ(events[1].sequence, 9u);
}

TEST(CommandedValve, AnActuatorIndexOutsideTheMachinesMostCylindersIsRefused) {
  const sim::StepManoeuvreM1 m1(0.45);
  EXPECT_THROW(CommandedValve(m1, {}, kMaxActuators), std::invalid_argument);
  EXPECT_THROW(CommandedValve(m1, {}, -1), std::invalid_argument);
  EXPECT_EQ(CommandedValve(m1, {}, kMaxActuators - 1).actuator(), kMaxActuators - 1);
}

TEST(CommandedValve, FullRingDropsAndCountsWhenPaced) {
  auto ring = std::make_unique<InputEventRing>();
  const sim::SinusoidalManoeuvreM2 m2(0.45);
  const CommandedValve valve(m2, {ring.get(), nullptr});
  const std::int64_t steps = static_cast<std::int64_t>(kInputEventCapacity) + 100;
  for (std::int64_t m = 0; m < steps; ++m) valve.kappa(m, 0.1 + static_cast<double>(m) * 1e-4);
  EXPECT_GT(ring->dropped(), 0u);
}

}  // namespace
}  // namespace hilsim::hil
