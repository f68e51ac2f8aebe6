// Comparison with a reference curve and the sweep's stability verdict.
#include "sim/analysis/trajectory.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sim/analysis/stability.h"

namespace hilsim::sim {
namespace {

Sample sample(double t, double s1, double p = 4e6) {
  Sample s;
  s.t = t;
  s.cyl[0].s = s1;
  s.cyl[0].p1 = p;
  s.cyl[0].p2 = p;
  s.cyl[0].f_h = 0.0;
  return s;
}

TEST(Trajectory, InterpolatesTheSimulationAtReferenceTimes) {
  // s1 = t on a 0.3 s grid compared with s1_ref = t on a 0.1 s grid: no deviation.
  std::vector<Sample> samples;
  for (int i = 0; i <= 10; ++i) samples.push_back(sample(0.3 * i, 0.3 * i));
  ReferenceCurve ref;
  for (int i = 0; i <= 40; ++i) {  // up to 4 s, past the last sample (3 s): ignored
    ref.t.push_back(0.1 * i);
    ref.s1.push_back(0.1 * i);
    ref.p1.push_back(4e6);
    ref.f_h.push_back(0.0);
  }
  const TrajectoryDeviation d = compare_with_reference(samples, ref);
  EXPECT_EQ(d.points_compared, 31u);
  EXPECT_LT(d.s1.value, 1e-12);
  EXPECT_TRUE(d.finite);
}

TEST(Trajectory, ReportsTheLargestDeviationAndWhere) {
  std::vector<Sample> samples = {sample(0, 0), sample(1, 0.2), sample(2, 0)};
  const ReferenceCurve ref = reference_from_samples({sample(0, 0), sample(1, 0), sample(2, 0)});
  const TrajectoryDeviation d = compare_with_reference(samples, ref);
  EXPECT_DOUBLE_EQ(d.s1.value, 0.2);
  EXPECT_DOUBLE_EQ(d.s1.t, 1.0);
}

TEST(Trajectory, ComparesAtCommunicationPointsWithoutInterpolatingTheRun) {
  // s1 = sin(2π·2t) sampled exactly every 0.1 s against the same curve every 1 ms: no deviation at
  // the samples, where interpolating the samples between them is off by more than 1 mm.
  const auto curve = [](double t) { return 0.01 * std::sin(4.0 * M_PI * t); };  // [m]
  std::vector<Sample> samples;
  for (int i = 0; i <= 20; ++i) samples.push_back(sample(0.1 * i, curve(0.1 * i)));
  ReferenceCurve ref;
  for (int i = 0; i <= 2500; ++i) {  // to 2.5 s, past the last sample: ignored
    ref.t.push_back(1e-3 * i);
    ref.s1.push_back(curve(1e-3 * i));
    ref.p1.push_back(4e6);
    ref.f_h.push_back(0.0);
  }
  const TrajectoryDeviation at_points = compare_at_communication_points(samples, ref);
  EXPECT_EQ(at_points.points_compared, 21U);
  EXPECT_LT(at_points.s1.value, 1e-15);
  EXPECT_GT(compare_with_reference(samples, ref).s1.value, 1e-3);  // the interpolation's error [m]
  // Between the reference's times the reference is interpolated.
  samples = {sample(0.0105, curve(0.0105))};
  EXPECT_NEAR(compare_at_communication_points(samples, ref).s1.value, 0.0, 1e-6);
}

TEST(Stability, FlagsDeviationPressureAndNonFiniteRuns) {
  const ReferenceCurve ref = reference_from_samples({sample(0, 0.5), sample(1, 0.5)});
  EXPECT_TRUE(assess_stability({sample(0, 0.5), sample(1, 0.54)}, false, ref).stable);
  EXPECT_FALSE(assess_stability({sample(0, 0.5), sample(1, 0.56)}, false, ref).stable);
  EXPECT_FALSE(assess_stability({sample(0, 0.5), sample(1, 0.5, -1e5)}, false, ref).stable);
  EXPECT_FALSE(assess_stability({sample(0, 0.5), sample(1, 0.5, 21e6)}, false, ref).stable);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(assess_stability({sample(0, 0.5), sample(1, nan)}, false, ref).stable);
  EXPECT_FALSE(assess_stability({sample(0, 0.5)}, true, ref).stable);
}

}  // namespace
}  // namespace hilsim::sim
