// The sensor publisher as the executor calls it: after each micro step of a subsystem that senses
// actuators, one snapshot per sensed actuator on that actuator's channel, with its valve's watchdog
// state and the overruns of every loop; nothing for a subsystem without sensors.
#include "hil/sensor_publisher.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "sim/manoeuvre/valve_command.h"
#include "tests/hil/fake_hydraulics.h"

namespace hilsim::hil {
namespace {

using test::FakeHydraulics;
using test::FakeMechanics;

constexpr double kHh = 1e-4;  // [s]

sim::ActuatorReading reading(double base) {
  return {base, base + 0.1, base * 1e6, base * 2e6, base * 1e3, base / 10.0};
}

TEST(SensorPublisher, OneSubsystemWithBothActuatorsPublishesOnBothChannels) {
  rt::LatestValue<SensorSnapshot> one, two;
  rt::LatestValue<ValveCommandSample> commands;
  const CommandedValve valve2(commands, WatchdogSettings{1'000'000, 0.4}, {}, 1);
  valve2.kappa(0, 0.0);  // no command yet: the watchdog is active
  SensorPublisher publisher({&one, &two}, {nullptr, &valve2}, kHh);
  rt::LoopStats a, b;
  a.overruns_shared.store(2);
  b.overruns_shared.store(5);
  publisher.count_overruns_of({&a, &b});
  FakeHydraulics rim(0, 2);  // the RIM coupling: both actuators in one subsystem
  rim.readings = {reading(0.5), reading(0.7)};

  publisher.after_micro_step(rim, 41, true);

  SensorSnapshot s1, s2;
  ASSERT_TRUE(one.read(s1));
  ASSERT_TRUE(two.read(s2));
  EXPECT_EQ(s1.actuator, 0);
  EXPECT_EQ(s2.actuator, 1);
  EXPECT_EQ(s1.micro_step, 41);
  EXPECT_DOUBLE_EQ(s2.t, 42 * kHh);
  EXPECT_EQ(s1.s, 0.5);
  EXPECT_EQ(s2.s, 0.7);
  EXPECT_EQ(s2.s_dot, 0.7 + 0.1);
  EXPECT_EQ(s2.p1, 0.7e6);
  EXPECT_EQ(s2.p2, 1.4e6);
  EXPECT_EQ(s2.f_h, 0.7e3);
  EXPECT_EQ(s2.kappa, 0.7 / 10.0);
  EXPECT_FALSE(s1.watchdog_active);  // no valve given for actuator 1
  EXPECT_TRUE(s2.watchdog_active);
  EXPECT_EQ(s2.watchdog_trips, 1);
  EXPECT_EQ(s1.overruns, 7);
  EXPECT_EQ(s2.overruns, 7);
  EXPECT_FALSE(s1.fault);
}

TEST(SensorPublisher, EachDirectlyCoupledSubsystemPublishesOnlyItsOwnActuator) {
  rt::LatestValue<SensorSnapshot> one, two;
  SensorPublisher publisher({&one, &two}, {}, kHh);
  FakeHydraulics second(1, 1);  // actuator 2's subsystem (its own thread with f-s, p-s)
  second.readings[1] = reading(0.9);
  publisher.after_micro_step(second, 9, false);
  SensorSnapshot s;
  EXPECT_FALSE(one.read(s));
  ASSERT_TRUE(two.read(s));
  EXPECT_EQ(s.actuator, 1);
  EXPECT_EQ(s.s, 0.9);
  EXPECT_TRUE(s.fault);  // healthy = false

  FakeHydraulics first(0, 1);
  first.readings[0] = reading(0.2);
  publisher.after_micro_step(first, 10, true);
  ASSERT_TRUE(one.read(s));
  EXPECT_EQ(s.actuator, 0);
  EXPECT_EQ(s.s, 0.2);
  EXPECT_EQ(s.overruns, 0);  // no loops given
}

TEST(SensorPublisher, ASubsystemWithoutSensorsAndAnAbsentChannelAreIgnored) {
  rt::LatestValue<SensorSnapshot> one;
  SensorPublisher publisher({&one, nullptr}, {}, kHh);
  FakeMechanics mechanics;
  publisher.after_micro_step(mechanics, 3, true);
  SensorSnapshot s;
  EXPECT_FALSE(one.read(s));
  FakeHydraulics rim(0, 2);  // senses actuator 2 as well, which nobody reads here
  publisher.after_micro_step(rim, 4, true);
  EXPECT_TRUE(one.read(s));
}

// A contact task's tool side publishes nothing itself; its contacts' normal force rides on the
// cylinders' snapshots from then on. The arm side's (no contacts) does not overwrite it.
TEST(SensorPublisher, TheToolSidesContactForceRidesOnTheCylindersSnapshots) {
  rt::LatestValue<SensorSnapshot> one, two;
  SensorPublisher publisher({&one, &two}, {}, kHh);
  FakeHydraulics first(0, 1);
  publisher.after_micro_step(first, 1, true);
  SensorSnapshot s;
  ASSERT_TRUE(one.read(s));
  EXPECT_EQ(s.contact_force, 0.0);  // none yet
  const test::FakeContactSide tool(true, 490.5), arm(false, 7.0);
  publisher.after_micro_step(tool, 2, true);
  publisher.after_micro_step(arm, 2, true);
  ASSERT_TRUE(one.read(s));
  EXPECT_EQ(s.micro_step, 1);  // no snapshot of their own
  publisher.after_micro_step(first, 2, true);
  ASSERT_TRUE(one.read(s));
  EXPECT_EQ(s.contact_force, 490.5);
}

TEST(SensorPublisher, ANonPositiveMicroStepIsRefused) {
  EXPECT_THROW(SensorPublisher({}, {}, 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::hil
