// Sensor frames read back from a log and compared with the trajectory: rows close at status
// frames, and a snapshot's pressures belong to the communication point it reports, its actuator
// length to the one before (the length the micro step used), its contact force to a step of the
// tool's thread near it.
#include "tools/can/sensor_frames.h"

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

// A machine's named sensor (tip_x) goes out in its own message, its value published by the writer
// thread up to two communication points behind the hydraulics' sim_time: compared with the nearest
// of t_n, t_{n-1}, t_{n-2}; a value none of them holds is found.
TEST(SensorFrames, NamedSensorsAreComparedWithTheirColumnsAllowingTheWritersLag) {
  io::CsvTable t = trajectory(12);
  t.header.push_back("tip_x");
  for (std::size_t n = 0; n < t.rows.size(); ++n) t.rows[n].push_back(8.0 + 0.01 * static_cast<double>(n));
  std::vector<hil::MessageSpec> m = hil::sensor_messages(hil::default_messages(1));
  hil::SignalSpec tip;
  tip.name = "tip_x";
  tip.length = 16;
  tip.scale = 5e-4;
  tip.is_signed = true;
  tip.min = -16.384;
  tip.max = 16.3835;
  tip.unit = "m";
  m.insert(m.end() - 1, {"HilsimSensors1", 0x280, false, 2, "Hilsim", {tip}});
  const hil::SensorEncoder encoder(m, {"tip_x"});
  const auto table_with = [&](const std::vector<int>& lags, double off) {
    SensorTable table(m);
    for (int n = 1; n <= static_cast<int>(lags.size()); ++n) {
      hil::SensorSnapshot snap;
      snap.t = n * 1e-3;
      snap.s = t.rows[static_cast<std::size_t>(n - 1)][2];
      snap.p1 = t.rows[static_cast<std::size_t>(n)][4];
      snap.p2 = t.rows[static_cast<std::size_t>(n)][5];
      hil::NamedSensorValues named;
      named.value[0] = t.rows[static_cast<std::size_t>(n - lags[static_cast<std::size_t>(n - 1)])].back() +
                       (n == 6 ? off : 0.0);
      std::vector<hil::Frame> out(encoder.size());
      encoder.encode({&snap, 1}, out, {}, &named);
      for (const hil::Frame& f : out) table.add(0, f);
    }
    return table;
  };
  const SensorDeviation d = compare_with_trajectory(table_with({0, 1, 2, 0, 1, 2, 0, 1, 2, 0}, 0.0), t);
  ASSERT_EQ(d.named.size(), 1u);
  EXPECT_EQ(d.named[0].name, "tip_x");
  EXPECT_DOUBLE_EQ(d.named[0].resolution, 5e-4);
  EXPECT_LE(d.named[0].max, 2.5e-4);  // half a step
  EXPECT_NEAR(compare_with_trajectory(table_with({0, 1, 2, 0, 1, 2, 0, 1, 2, 0}, 0.05), t).named[0].max, 0.03,
              2.5e-4);  // 5 cm off at t_6, whose nearest row is t_4 (lag 2): 3 cm from it
}

// The default mapping for one actuator with a contact task's message before the status frame (the
// last sensor message, which closes a row): contact_force, 32 bits at 0.01 N.
std::vector<hil::MessageSpec> contact_messages() {
  std::vector<hil::MessageSpec> m = hil::sensor_messages(hil::default_messages(1));
  hil::SignalSpec force;
  force.name = "contact_force";
  force.length = 32;
  force.scale = 0.01;
  force.max = 42949672.95;
  force.unit = "N";
  m.insert(m.end() - 1, {"HilsimContact", 0x220, false, 4, "Hilsim", {force}});
  return m;
}

