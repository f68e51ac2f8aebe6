// Sensor frames read back from a log and compared with the trajectory: rows close at status
// frames, and a snapshot's pressures belong to the communication point it reports, its actuator
// length to the one before (the length the micro step used).
#include "tools/hilsim/sensor_frames.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "hil/default_messages.h"
#include "hil/signal_map.h"

namespace hilsim::tools {
namespace {

// A trajectory with H = 1 ms whose s1 moves 1 mm per row, far more than the s_1 resolution.
io::CsvTable trajectory(int rows) {
  io::CsvTable t;
  t.path = "test.csv";
  t.header = {"t", "kappa", "s1", "s1dot", "p1", "p2"};
  for (int n = 0; n < rows; ++n) {
    t.rows.push_back({n * 1e-3, 0.45, 0.5 + n * 1e-3, 1.0, 3.0e6 + n * 1e4, 4.5e6 - n * 1e4});
  }
  return t;
}

// The frames a bridge sends for the micro step ending at t with the given values.
std::vector<hil::Frame> frames(double t, double s, double p1, double p2) {
  hil::SensorSnapshot snap;
  snap.t = t;
  snap.s = s;
  snap.p1 = p1;
  snap.p2 = p2;
  const hil::SensorEncoder encoder(hil::sensor_messages(hil::default_messages(1)));
  std::vector<hil::Frame> out(encoder.size());
  encoder.encode({&snap, 1}, out);
  return out;
}

TEST(SensorFrames, AStatusFrameClosesARowWithTheNewestValues) {
  SensorTable table(hil::sensor_messages(hil::default_messages(1)));
  const std::vector<hil::Frame> f = frames(0.25, 0.5, 3.2e6, 4.5e6);
  EXPECT_FALSE(table.add(10, f[0]));
  EXPECT_FALSE(table.add(11, f[1]));
  hil::Frame other;
  other.id = 0x123;
  EXPECT_FALSE(table.add(12, other));
  EXPECT_TRUE(table.add(13, f[2]));
  ASSERT_EQ(table.rows().size(), 1u);
  const SensorRow& row = table.rows()[0];
  EXPECT_DOUBLE_EQ(row.timestamp_s, 13e-6);
  EXPECT_NEAR(row.values[static_cast<std::size_t>(table.column("sim_time"))], 0.25, 1e-9);
  EXPECT_NEAR(row.values[static_cast<std::size_t>(table.column("s_1"))], 0.5, 1e-5);
  EXPECT_NEAR(row.values[static_cast<std::size_t>(table.column("p1_1"))], 3.2e6, 250.0);
  EXPECT_EQ(table.column("no_such_signal"), -1);
}

TEST(SensorFrames, WithoutKeepingRowsOnlyTheNewestValuesAreHeld) {
  SensorTable table(hil::sensor_messages(hil::default_messages(1)), /*keep_rows=*/false);
  const int s = table.column("s_1"), sim_time = table.column("sim_time");
  EXPECT_TRUE(std::isnan(table.latest(s)));
  EXPECT_TRUE(std::isnan(table.latest(-1)));
  for (const double t : {0.1, 0.2}) {
    bool closed = false;
    for (const hil::Frame& f : frames(t, 0.5 + t, 3e6, 4e6)) closed = table.add(0, f);
    EXPECT_TRUE(closed);
  }
  EXPECT_TRUE(table.rows().empty());
  EXPECT_NEAR(table.latest(sim_time), 0.2, 1e-9);
  EXPECT_NEAR(table.latest(s), 0.7, 1e-5);
}

TEST(SensorFrames, PressuresMatchTheirCommunicationPointAndLengthThePreviousOne) {
  const io::CsvTable t = trajectory(10);
  SensorTable table(hil::sensor_messages(hil::default_messages(1)));
  const auto feed = [&](double sim_time, const std::vector<double>& now, const std::vector<double>& before) {
    for (const hil::Frame& f : frames(sim_time, before[2], now[4], now[5])) table.add(0, f);
  };
  for (int n = 1; n < 10; ++n)
    feed(n * 1e-3, t.rows[static_cast<std::size_t>(n)], t.rows[static_cast<std::size_t>(n - 1)]);
  // A micro step between communication points (0.2 ms past one): not compared, however far off.
  feed(3.2e-3, {0, 0, 0, 0, 0, 0}, {0, 0, 9.9, 0, 0, 0});
  const SensorDeviation d = compare_with_trajectory(table, t);
  EXPECT_EQ(d.matched, 9u);
  EXPECT_LE(d.s, 1e-5);    // half of 2e-5 m
  EXPECT_LE(d.p1, 250.0);  // half of 500 Pa
  EXPECT_LE(d.p2, 250.0);

  // Lengths taken from the same communication point would be 1 mm off: the rule matters.
  SensorTable same(hil::sensor_messages(hil::default_messages(1)));
  for (int n = 1; n < 10; ++n) {
    const std::vector<double>& r = t.rows[static_cast<std::size_t>(n)];
    for (const hil::Frame& f : frames(n * 1e-3, r[2], r[4], r[5])) same.add(0, f);
  }
  EXPECT_NEAR(compare_with_trajectory(same, t).s, 1e-3, 2e-5);
}

// With two actuators the second one's sensors are compared too, against s2, p1_2, p2_2.
TEST(SensorFrames, TheSecondActuatorIsComparedWhenBothHaveColumns) {
  io::CsvTable t;
  t.path = "two.csv";
  t.header = {"t", "kappa", "s1", "s1dot", "p1", "p2", "s2", "s2dot", "p1_2", "p2_2"};
  for (int n = 0; n < 10; ++n) {
    t.rows.push_back({n * 1e-3, 0.45, 0.5, 0.0, 3.0e6, 4.5e6, 0.4 + n * 1e-3, 1.0, 3.8e6 + n * 1e4, 3.9e6});
  }
  const hil::SensorEncoder encoder(hil::sensor_messages(hil::default_messages(2)));
  SensorTable table(hil::sensor_messages(hil::default_messages(2)));
  for (int n = 1; n < 10; ++n) {
    const std::vector<double>& now = t.rows[static_cast<std::size_t>(n)];
    const std::vector<double>& before = t.rows[static_cast<std::size_t>(n - 1)];
    std::array<hil::SensorSnapshot, 2> snaps{};
    for (int k = 0; k < 2; ++k) {
      snaps[k].t = now[0];
      snaps[k].actuator = k;
      snaps[k].s = before[k == 0 ? 2 : 6];
      snaps[k].p1 = now[k == 0 ? 4 : 8];
      snaps[k].p2 = now[k == 0 ? 5 : 9] + (k == 1 && n == 5 ? 5000.0 : 0.0);  // one p2_2 5 kPa off
    }
    std::vector<hil::Frame> out(encoder.size());
    encoder.encode(snaps, out);
    for (const hil::Frame& f : out) table.add(0, f);
  }
  const SensorDeviation d = compare_with_trajectory(table, t);
  EXPECT_EQ(d.matched, 9u);
  ASSERT_TRUE(d.second_actuator);
  EXPECT_LE(d.s_2, 1e-5);
  EXPECT_LE(d.p1_2, 250.0);
  EXPECT_NEAR(d.p2_2, 5000.0, 250.0);
  EXPECT_LE(d.p2, 250.0);                                                        // actuator 1 untouched
  EXPECT_FALSE(compare_with_trajectory(table, trajectory(10)).second_actuator);  // a 1-actuator CSV
}

}  // namespace
}  // namespace hilsim::tools
