// The crane's arm as planar bodies: where its bodies sit and what they weigh against the crane's
// parameters, and the guided arm with a tool welded to its wrist following a reference path
// without contact to sub-millimetre accuracy.
#include "sim/contact/crane_arm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>

#include "sim/contact/coupled_systems.h"
#include "sim/contact/guided_driver.h"
#include "tests/sim/contact_task_runs.h"

namespace hilsim::sim::contact {
namespace {

constexpr double kPi = std::numbers::pi;

TEST(CraneArm, BodiesSitWhereTheCranesPointsAreAndWeighWhatTheCraneDoes) {
  const CraneParameters crane;
  const ArmAngles initial{crane.theta1_0, crane.theta2_0, 0.0};
  const CraneArm arm = build_crane_arm(crane, CraneArmSettings{}, initial);
  const PlanarSystem& s = arm.system;
  EXPECT_EQ(s.gravity, Vec2(0.0, -9.81));
  // Link 1: the rod's 200 kg at L/2 and m_p's 250 kg at L: centre of mass at 0.7778 m from A.
  const Vec2 u1(std::cos(kPi / 6.0), std::sin(kPi / 6.0));
  EXPECT_LT((s.bodies[arm.link1].q.head<2>() - (7.0 / 9.0) * u1).norm(), 1e-15);
  EXPECT_DOUBLE_EQ(s.bodies[arm.link1].mass(0, 0), 450.0);
  // About A: m L²/3 + m_p L² = 316.67 kg·m² = J_c + 450 c².
  const double j_a = s.bodies[arm.link1].mass(2, 2) + 450.0 * (7.0 / 9.0) * (7.0 / 9.0);
  EXPECT_NEAR(j_a, 200.0 / 3.0 + 250.0, 1e-12);
  // R hangs L_h under Q; link 2 and the wrist share m_h there.
  const Vec2 r(std::sqrt(3.0) / 2.0, 0.0);
  EXPECT_LT((s.bodies[arm.link2].q.head<2>() - r).norm(), 1e-15);
  EXPECT_LT((s.bodies[arm.wrist].q.head<2>() - r).norm(), 1e-15);
  EXPECT_DOUBLE_EQ(s.bodies[arm.link2].mass(0, 0) + s.bodies[arm.wrist].mass(0, 0), crane.m_h);
  EXPECT_EQ(s.servos.size(), 3u);
  EXPECT_DOUBLE_EQ(s.servos[arm.joint2_servo].angle_ref, crane.theta2_0 - crane.theta1_0);
}

TEST(CraneArm, TheHydraulicArmLeavesJointsOneAndTwoToAppliedForces) {
  const CraneParameters crane;
  CraneArmSettings settings;
  settings.drive = ArmJointDrive::kAppliedForces;
  const CraneArm arm = build_crane_arm(crane, settings, {crane.theta1_0, crane.theta2_0, 0.0});
  EXPECT_EQ(arm.joint1_servo, -1);
  EXPECT_EQ(arm.joint2_servo, -1);
  ASSERT_EQ(arm.system.servos.size(), 1u);
  EXPECT_EQ(arm.system.servos[arm.wrist_servo].body_b, arm.wrist);
  const ArmKinematics k(crane, InterfaceWeld{});
  EXPECT_THROW(GuidedArmDriver(ReferencePath(k.forward({crane.theta1_0, crane.theta2_0, 0.0})), k, arm),
               std::invalid_argument);
}

TEST(CraneArm, SettingsOutOfRangeAreRefused) {
  const CraneParameters crane;
  CraneArmSettings settings;
  settings.wrist_mass = crane.m_h;
  EXPECT_THROW(build_crane_arm(crane, settings, {}), std::invalid_argument);
  settings = CraneArmSettings{};
  settings.wrist.torque_limit = 0.0;
  EXPECT_THROW(build_crane_arm(crane, settings, {}), std::invalid_argument);
  CraneParameters massless = crane;
  massless.m = 0.0;
  EXPECT_THROW(build_crane_arm(massless, CraneArmSettings{}, {}), std::invalid_argument);
}

// A 40 kg tool hung 0.3 m under R, carried through a turn and a reach without touching anything.
TEST(CraneArm, TheGuidedArmFollowsItsReferenceToSubMillimetreWithoutContact) {
  const CraneParameters crane;
  CoupledSystems systems;
  systems.weld = {Vec2::Zero(), Vec2(0.0, 0.3), 1.5 * kPi};
  const ArmKinematics k(crane, systems.weld);
  const Vec3 start = k.forward({crane.theta1_0, crane.theta2_0, 0.0});
  CraneArm arm = build_crane_arm(crane, CraneArmSettings{}, k.inverse(start));
  systems.arm = arm.system;
  systems.arm_body = arm.wrist;
  systems.tool.gravity = systems.arm.gravity;
  systems.tool.add_body(kinematic_body("world"));
  systems.tool_body = systems.tool.add_body(rigid_body("tool", 40.0, 1.2, start));
  ReferencePath path(start);
  path.hold(0.2).move(Vec3(0.0, 0.0, -0.5 * kPi), 2.0).move(Vec3(-0.2, -0.3, 0.3), 2.5).hold(0.5);
  GuidedArmDriver driver(path, k, arm);
  test_scenes::GuidedRun run(join(systems), driver, 1e-3);
  const int tool = joined_tool_body(systems, systems.tool_body);
  double worst_position = 0.0;
  double worst_angle = 0.0;
  while (run.time() < path.duration() - 1e-9) {
    run.step();
    const Vec3 error = run.system.bodies[tool].q - path.sample(run.time()).pose;
    worst_position = std::max(worst_position, error.head<2>().norm());
    worst_angle = std::max(worst_angle, std::abs(error.z()));
  }
  std::printf("guided arm without contact: worst tool error %.3g mm, %.3g mrad\n", 1e3 * worst_position,
              1e3 * worst_angle);
  EXPECT_EQ(run.unsolved, 0);
  EXPECT_LT(worst_position, 1e-4);  // 0.1 mm
  EXPECT_LT(worst_angle, 1e-4);     // 0.1 mrad
  EXPECT_LT(run.system.bodies[tool].v.norm(), 1e-3);
}

}  // namespace
}  // namespace hilsim::sim::contact
