#include "sim/contact/hydraulic_driver.h"

#include <stdexcept>
#include <utility>

#include "sim/model/crane_model.h"

namespace hilsim::sim::contact {
namespace {

// (F_x, F_y, τ) of the force f [N] at the point p on a body whose centre of mass is at c [m].
Vec3 force_at(const Vec2& f, const Vec2& p, const Vec2& c) {
  const Vec2 r = p - c;
  return Vec3(f.x(), f.y(), r.x() * f.y() - r.y() * f.x());
}

}  // namespace

HydraulicArmDriver::HydraulicArmDriver(const CraneParameters& crane, const CraneArm& arm,
                                       ReferencePath tool_path, double weld_angle,
                                       const Eigen::Vector2d& f_h0)
    : crane_(crane),
      link1_(arm.link1),
      link2_(arm.link2),
      wrist_servo_(arm.wrist_servo),
      link1_centre_(arm.system.bodies.at(arm.link1).q.head<2>().norm()),
      path_(std::move(tool_path)),
      weld_angle_(weld_angle),
      f_h_(f_h0) {
  if (arm.joint1_servo >= 0 || arm.joint2_servo >= 0 || wrist_servo_ < 0) {
    throw std::invalid_argument(
        "hydraulic arm driver: the arm needs joints 1 and 2 without servos and a wrist servo "
        "(ArmJointDrive::kAppliedForces)");
  }
  crane_.actuators = 2;
}

Eigen::Vector2d HydraulicArmDriver::angles(const PlanarSystem& arm) const noexcept {
  return {arm.bodies[link1_].q[2], arm.bodies[link2_].q[2]};
}

Eigen::Vector2d HydraulicArmDriver::rates(const PlanarSystem& arm) const noexcept {
  return {arm.bodies[link1_].v[2], arm.bodies[link2_].v[2]};
}

void HydraulicArmDriver::apply_forces(PlanarSystem& arm) const noexcept {
  const Eigen::Vector2d q = angles(arm);
  const CraneTrig trig = crane_trig(q);
  const CranePoints at = crane_points(crane_, trig);
  const Vec2 B(crane_.x_B, crane_.y_B);
  const Vec2 M = 0.5 * (at.Q + at.R);                          // the middle of link 2
  const Vec2 e1 = (at.P - B).normalized();                     // cylinder 1's axis, B → P
  const Vec2 e2 = (M - at.P).normalized();                     // cylinder 2's axis, P → M
  const Vec2 c1 = link1_centre_ * Vec2(trig.cos1, trig.sin1);  // link 1's centre of mass
  arm.bodies[link1_].applied = force_at(f_h_[0] * e1 - f_h_[1] * e2, at.P, c1);
  arm.bodies[link2_].applied = force_at(f_h_[1] * e2, M, at.R);  // link 2's frame is at R
}

void HydraulicArmDriver::update(double t, PlanarSystem& arm) {
  const ReferenceSample r = path_.sample(t);
  const PlanarBody& link2 = arm.bodies[link2_];
  Servo& wrist = arm.servos[wrist_servo_];
  wrist.angle_ref = r.pose[2] + weld_angle_ - link2.q[2];
  wrist.rate_ref = r.velocity[2] - link2.v[2];
  apply_forces(arm);
}

void HydraulicArmDriver::set_inputs(std::span<const double> u, PlanarSystem& arm) {
  f_h_ = Eigen::Vector2d(u[0], u[1]);
  apply_forces(arm);
}

void HydraulicArmDriver::get_outputs(const PlanarSystem& arm, std::span<double> y) const {
  const Eigen::Vector2d q = angles(arm);
  const Eigen::Vector2d q_dot = rates(arm);
  for (std::size_t k = 0; k < 2; ++k) {
    const ActuatorKinematics a = actuator_kinematics(crane_, q, q_dot, static_cast<int>(k));
    y[2 * k] = a.s;
    y[2 * k + 1] = a.s_dot;
  }
}

void HydraulicArmDriver::probe(const PlanarSystem& arm, std::span<double> out) const {
  const Eigen::Vector2d q = angles(arm);
  const Eigen::Vector2d q_dot = rates(arm);
  out[0] = q[0];
  out[1] = q[1];
  for (std::size_t k = 0; k < 2; ++k) {
    const ActuatorKinematics a = actuator_kinematics(crane_, q, q_dot, static_cast<int>(k));
    out[2 + k] = a.s;
    out[4 + k] = a.s_dot;
  }
}

}  // namespace hilsim::sim::contact
