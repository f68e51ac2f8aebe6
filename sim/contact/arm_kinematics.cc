#include "sim/contact/arm_kinematics.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace hilsim::sim::contact {

ArmKinematics::ArmKinematics(const CraneParameters& crane, const InterfaceWeld& weld)
    : l1_(crane.L), l2_(crane.L_h), weld_(weld) {
  if (!(l1_ > 0.0) || !std::isfinite(l1_)) throw std::invalid_argument("arm kinematics: L must be > 0 m");
  if (!(l2_ > 0.0) || !std::isfinite(l2_)) throw std::invalid_argument("arm kinematics: L_h must be > 0 m");
  // With L = L_h the folded arm puts R on A, where θ1 is undefined: refused rather than special-cased.
  if (l1_ == l2_) throw std::invalid_argument("arm kinematics: L and L_h must differ");
}

Vec3 ArmKinematics::forward(const ArmAngles& a) const noexcept {
  const Vec2 r =
      l1_ * Vec2(std::cos(a.theta1), std::sin(a.theta1)) + l2_ * Vec2(std::cos(a.theta2), std::sin(a.theta2));
  const double theta_w = a.theta2 + a.wrist;
  const double theta = theta_w - weld_.angle;
  const Vec2 p = r + rotation(theta_w) * weld_.arm_point - rotation(theta) * weld_.tool_point;
  return {p.x(), p.y(), theta};
}

Vec2 ArmKinematics::wrist_point(const Vec3& pose) const noexcept {
  const double theta_w = pose.z() + weld_.angle;
  return pose.head<2>() + rotation(pose.z()) * weld_.tool_point - rotation(theta_w) * weld_.arm_point;
}

double ArmKinematics::cos_elbow(const Vec2& r) const noexcept {
  return (r.squaredNorm() - l1_ * l1_ - l2_ * l2_) / (2.0 * l1_ * l2_);
}

double ArmKinematics::reach_margin(const Vec3& pose) const noexcept {
  const double c = cos_elbow(wrist_point(pose));
  return std::abs(c) <= 1.0 ? std::sqrt(1.0 - c * c) : 1.0 - std::abs(c);
}

ArmAngles ArmKinematics::inverse(const Vec3& pose) const noexcept {
  const Vec2 r = wrist_point(pose);
  const double c = std::clamp(cos_elbow(r), -1.0, 1.0);
  const double phi = 2.0 * std::numbers::pi - std::acos(c);  // the branch φ ∈ [π, 2π]
  const double theta1 = std::atan2(r.y(), r.x()) - std::atan2(l2_ * std::sin(phi), l1_ + l2_ * std::cos(phi));
  const double theta2 = theta1 + phi;
  return {theta1, theta2, pose.z() + weld_.angle - theta2};
}

ArmAngles ArmKinematics::rates(const ArmAngles& at, const Vec3& pose, const Vec3& velocity) const noexcept {
  const Vec2 arm = wrist_point(pose) - pose.head<2>();  // from the tool frame to R
  const Vec2 r_dot = velocity.head<2>() + velocity.z() * Vec2(-arm.y(), arm.x());
  const double s1 = std::sin(at.theta1);
  const double c1 = std::cos(at.theta1);
  const double s2 = std::sin(at.theta2);
  const double c2 = std::cos(at.theta2);
  const double det = l1_ * l2_ * std::sin(at.theta2 - at.theta1);
  // Cramer's rule on [−L s1, −L_h s2; L c1, L_h c2] (θ̇1, θ̇2) = Ṙ.
  const double theta1_dot = l2_ * (c2 * r_dot.x() + s2 * r_dot.y()) / det;
  const double theta2_dot = -l1_ * (c1 * r_dot.x() + s1 * r_dot.y()) / det;
  return {theta1_dot, theta2_dot, velocity.z() - theta2_dot};
}

}  // namespace hilsim::sim::contact
