#include "sim/monolithic/natural_crane.h"

#include <cmath>

namespace hilsim::sim::natural {

VecQ coordinates_from_angles(const CraneParameters& par, double theta1, double theta2) {
  const double x_Q = par.L * std::cos(theta1), y_Q = par.L * std::sin(theta1);
  const double x_P = 0.5 * x_Q, y_P = 0.5 * y_Q;
  VecQ q;
  q << x_P, y_P, x_Q, y_Q, x_Q + par.L_h * std::cos(theta2), y_Q + par.L_h * std::sin(theta2),
      std::hypot(x_P - par.x_B, y_P - par.y_B);
  return q;
}

Eigen::Vector2d angles_from_coordinates(const VecQ& q) {
  return Eigen::Vector2d(std::atan2(q[kYP], q[kXP]), std::atan2(q[kYR] - q[kYQ], q[kXR] - q[kXQ]));
}

MatQ mass_matrix(const CraneParameters& par) {
  VecQ diag;
  const double m_Q = par.m_p + par.m / 3.0;  // rod inertia about A lumped at Q: (m/3) L² = m L²/3
  diag << 0.0, 0.0, m_Q, m_Q, par.m_h, par.m_h, 0.0;
  return diag.asDiagonal();
}

VecQ gravity_forces(const CraneParameters& par) {
  VecQ f = VecQ::Zero();
  f[kYP] = -par.m * par.g;
  f[kYQ] = -par.m_p * par.g;
  f[kYR] = -par.m_h * par.g;
  return f;
}

VecQ applied_forces(const CraneParameters& par, const HydraulicParameters& hyd, const VecQ& q_dot,
                    const Eigen::Vector2d& p) {
  VecQ f = gravity_forces(par);
  f[kS] = (p[1] - p[0]) * hyd.a_p - hyd.c * q_dot[kS];  // eq. (8)
  return f;
}

VecC constraints(const CraneParameters& par, const VecQ& q) {
  const double dx_B = q[kXP] - par.x_B, dy_B = q[kYP] - par.y_B;
  const double dx_QR = q[kXR] - q[kXQ], dy_QR = q[kYR] - q[kYQ];
  VecC phi;
  phi << q[kXP] * q[kXP] + q[kYP] * q[kYP] - 0.25 * par.L * par.L,  //
      q[kXQ] - 2.0 * q[kXP],                                        //
      q[kYQ] - 2.0 * q[kYP],                                        //
      dx_QR * dx_QR + dy_QR * dy_QR - par.L_h * par.L_h,            //
      dx_B * dx_B + dy_B * dy_B - q[kS] * q[kS];
  return phi;
}

MatCQ constraint_jacobian(const CraneParameters& par, const VecQ& q) {
  const double dx_B = q[kXP] - par.x_B, dy_B = q[kYP] - par.y_B;
  const double dx_QR = q[kXR] - q[kXQ], dy_QR = q[kYR] - q[kYQ];
  MatCQ J = MatCQ::Zero();
  J(0, kXP) = 2.0 * q[kXP];
  J(0, kYP) = 2.0 * q[kYP];
  J(1, kXQ) = 1.0;
  J(1, kXP) = -2.0;
  J(2, kYQ) = 1.0;
  J(2, kYP) = -2.0;
  J(3, kXR) = 2.0 * dx_QR;
  J(3, kYR) = 2.0 * dy_QR;
  J(3, kXQ) = -2.0 * dx_QR;
  J(3, kYQ) = -2.0 * dy_QR;
  J(4, kXP) = 2.0 * dx_B;
  J(4, kYP) = 2.0 * dy_B;
  J(4, kS) = -2.0 * q[kS];
  return J;
}

VecC jacobian_dot_times_velocity(const VecQ& v) {
  // Each quadratic constraint |d|² − c² with d linear in q has Φ̈ = 2 d·d̈ + 2 |ḋ|²; the linear ones
  // have no velocity part.
  const double dvx_QR = v[kXR] - v[kXQ], dvy_QR = v[kYR] - v[kYQ];
  VecC a;
  a << 2.0 * (v[kXP] * v[kXP] + v[kYP] * v[kYP]), 0.0, 0.0, 2.0 * (dvx_QR * dvx_QR + dvy_QR * dvy_QR),
      2.0 * (v[kXP] * v[kXP] + v[kYP] * v[kYP] - v[kS] * v[kS]);
  return a;
}

}  // namespace hilsim::sim::natural
