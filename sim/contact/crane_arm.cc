#include "sim/contact/crane_arm.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace hilsim::sim::contact {
namespace {

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("crane arm: " + message);
}

void check_inputs(const CraneParameters& crane, const CraneArmSettings& s) {
  require(crane.L > 0.0 && std::isfinite(crane.L), "L must be finite and > 0 m");
  require(crane.L_h > 0.0 && std::isfinite(crane.L_h), "L_h must be finite and > 0 m");
  require(crane.m > 0.0 && std::isfinite(crane.m), "m must be finite and > 0 kg (link 1 needs an inertia)");
  require(crane.m_p >= 0.0 && std::isfinite(crane.m_p), "m_p must be finite and ≥ 0 kg");
  require(crane.g >= 0.0 && std::isfinite(crane.g), "g must be finite and ≥ 0 m/s²");
  require(s.wrist_mass > 0.0 && s.wrist_mass < crane.m_h,
          "wrist_mass must be in (0, m_h) kg: the wrist carries part of m_h");
  require(s.link2_inertia > 0.0 && std::isfinite(s.link2_inertia),
          "link2_inertia must be finite and > 0 kg·m²");
  require(s.wrist_inertia > 0.0 && std::isfinite(s.wrist_inertia),
          "wrist_inertia must be finite and > 0 kg·m²");
}

int add_servo(PlanarSystem& system, int a, int b, double angle, const ArmServoSettings& s, const char* name) {
  check_compliance({s.stiffness, s.damping}, std::string("crane arm: ") + name + " servo");
  require(s.torque_limit > 0.0, std::string(name) + " servo: torque_limit must be > 0 N·m");
  return system.add_servo(Servo{a, b, angle, 0.0, s.torque_limit, {s.stiffness, s.damping}});
}

}  // namespace

CraneArm build_crane_arm(const CraneParameters& crane, const CraneArmSettings& settings,
                         const ArmAngles& initial) {
  check_inputs(crane, settings);
  const double l = crane.L;
  const double m1 = crane.m + crane.m_p;
  const double c = (crane.m * 0.5 * l + crane.m_p * l) / m1;  // A to link 1's centre of mass [m]
  const double j1 = crane.m * l * l / 12.0 + crane.m * (0.5 * l - c) * (0.5 * l - c) +
                    crane.m_p * (l - c) * (l - c);  // [kg·m²]
  const Vec2 u1(std::cos(initial.theta1), std::sin(initial.theta1));
  const Vec2 r = l * u1 + crane.L_h * Vec2(std::cos(initial.theta2), std::sin(initial.theta2));
  const double theta_w = initial.theta2 + initial.wrist;

  CraneArm arm;
  PlanarSystem& s = arm.system;
  s.gravity = Vec2(0.0, -crane.g);
  arm.world = s.add_body(kinematic_body("world"));
  arm.link1 = s.add_body(rigid_body("link 1", m1, j1, Vec3(c * u1.x(), c * u1.y(), initial.theta1)));
  arm.link2 = s.add_body(rigid_body("link 2", crane.m_h - settings.wrist_mass, settings.link2_inertia,
                                    Vec3(r.x(), r.y(), initial.theta2)));
  arm.wrist = s.add_body(
      rigid_body("wrist", settings.wrist_mass, settings.wrist_inertia, Vec3(r.x(), r.y(), theta_w)));
  s.add_revolute({arm.world, arm.link1, Vec2::Zero(), Vec2(-c, 0.0), {}});              // A
  s.add_revolute({arm.link1, arm.link2, Vec2(l - c, 0.0), Vec2(-crane.L_h, 0.0), {}});  // Q
  s.add_revolute({arm.link2, arm.wrist, Vec2::Zero(), Vec2::Zero(), {}});               // R
  if (settings.drive == ArmJointDrive::kServos) {
    arm.joint1_servo = add_servo(s, arm.world, arm.link1, initial.theta1, settings.joint1, "joint 1");
    arm.joint2_servo =
        add_servo(s, arm.link1, arm.link2, initial.theta2 - initial.theta1, settings.joint2, "joint 2");
  }
  arm.wrist_servo = add_servo(s, arm.link2, arm.wrist, initial.wrist, settings.wrist, "wrist");
  return arm;
}

}  // namespace hilsim::sim::contact
