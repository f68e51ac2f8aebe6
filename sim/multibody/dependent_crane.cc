#include "sim/multibody/dependent_crane.h"

#include <cmath>

namespace hilsim::sim::dependent {

VecX coordinates_from_angles(const CraneParameters& par, double theta1, double theta2) {
  const double x_Q = par.L * std::cos(theta1), y_Q = par.L * std::sin(theta1);
  VecX x;
  x << 0.5 * x_Q, 0.5 * y_Q, theta1, x_Q + par.L_h * std::cos(theta2), y_Q + par.L_h * std::sin(theta2);
  return x;
}

Eigen::Vector2d angles_from_coordinates(const CraneParameters& par, const VecX& x) {
  const double x_Q = par.L * std::cos(x[kTheta1]), y_Q = par.L * std::sin(x[kTheta1]);
  return Eigen::Vector2d(x[kTheta1], std::atan2(x[kYR] - y_Q, x[kXR] - x_Q));
}

MatX mass_matrix(const CraneParameters& par) {
  VecX diag;
  diag << 0.0, 0.0, par.L * par.L * (par.m / 3.0 + par.m_p), par.m_h, par.m_h;
  return diag.asDiagonal();
}

VecX gravity_forces(const CraneParameters& par, const VecX& x) {
  VecX g;
  g << 0.0, -par.m * par.g, -par.m_p * par.g * par.L * std::cos(x[kTheta1]), 0.0, -par.m_h * par.g;
  return g;
}

VecC constraints(const CraneParameters& par, const VecX& x) {
  const double c = std::cos(x[kTheta1]), s = std::sin(x[kTheta1]);
  const double dx = x[kXR] - par.L * c, dy = x[kYR] - par.L * s;
  VecC phi;
  phi << par.L * c - 2.0 * x[kXP], par.L * s - 2.0 * x[kYP], dx * dx + dy * dy - par.L_h * par.L_h;  // (21b)
  return phi;
}

MatCX constraint_jacobian(const CraneParameters& par, const VecX& x) {
  const double c = std::cos(x[kTheta1]), s = std::sin(x[kTheta1]);
  const double dx = x[kXR] - par.L * c, dy = x[kYR] - par.L * s;
  MatCX D = MatCX::Zero();
  D(0, kXP) = -2.0;
  D(0, kTheta1) = -par.L * s;
  D(1, kYP) = -2.0;
  D(1, kTheta1) = par.L * c;
  D(2, kTheta1) = 2.0 * par.L * (dx * s - dy * c);
  D(2, kXR) = 2.0 * dx;
  D(2, kYR) = 2.0 * dy;
  return D;
}

VecC jacobian_dot_times_velocity(const CraneParameters& par, const VecX& x, const VecX& v) {
  // Φ1, Φ2: d²/dt² (L cos θ1) = −L sin θ1 θ̈1 − L cos θ1 θ̇1², and likewise for sin.
  // Φ3 = |d|², d = R − Q: Φ̈3 = 2 d·d̈ + 2 |ḋ|², with the Q̈ part −Q θ̇1² in d·d̈ being velocity-only.
  const double c = std::cos(x[kTheta1]), s = std::sin(x[kTheta1]);
  const double w = v[kTheta1];
  const double dx = x[kXR] - par.L * c, dy = x[kYR] - par.L * s;
  const double ddx = v[kXR] + par.L * s * w, ddy = v[kYR] - par.L * c * w;
  VecC a;
  a << -par.L * c * w * w, -par.L * s * w * w,
      2.0 * (ddx * ddx + ddy * ddy) + 2.0 * par.L * w * w * (dx * c + dy * s);
  return a;
}

Actuator actuator(const CraneParameters& par, const VecX& x, const VecX& x_dot) {
  Actuator a;
  const double dx = x[kXP] - par.x_B, dy = x[kYP] - par.y_B;
  a.s = std::hypot(dx, dy);
  a.D_i(kXP) = dx / a.s;
  a.D_i(kYP) = dy / a.s;
  a.s_dot = a.D_i * x_dot;
  return a;
}

}  // namespace hilsim::sim::dependent
