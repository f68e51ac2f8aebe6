#include "sim/contact/servoed_arm_machine.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace hilsim::sim::contact {
namespace {

constexpr double kL1 = 1.0, kL2 = 0.8;                              // link lengths [m]
constexpr double kM1 = 8.0, kM2 = 5.0, kMWrist = 1.0, kMBox = 4.0;  // [kg]
constexpr double kJWrist = 0.005;                                   // [kg·m²]
constexpr double kBoxWidth = 0.3, kBoxHeight = 0.2;                 // [m]
constexpr double kWeldDrop = 0.05;                                  // the weld under the wrist pivot [m]
constexpr double kG = 9.81;                                         // [m/s²]
const Vec2 kShoulder(0.0, 0.8);                                     // [m]

// Position and rate of one sine-square leg of length d [m] from t0 to t1 [s].
struct Leg {
  double t0, t1, d;
  double at(double t) const {
    const double tau = std::clamp((t - t0) / (t1 - t0), 0.0, 1.0);
    return d * (tau - std::sin(2.0 * std::numbers::pi * tau) / (2.0 * std::numbers::pi));
  }
  double rate(double t) const {
    const double tau = std::clamp((t - t0) / (t1 - t0), 0.0, 1.0);
    return d / (t1 - t0) * (1.0 - std::cos(2.0 * std::numbers::pi * tau));
  }
};

// The wrist pivot's height at t = 0: the box's bottom `lift` above the floor.
double start_y(const ServoedArmParameters& p) { return p.lift + kBoxHeight + kWeldDrop; }

// The joint angles and rates: θ1 (link 1 absolute), φ (link 2 relative to link 1) [rad, rad/s].
struct Joints {
  double theta1, phi, theta1_dot, phi_dot;
};

Joints inverse_kinematics(const Vec2& p, const Vec2& p_dot) {
  const Vec2 d = p - kShoulder;
  const double c = std::clamp((d.squaredNorm() - kL1 * kL1 - kL2 * kL2) / (2.0 * kL1 * kL2), -1.0, 1.0);
  const double phi = -std::acos(c);  // elbow up
  const double theta1 = std::atan2(d.y(), d.x()) - std::atan2(kL2 * std::sin(phi), kL1 + kL2 * std::cos(phi));
  const double a2 = theta1 + phi;
  Eigen::Matrix2d jac;  // ∂p/∂(θ1, φ)
  jac << -kL1 * std::sin(theta1) - kL2 * std::sin(a2), -kL2 * std::sin(a2),
      kL1 * std::cos(theta1) + kL2 * std::cos(a2), kL2 * std::cos(a2);
  const Vec2 rates = jac.partialPivLu().solve(p_dot);
  return {theta1, phi, rates.x(), rates.y()};
}

struct Reference {
  Vec2 p, p_dot;
};

Reference reference(const ServoedArmParameters& prm, double t) {
  const Leg down{0.2, 1.2, -(prm.lift + prm.press)};
  const Leg along{1.4, 2.4, prm.slide};
  return {Vec2(prm.start_x + along.at(t), start_y(prm) + down.at(t)), Vec2(along.rate(t), down.rate(t))};
}

void set_servos(const Joints& j, PlanarSystem& arm) {
  arm.servos[0].angle_ref = j.theta1;
  arm.servos[0].rate_ref = j.theta1_dot;
  arm.servos[1].angle_ref = j.phi;
  arm.servos[1].rate_ref = j.phi_dot;
  arm.servos[2].angle_ref = -(j.theta1 + j.phi);  // the wrist level: θ_w = 0
  arm.servos[2].rate_ref = -(j.theta1_dot + j.phi_dot);
}

PlanarSystem arm_system(const ServoedArmParameters& prm, const Joints& j) {
  PlanarSystem arm;
  arm.gravity = Vec2(0.0, -kG);
  const double a2 = j.theta1 + j.phi;
  const Vec2 e1(std::cos(j.theta1), std::sin(j.theta1)), e2(std::cos(a2), std::sin(a2));
  const Vec2 c1 = kShoulder + 0.5 * kL1 * e1, c2 = kShoulder + kL1 * e1 + 0.5 * kL2 * e2;
  const Vec2 wrist = kShoulder + kL1 * e1 + kL2 * e2;
  const int world = arm.add_body(kinematic_body("world"));
  const int l1 =
      arm.add_body(rigid_body("link 1", kM1, kM1 * kL1 * kL1 / 12.0, Vec3(c1.x(), c1.y(), j.theta1)));
  const int l2 = arm.add_body(rigid_body("link 2", kM2, kM2 * kL2 * kL2 / 12.0, Vec3(c2.x(), c2.y(), a2)));
  const int w = arm.add_body(rigid_body("wrist", kMWrist, kJWrist, Vec3(wrist.x(), wrist.y(), 0.0)));
  arm.add_revolute({world, l1, kShoulder, Vec2(-0.5 * kL1, 0.0), {}});
  arm.add_revolute({l1, l2, Vec2(0.5 * kL1, 0.0), Vec2(-0.5 * kL2, 0.0), {}});
  arm.add_revolute({l2, w, Vec2(0.5 * kL2, 0.0), Vec2::Zero(), {}});
  const RowCompliance servo{prm.servo_stiffness, prm.servo_damping};
  arm.add_servo({world, l1, 0.0, 0.0, kInfinity, servo});
  arm.add_servo({l1, l2, 0.0, 0.0, kInfinity, servo});
  arm.add_servo({l2, w, 0.0, 0.0, kInfinity, servo});
  set_servos(j, arm);
  return arm;
}

PlanarSystem tool_system(const ServoedArmParameters& prm, const Vec2& wrist) {
  PlanarSystem tool;
  tool.gravity = Vec2(0.0, -kG);
  const int world = tool.add_body(kinematic_body("world"));
  const Vec2 centre = wrist - Vec2(0.0, kWeldDrop + 0.5 * kBoxHeight);
  const double inertia = kMBox * (kBoxWidth * kBoxWidth + kBoxHeight * kBoxHeight) / 12.0;
  const int box = tool.add_body(rigid_body("box", kMBox, inertia, Vec3(centre.x(), centre.y(), 0.0)));
  const double hw = 0.5 * kBoxWidth, hh = 0.5 * kBoxHeight;
  const int corners = tool.add_polygon({box, {Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)}});
  const int floor = tool.add_segment({world, Vec2(-1.0, 0.0), Vec2(3.0, 0.0)});
  const int wall = tool.add_segment({world, Vec2(prm.wall_x(), -0.05), Vec2(prm.wall_x(), 1.0)});
  tool.add_pair({corners, floor, prm.friction});
  tool.add_pair({corners, wall, prm.friction});
  return tool;
}

}  // namespace

CoupledSystems servoed_arm_machine(const ServoedArmParameters& p) {
  const Reference r = reference(p, 0.0);
  CoupledSystems s;
  s.arm = arm_system(p, inverse_kinematics(r.p, r.p_dot));
  s.arm_body = 3;
  s.tool = tool_system(p, r.p);
  s.tool_body = 1;
  s.weld = InterfaceWeld{Vec2(0.0, -kWeldDrop), Vec2(0.0, 0.5 * kBoxHeight), 0.0};
  return s;
}

void ServoedArmDriver::update(double t, PlanarSystem& arm) {
  const Reference r = reference(p_, t);
  set_servos(inverse_kinematics(r.p, r.p_dot), arm);
}

}  // namespace hilsim::sim::contact
