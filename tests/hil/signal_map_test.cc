// The signal map's status word: the link bits a bridge adds to the simulation's snapshot.
#include "hil/signal_map.h"

#include <gtest/gtest.h>

#include "hil/default_messages.h"
#include "sim/cosim/actuator_sensors.h"

namespace hilsim::hil {
namespace {

// The status frame's signal `name`, decoded from `frames` (the encoder's output).
double status_signal(const std::vector<MessageSpec>& sensors, std::span<const Frame> frames,
                     const std::string& name) {
  for (std::size_t i = 0; i < sensors.size(); ++i) {
    if (sensors[i].id != kStatusId) continue;
    for (const SignalSpec& s : sensors[i].signals) {
      if (s.name == name)
        return decode(s, std::span<const std::uint8_t>(frames[i].data.data(), frames[i].length));
    }
  }
  ADD_FAILURE() << "no status signal " << name;
  return -1.0;
}

TEST(SensorEncoder, TheLinkStatusSetsItsBitsAndNothingElse) {
  const std::vector<MessageSpec> sensors = sensor_messages(default_messages(1));
  const SensorEncoder encoder(sensors);
  SensorSnapshot snap;
  snap.t = 1.5;
  snap.overruns = 7;
  snap.watchdog_active = true;
  std::array<Frame, 16> plain{}, off{}, error{};
  ASSERT_EQ(encoder.encode({&snap, 1}, plain), 3u);
  encoder.encode({&snap, 1}, off, LinkStatus{true, false});
  encoder.encode({&snap, 1}, error, LinkStatus{false, true});
  EXPECT_EQ(status_signal(sensors, plain, "bus_off"), 0.0);
  EXPECT_EQ(status_signal(sensors, plain, "bus_error"), 0.0);
  EXPECT_EQ(status_signal(sensors, off, "bus_off"), 1.0);
  EXPECT_EQ(status_signal(sensors, off, "bus_error"), 0.0);
  EXPECT_EQ(status_signal(sensors, error, "bus_off"), 0.0);
  EXPECT_EQ(status_signal(sensors, error, "bus_error"), 1.0);
  // Bits 2 and 3 of byte 0, beside watchdog_active (bit 0); the other signals are unchanged.
  EXPECT_EQ(off[2].data[0], plain[2].data[0] | 0x04);
  EXPECT_EQ(error[2].data[0], plain[2].data[0] | 0x08);
  for (std::size_t b = 1; b < 8; ++b) EXPECT_EQ(off[2].data[b], plain[2].data[b]);
  EXPECT_EQ(status_signal(sensors, off, "overruns"), 7.0);
  EXPECT_EQ(status_signal(sensors, off, "watchdog_active"), 1.0);
}

TEST(SensorEncoder, TheMachineLimitsOfAnyActuatorSetTheirStatusBits) {
  const std::vector<MessageSpec> sensors = sensor_messages(default_messages(2));
  const SensorEncoder encoder(sensors);
  std::array<SensorSnapshot, 2> snaps{};
  snaps[1].actuator = 1;
  std::array<Frame, 16> none{}, stop{}, both{};
  const std::size_t n = encoder.encode(snaps, none);
  snaps[1].limits = sim::kLimitEndStop;  // actuator 2 against an end stop
  encoder.encode(snaps, stop);
  snaps[0].limits = sim::kLimitCavitation | sim::kLimitRelief;
  encoder.encode(snaps, both);
  for (const char* name : {"end_stop", "cavitation", "relief"}) {
    EXPECT_EQ(status_signal(sensors, {none.data(), n}, name), 0.0) << name;
  }
  EXPECT_EQ(status_signal(sensors, {stop.data(), n}, "end_stop"), 1.0);
  EXPECT_EQ(status_signal(sensors, {stop.data(), n}, "cavitation"), 0.0);
  EXPECT_EQ(status_signal(sensors, {both.data(), n}, "end_stop"), 1.0);
  EXPECT_EQ(status_signal(sensors, {both.data(), n}, "cavitation"), 1.0);
  EXPECT_EQ(status_signal(sensors, {both.data(), n}, "relief"), 1.0);
  // Bits 4, 5, 6 of the status frame's byte 0.
  EXPECT_EQ(stop[n - 1].data[0], none[n - 1].data[0] | 0x10);
  EXPECT_EQ(both[n - 1].data[0], none[n - 1].data[0] | 0x70);
}

// The signal `name` of `sensors`, decoded from `frames`.
double signal(const std::vector<MessageSpec>& sensors, std::span<const Frame> frames,
              const std::string& name) {
  for (std::size_t i = 0; i < sensors.size(); ++i) {
    for (const SignalSpec& s : sensors[i].signals) {
      if (s.name == name)
        return decode(s, std::span<const std::uint8_t>(frames[i].data.data(), frames[i].length));
    }
  }
  ADD_FAILURE() << "no signal " << name;
  return -1.0;
}

TEST(SensorEncoder, EachActuatorsSignalsComeFromItsOwnSnapshot) {
  const std::vector<MessageSpec> sensors = sensor_messages(default_messages(2));
  const SensorEncoder encoder(sensors);
  std::array<SensorSnapshot, 2> snaps{};
  snaps[0] = {0, 99, 0.01, 0.5, 0.01, 3.0e6, 4.0e6, 1000.0, 0.45, false, false, 4, 0, 0x12};
  snaps[1] = {1, 98, 0.02, 0.7, -0.02, 5.0e6, 6.0e6, -2000.0, 0.62, true, false, 9, 1, 0x34};
  std::array<Frame, 16> out{};
  ASSERT_EQ(encoder.encode(snaps, out), 5u);
  EXPECT_NEAR(signal(sensors, out, "s_1"), 0.5, 2e-5);
  EXPECT_NEAR(signal(sensors, out, "s_2"), 0.7, 2e-5);
  EXPECT_NEAR(signal(sensors, out, "sdot_2"), -0.02, 1e-4);
  EXPECT_NEAR(signal(sensors, out, "p1_2"), 5.0e6, 500.0);
  EXPECT_NEAR(signal(sensors, out, "p2_2"), 6.0e6, 500.0);
  EXPECT_NEAR(signal(sensors, out, "fh_2"), -2000.0, 0.01);
  EXPECT_NEAR(signal(sensors, out, "kappa_applied_2"), 0.62, 1e-9);
  EXPECT_NEAR(signal(sensors, out, "kappa_applied_1"), 0.45, 1e-9);
  // Status: time, echo and overruns of actuator 1; the watchdog bit when any actuator's is set.
  EXPECT_NEAR(signal(sensors, out, "sim_time"), 0.01, 1e-4);
  EXPECT_EQ(signal(sensors, out, "sequence_echo"), 0x12);
  EXPECT_EQ(signal(sensors, out, "overruns"), 4.0);
  EXPECT_EQ(signal(sensors, out, "watchdog_active"), 1.0);
  EXPECT_EQ(signal(sensors, out, "numerical_fault"), 0.0);
  snaps[1].fault = true;
  encoder.encode(snaps, out);
  EXPECT_EQ(signal(sensors, out, "numerical_fault"), 1.0);
}

// A contact task's total normal contact force, a sensor signal any message may carry.
TEST(SensorEncoder, TheContactForceIsASensorSignal) {
  SignalSpec force;
  force.name = "contact_force";
  force.length = 32;
  force.scale = 0.01;  // [N]
  force.max = 4e7;
  force.unit = "N";
  const std::vector<MessageSpec> sensors = {{"HilsimContact", 0x2F8, false, 8, "", {force}}};
  const SensorEncoder encoder(sensors);
  SensorSnapshot snap;
  snap.contact_force = 490.33;
  std::array<Frame, 16> out{};
  ASSERT_EQ(encoder.encode({&snap, 1}, out), 1u);
  EXPECT_NEAR(signal(sensors, out, "contact_force"), 490.33, 0.005);
}

// A machine's named sensor is a signal by its own name, read from the named values given; a built-in
// name stays the built-in quantity; a name neither built in nor named is refused.
TEST(SensorEncoder, ANamedSensorsSignalCarriesItsValue) {
  SignalSpec tip;
  tip.name = "tip_x";
  tip.length = 16;
  tip.is_signed = true;
  tip.scale = 5e-4;  // [m]
  tip.min = -16.384;
  tip.max = 16.3835;
  tip.unit = "m";
  SignalSpec s1 = tip;
  s1.name = "s_1";
  s1.start_bit = 16;
  const std::vector<MessageSpec> sensors = {
      {"HilsimSensors1", kNamedSensorsId, false, 8, "Hilsim", {tip, s1}}};
  const SensorEncoder encoder(sensors, {"boom_angle", "tip_x"});
  SensorSnapshot snap;
  snap.s = 2.5;
  NamedSensorValues named;
  named.t = 1.0;
  named.value = {0.25, 7.3215};
  std::array<Frame, 16> out{};
  ASSERT_EQ(encoder.encode({&snap, 1}, out, {}, &named), 1u);
  EXPECT_NEAR(signal(sensors, out, "tip_x"), 7.3215, 2.5e-4);
  EXPECT_NEAR(signal(sensors, out, "s_1"), 2.5, 2.5e-4);
  encoder.encode({&snap, 1}, out);
  EXPECT_EQ(signal(sensors, out, "tip_x"), 0.0) << "no named values yet";
  EXPECT_THROW(SensorEncoder{sensors}, std::invalid_argument);
  EXPECT_TRUE(is_builtin_sensor_signal("s_1"));
  EXPECT_FALSE(is_builtin_sensor_signal("tip_x"));
}

TEST(SensorEncoder, ASecondActuatorsSignalWithOneSnapshotIsSentAsZero) {
  std::vector<MessageSpec> sensors = sensor_messages(default_messages(2));
  const SensorEncoder encoder(sensors);
  SensorSnapshot snap;
  snap.s = 0.5;
  std::array<Frame, 16> out{};
  encoder.encode({&snap, 1}, out);
  EXPECT_NEAR(signal(sensors, out, "s_1"), 0.5, 2e-5);
  EXPECT_EQ(signal(sensors, out, "s_2"), 0.0);
}

}  // namespace
}  // namespace hilsim::hil
