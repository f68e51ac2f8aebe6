// The tool's reference path: sine-square bumps that arrive where they should, continuous pose and
// velocity across pieces, the velocity as the derivative of the pose, and a constant push.
#include "sim/contact/reference_path.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace hilsim::sim::contact {
namespace {

constexpr double kPi = std::numbers::pi;

ReferencePath three_moves() {
  ReferencePath path(Vec3(1.0, -0.2, 0.5 * kPi));
  path.move(Vec3(0.0, 0.0, -0.5 * kPi), 2.0).hold(0.5).move(Vec3(0.1, -0.3, 0.0), 1.5);
  path.ramp_to(Vec3(0.0, -0.1, 0.0), 0.2).cruise(1.0);
  return path;
}

TEST(ReferencePath, AMoveFollowsTheSineSquareBumpAndArrives) {
  ReferencePath path(Vec3(1.0, 0.0, 0.0));
  path.move(Vec3(0.2, -0.4, 0.3), 2.0);
  EXPECT_DOUBLE_EQ(path.duration(), 2.0);
  for (double t = 0.0; t <= 2.0; t += 0.1) {
    const double bump = std::pow(std::sin(kPi * t / 2.0), 2);  // v_peak = 2Δ/T = Δ per s
    const ReferenceSample s = path.sample(t);
    EXPECT_NEAR(s.velocity.x(), 0.2 * bump, 1e-14) << t;
    EXPECT_NEAR(s.velocity.y(), -0.4 * bump, 1e-14) << t;
    EXPECT_NEAR(s.velocity.z(), 0.3 * bump, 1e-14) << t;
  }
  EXPECT_LT((path.sample(2.0).pose - Vec3(1.2, -0.4, 0.3)).norm(), 1e-14);
  EXPECT_LT((path.sample(5.0).pose - Vec3(1.2, -0.4, 0.3)).norm(), 1e-14);  // holds after the end
  EXPECT_LT((path.sample(-1.0).pose - Vec3(1.0, 0.0, 0.0)).norm(), 1e-14);
}

TEST(ReferencePath, VelocityIsTheDerivativeOfThePoseAndBothAreContinuous) {
  const ReferencePath path = three_moves();
  const double dt = 1e-6;
  double worst_derivative = 0.0;
  double worst_jump = 0.0;
  for (double t = 0.0; t < path.duration() + 0.5; t += 0.01) {
    const Vec3 finite = (path.sample(t + dt).pose - path.sample(t - dt).pose) / (2.0 * dt);
    worst_derivative = std::max(worst_derivative, (finite - path.sample(t).velocity).norm());
  }
  // At every piece's boundary the two sides agree.
  for (const double t : {2.0, 2.5, 4.0, 4.2, 5.2}) {
    worst_jump = std::max(worst_jump, (path.sample(t + 1e-9).pose - path.sample(t - 1e-9).pose).norm());
    worst_jump =
        std::max(worst_jump, (path.sample(t + 1e-9).velocity - path.sample(t - 1e-9).velocity).norm());
  }
  EXPECT_LT(worst_derivative, 1e-8);
  EXPECT_LT(worst_jump, 1e-8);
}

TEST(ReferencePath, ARampReachesItsVelocityAndACruiseKeepsIt) {
  const ReferencePath path = three_moves();
  EXPECT_DOUBLE_EQ(path.duration(), 5.2);
  EXPECT_LT((path.sample(4.0).velocity).norm(), 1e-15);
  for (const double t : {4.2, 4.7, 5.2, 6.0}) {
    EXPECT_LT((path.sample(t).velocity - Vec3(0.0, -0.1, 0.0)).norm(), 1e-15) << t;
  }
  // The ramp covers half of what the final velocity would in its time: 0.01 m; the cruise 0.1 m.
  EXPECT_NEAR(path.sample(5.2).pose.y() - path.sample(4.0).pose.y(), -0.11, 1e-14);
  EXPECT_NEAR(path.sample(6.2).pose.y() - path.sample(5.2).pose.y(), -0.1, 1e-14);
}

TEST(ReferencePath, BadPiecesAreRefused) {
  ReferencePath path(Vec3::Zero());
  EXPECT_THROW(path.move(Vec3(1.0, 0.0, 0.0), 0.0), std::invalid_argument);
  EXPECT_THROW(path.hold(-1.0), std::invalid_argument);
  EXPECT_THROW(path.ramp_to(Vec3(NAN, 0.0, 0.0), 1.0), std::invalid_argument);
  path.ramp_to(Vec3(0.1, 0.0, 0.0), 1.0);
  EXPECT_THROW(path.move(Vec3(1.0, 0.0, 0.0), 1.0), std::invalid_argument);  // not at rest
  EXPECT_THROW(path.hold(1.0), std::invalid_argument);
  EXPECT_THROW(ReferencePath(Vec3(INFINITY, 0.0, 0.0)), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim::contact