// A snapshot holds the force of the tool's newest micro step when the cylinders' step ended, which
// the exchange lets lie from two communication points before to one after: it is compared with the
// nearest of those rows, and which one it was is counted where only one matches.
TEST(SensorFrames, TheContactForceIsThatOfAToolStepNearTheCommunicationPoint) {
  io::CsvTable t = trajectory(12);
  t.header.push_back("normal_force");
  for (std::size_t n = 0; n < t.rows.size(); ++n)
    t.rows[n].push_back(n < 4 ? 0.0 : 1000.0 + 250.0 * static_cast<double>(n));
  const hil::SensorEncoder encoder(contact_messages());
  const auto table_with = [&](const std::vector<int>& offsets) {
    SensorTable table(contact_messages());
    for (int n = 1; n <= static_cast<int>(offsets.size()); ++n) {
      hil::SensorSnapshot snap;
      snap.t = n * 1e-3;
      snap.s = t.rows[static_cast<std::size_t>(n - 1)][2];
      snap.p1 = t.rows[static_cast<std::size_t>(n)][4];
      snap.p2 = t.rows[static_cast<std::size_t>(n)][5];
      snap.contact_force =
          t.rows[static_cast<std::size_t>(n + offsets[static_cast<std::size_t>(n - 1)])].back();
      std::vector<hil::Frame> out(encoder.size());
      encoder.encode({&snap, 1}, out);
      for (const hil::Frame& f : out) table.add(0, f);
    }
    return table;
  };
  // The snapshots at t_1 .. t_10 hold the force of the rows n + these offsets; the contact closes at t_4.
  const SensorDeviation d = compare_with_trajectory(table_with({0, 0, -1, -1, -2, 0, 1, -1, 0, -2}), t);
  EXPECT_EQ(d.matched, 10u);
  ASSERT_TRUE(d.contact);
  EXPECT_LE(d.contact_force, 0.005);                                    // half of 0.01 N
  EXPECT_EQ(d.contact_nonzero, 5u);                                     // t_6 .. t_10; t_5 held t_3's 0 N
  EXPECT_EQ(d.contact_step, (std::array<std::size_t, 4>{2, 1, 2, 1}));  // t_{n-2}, t_{n-1}, t_n, t_{n+1}
  EXPECT_EQ(d.contact_alike, 4u);  // t_1 .. t_4: 0 N at two or more rows near them

  // A force three communication points old is no step the snapshot could have held: at t_8 it is
  // t_5's 2250 N, 250 N from the nearest row it could be (t_6's 2500 N).
  EXPECT_NEAR(compare_with_trajectory(table_with({0, 0, 0, 0, 0, 0, 0, -3, 0, 0}), t).contact_force, 250.0,
              0.005);

  EXPECT_EQ(compare_with_trajectory(table_with({0, 0, 0, 0, 0, 0, 0, -3, 0, 0}), t).contact_none, 1u);

  // A capture that begins between the contact message and the status frame: the first row has no
  // force yet (NaN), counted apart and not taken for a difference.
  SensorTable late(contact_messages());
  for (int n = 1; n <= 3; ++n) {
    hil::SensorSnapshot snap;
    snap.t = n * 1e-3;
    snap.s = t.rows[static_cast<std::size_t>(n - 1)][2];
    snap.p1 = t.rows[static_cast<std::size_t>(n)][4];
    snap.p2 = t.rows[static_cast<std::size_t>(n)][5];
    snap.contact_force = t.rows[static_cast<std::size_t>(n)].back();
    std::vector<hil::Frame> out(encoder.size());
    encoder.encode({&snap, 1}, out);
    for (std::size_t i = n == 1 ? out.size() - 1 : 0; i < out.size(); ++i) late.add(0, out[i]);
  }
  const SensorDeviation from_late = compare_with_trajectory(late, t);
  EXPECT_EQ(from_late.matched, 3u);
  EXPECT_EQ(from_late.contact_unknown, 1u);
  EXPECT_EQ(from_late.contact_none, 0u);
  EXPECT_LE(from_late.contact_force, 0.005);

  // No contact columns in the CSV: not compared.
  EXPECT_FALSE(compare_with_trajectory(table_with({0, 0, 0}), trajectory(12)).contact);
}

}  // namespace
}  // namespace hilsim::tools
