// Manoeuvres M1 and M2 against eq. (19)–(20) and the benchmark authors' κ files.
#include "sim/manoeuvre/valve_command.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/manoeuvre/recorded_valve_command.h"
#include "tools/io/csv_table.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::sim {
namespace {

const std::string kLim = std::string(HILSIM_SOURCE_DIR) + "/config/reference/lim/";
constexpr double kKappa0 = 0.45434559;

TEST(ValveCommand, M1FollowsEquationNineteen) {
  const StepManoeuvreM1 m1(kKappa0);
  EXPECT_DOUBLE_EQ(m1.at(0.0), kKappa0);
  EXPECT_DOUBLE_EQ(m1.at(2.0), kKappa0);
  EXPECT_NEAR(m1.at(2.0005), kKappa0 - 0.005, 1e-12);  // mid first ramp (t_r = 1 ms)
  EXPECT_NEAR(m1.at(2.001), kKappa0 - 0.01, 1e-12);
  EXPECT_NEAR(m1.at(4.0), kKappa0 - 0.01, 1e-15);
  EXPECT_NEAR(m1.at(6.001), kKappa0 - 0.01 + 0.015, 1e-12);  // mid second ramp (2 t_r)
  EXPECT_NEAR(m1.at(6.002), kKappa0 + 0.02, 1e-12);
  EXPECT_NEAR(m1.at(9.0), kKappa0 + 0.02, 1e-15);
}

TEST(ValveCommand, M1MatchesTheAuthorsBreakpoints) {
  // hydraulicManipulator_kappa.csv holds the plot's breakpoints (0, 2, 2.01, 6, 6.01, 10 s); the
  // ramps of eq. (19) end 1 ms and 2 ms after t_a and t_b, so every breakpoint is on a plateau.
  const auto points = io::read_kappa_table(kLim + "hydraulicManipulator_kappa.csv");
  ASSERT_EQ(points.size(), 6u);
  const StepManoeuvreM1 m1(points.front().kappa);
  for (const auto& p : points) EXPECT_NEAR(m1.at(p.t), p.kappa, 1e-12) << "t = " << p.t;
}

TEST(ValveCommand, M2MatchesTheAuthorsSamplesAtTwoHertz) {
  const auto points = io::read_kappa_table(kLim + "hydraulicManipulator_kappaM2.csv");
  ASSERT_EQ(points.size(), 1001u);
  const SinusoidalManoeuvreM2 m2(kKappa0);
  double max_dev = 0.0;
  for (const auto& p : points) max_dev = std::max(max_dev, std::abs(m2.at(p.t) - p.kappa));
  EXPECT_LT(max_dev, 5e-6);  // the file rounds κ to 5 decimals
  // The "ω = 2 rad/s" reading, sin(2 t), does not fit the data.
  double max_dev_rad = 0.0;
  for (const auto& p : points) {
    const double A = p.t <= 1 ? 0.1 * p.t : p.t <= 8 ? 0.1 : p.t <= 9 ? 0.1 * (9 - p.t) : 0.0;
    max_dev_rad = std::max(max_dev_rad, std::abs(kKappa0 * (1 - A * std::sin(2 * p.t)) - p.kappa));
  }
  EXPECT_GT(max_dev_rad, 0.05);
}

TEST(ValveCommand, TableInterpolatesAndHoldsItsEnds) {
  const TableManoeuvre table({{0.0, 0.4}, {1.0, 0.6}, {3.0, 0.5}});
  EXPECT_DOUBLE_EQ(table.at(-1.0), 0.4);
  EXPECT_DOUBLE_EQ(table.at(0.5), 0.5);
  EXPECT_DOUBLE_EQ(table.at(1.0), 0.6);
  EXPECT_DOUBLE_EQ(table.at(2.0), 0.55);
  EXPECT_DOUBLE_EQ(table.at(10.0), 0.5);
}

TEST(ValveCommand, TableRejectsBadRows) {
  EXPECT_THROW(TableManoeuvre({}), std::invalid_argument);
  EXPECT_THROW(TableManoeuvre({{0.0, 0.4}, {0.0, 0.5}}), std::invalid_argument);
  EXPECT_THROW(TableManoeuvre({{0.0, 1.2}}), std::invalid_argument);
  EXPECT_THROW(TableManoeuvre({{0.0, -0.1}}), std::invalid_argument);
}

TEST(ValveCommand, RecordedEntriesHoldFromTheirMicroStep) {
  const RecordedValveCommand rec({{0, 0.45}, {10, 0.5}, {11, 0.55}, {400, 0.4}});
  EXPECT_EQ(rec.kappa(0, 99.0), 0.45);  // the step decides, not the time
  EXPECT_EQ(rec.kappa(9, 0.0), 0.45);
  EXPECT_EQ(rec.kappa(10, 0.0), 0.5);
  EXPECT_EQ(rec.kappa(11, 0.0), 0.55);
  EXPECT_EQ(rec.kappa(399, 0.0), 0.55);
  EXPECT_EQ(rec.kappa(400, 0.0), 0.4);
  EXPECT_EQ(rec.kappa(1'000'000, 0.0), 0.4);
  const RecordedValveCommand late({{5, 0.3}});
  EXPECT_EQ(late.kappa(0, 0.0), 0.3);  // before the first entry: its value
}

TEST(ValveCommand, RecordedEntriesAreValidated) {
  using E = RecordedValveCommand::Entry;
  EXPECT_THROW(RecordedValveCommand(std::vector<E>{}), std::invalid_argument);
  EXPECT_THROW(RecordedValveCommand({{-1, 0.4}}), std::invalid_argument);
  EXPECT_THROW(RecordedValveCommand({{3, 0.4}, {3, 0.5}}), std::invalid_argument);
  EXPECT_THROW(RecordedValveCommand({{3, 0.4}, {2, 0.5}}), std::invalid_argument);
  EXPECT_THROW(RecordedValveCommand({{0, std::nan("")}}), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim
