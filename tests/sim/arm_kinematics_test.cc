// The arm's inverse kinematics against its forward kinematics (a grid of reachable poses), the
// crane's initial configuration, and the joint rates against finite differences of the inverse.
#include "sim/contact/arm_kinematics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace hilsim::sim::contact {
namespace {

constexpr double kPi = std::numbers::pi;

// A tool welded off the wrist's axis and turned against it, so that every term of the weld counts.
InterfaceWeld offset_weld() { return {Vec2(0.05, -0.02), Vec2(0.1, 0.3), 1.2}; }

TEST(ArmKinematics, ForwardOfTheInverseReturnsThePoseOverTheWorkspace) {
  const CraneParameters crane;
  const ArmKinematics k(crane, offset_weld());
  int checked = 0;
  double worst_position = 0.0;
  double worst_angle = 0.0;
  for (double x = -0.4; x <= 1.8; x += 0.05) {
    for (double y = -1.6; y <= 1.6; y += 0.05) {
      for (double theta = -2.0 * kPi; theta <= 2.0 * kPi; theta += 0.7) {
        const Vec3 pose(x, y, theta);
        if (!k.reachable(pose, 1e-3)) continue;
        const Vec3 back = k.forward(k.inverse(pose));
        worst_position = std::max(worst_position, (back.head<2>() - pose.head<2>()).norm());
        worst_angle = std::max(worst_angle, std::abs(back.z() - pose.z()));
        ++checked;
      }
    }
  }
  std::printf("forward(inverse(pose)): %d poses, worst %.3g m, %.3g rad\n", checked, worst_position,
              worst_angle);
  EXPECT_GT(checked, 10000);
  EXPECT_LT(worst_position, 1e-12);
  EXPECT_LT(worst_angle, 1e-12);
}

TEST(ArmKinematics, TheCranesInitialConfigurationIsOnTheChosenBranch) {
  const CraneParameters crane;
  const InterfaceWeld weld{Vec2::Zero(), Vec2(0.0, 0.1), 1.5 * kPi};
  const ArmKinematics k(crane, weld);
  const ArmAngles initial{crane.theta1_0, crane.theta2_0, 0.0};
  const Vec3 pose = k.forward(initial);
  const ArmAngles back = k.inverse(pose);
  EXPECT_NEAR(back.theta1, crane.theta1_0, 1e-12);
  EXPECT_NEAR(back.theta2, crane.theta2_0, 1e-12);
  EXPECT_NEAR(back.wrist, 0.0, 1e-12);
  // R hangs L_h under Q; the tool hangs 0.1 m under R, unturned.
  EXPECT_NEAR(k.wrist_point(pose).x(), std::sqrt(3.0) / 2.0, 1e-12);
  EXPECT_NEAR(k.wrist_point(pose).y(), 0.0, 1e-12);
  EXPECT_NEAR(pose.y(), -0.1, 1e-12);
  EXPECT_NEAR(pose.z(), 0.0, 1e-12);
}

TEST(ArmKinematics, JointRatesMatchFiniteDifferencesOfTheInverse) {
  const ArmKinematics k(CraneParameters{}, offset_weld());
  const Vec3 pose(1.0, -0.3, 0.4);
  const Vec3 velocity(0.3, -0.2, 0.5);
  const double dt = 1e-6;
  const ArmAngles a = k.inverse(pose - dt * velocity);
  const ArmAngles b = k.inverse(pose + dt * velocity);
  const ArmAngles r = k.rates(k.inverse(pose), pose, velocity);
  EXPECT_NEAR(r.theta1, (b.theta1 - a.theta1) / (2.0 * dt), 1e-7);
  EXPECT_NEAR(r.theta2, (b.theta2 - a.theta2) / (2.0 * dt), 1e-7);
  EXPECT_NEAR(r.wrist, (b.wrist - a.wrist) / (2.0 * dt), 1e-7);
  EXPECT_GT(std::abs(r.theta1) + std::abs(r.theta2), 0.1);
}

TEST(ArmKinematics, ReachFollowsTheAnnulusOfTheTwoLinks) {
  const ArmKinematics k(CraneParameters{}, InterfaceWeld{});  // the tool frame at R
  EXPECT_TRUE(k.reachable(Vec3(1.0, 0.0, 0.0), 0.5));
  EXPECT_NEAR(k.reach_margin(Vec3(1.5, 0.0, 0.0)), 0.0, 1e-7);  // stretched
  EXPECT_NEAR(k.reach_margin(Vec3(0.0, 0.5, 0.0)), 0.0, 1e-7);  // folded
  EXPECT_LT(k.reach_margin(Vec3(1.6, 0.0, 0.0)), 0.0);
  EXPECT_LT(k.reach_margin(Vec3(0.3, 0.0, 0.0)), 0.0);
}

TEST(ArmKinematics, EqualLinksOrAZeroLengthAreRefused) {
  CraneParameters crane;
  crane.L_h = crane.L;
  EXPECT_THROW(ArmKinematics(crane, InterfaceWeld{}), std::invalid_argument);
  crane.L_h = 0.0;
  EXPECT_THROW(ArmKinematics(crane, InterfaceWeld{}), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim::contact
