#include "sim/model/crane_model.h"

#include <cmath>

namespace hilsim::sim {

CranePoints crane_points(const CraneParameters& par, const Vec2& q) {
  return crane_points(par, crane_trig(q));
}

CranePoints crane_points(const CraneParameters& par, const CraneTrig& trig) {
  const Vec2 e1(trig.cos1, trig.sin1);
  const Vec2 e2(trig.cos2, trig.sin2);
  CranePoints pts;
  pts.P = 0.5 * par.L * e1;
  pts.Q = par.L * e1;
  pts.R = pts.Q + par.L_h * e2;
  return pts;
}

ActuatorKinematics actuator_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return actuator_kinematics(par, crane_trig(q), q_dot, 0);
}

ActuatorKinematics actuator_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot, int k) {
  return actuator_kinematics(par, crane_trig(q), q_dot, k);
}

InterfaceKinematics interface_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return interface_kinematics(par, crane_trig(q), q_dot);
}

InterfaceDynamics interface_dynamics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  const CraneTrig trig = crane_trig(q);
  return interface_dynamics(par, trig, q_dot, interface_kinematics(par, trig, q_dot));
}

InterfaceDynamics interface_dynamics(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot,
                                     const InterfaceKinematics& ik) {
  const int n = ik.n;
  const Mat2 M_inv = mass_matrix(par, trig).inverse();
  const Vec2 f_minus_c = gravity_forces(par, trig) - velocity_forces(par, trig, q_dot);
  // Fixed-size arithmetic (the crane has one or two actuators): nothing here allocates, so the RIM's
  // mechanics may evaluate it inside a real-time step.
  InterfaceDynamics id;
  if (n == 1) {
    const Eigen::RowVector2d J = ik.A.row(0);
    const double M_eff = 1.0 / (J * M_inv * J.transpose())(0, 0);  // eq. (12)
    id.M_eff(0, 0) = M_eff;
    id.f_eff[0] = M_eff * ((J * M_inv * f_minus_c)(0, 0) + ik.A_dot_q_dot[0]);  // eq. (13)
    return id;
  }
  id.M_eff = (ik.A * M_inv * ik.A.transpose()).inverse();             // eq. (12)
  id.f_eff = id.M_eff * (ik.A * M_inv * f_minus_c + ik.A_dot_q_dot);  // eq. (13)
  return id;
}

Vec2 static_actuator_forces(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  // Eq. (15) per actuator is −M̃ A M⁻¹ (f − c) = −(f̃ − M̃ Ȧ q̇), from the interface dynamics.
  const CraneTrig trig = crane_trig(q);
  const InterfaceKinematics ik = interface_kinematics(par, trig, q_dot);
  const InterfaceDynamics id = interface_dynamics(par, trig, q_dot, ik);
  const int n = ik.n;
  Vec2 f = Vec2::Zero();
  f.head(n) = -(id.f_eff.head(n) - id.M_eff.topLeftCorner(n, n) * ik.A_dot_q_dot.head(n));
  return f;
}

Vec2 crane_accelerations(const CraneParameters& par, const Vec2& q, const Vec2& q_dot, const Vec2& f_h) {
  const CraneTrig trig = crane_trig(q);
  return crane_accelerations(par, trig, q_dot, interface_kinematics(par, trig, q_dot), f_h);
}

Mat2 mass_matrix(const CraneParameters& par, const Vec2& q) { return mass_matrix(par, crane_trig(q)); }

Vec2 velocity_forces(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return velocity_forces(par, crane_trig(q), q_dot);
}

Vec2 gravity_forces(const CraneParameters& par, const Vec2& q) { return gravity_forces(par, crane_trig(q)); }

double potential_energy(const CraneParameters& par, const Vec2& q) {
  return potential_energy(par, crane_trig(q));
}

double potential_energy(const CraneParameters& par, const CraneTrig& trig) {
  const CranePoints pts = crane_points(par, trig);
  return par.g * (par.m * pts.P[1] + par.m_p * pts.Q[1] + par.m_h * pts.R[1]);
}

double kinetic_energy(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return kinetic_energy(par, crane_trig(q), q_dot);
}

double kinetic_energy(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot) {
  return 0.5 * q_dot.dot(mass_matrix(par, trig) * q_dot);
}

double mechanical_energy(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return mechanical_energy(par, crane_trig(q), q_dot);
}

double mechanical_energy(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot) {
  return kinetic_energy(par, trig, q_dot) + potential_energy(par, trig);
}

Vec2 crane_accelerations(const CraneParameters& par, const Vec2& q, const Vec2& q_dot, double f_h) {
  return crane_accelerations(par, q, q_dot, Vec2(f_h, 0.0));
}

double static_actuator_force(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  const CraneTrig trig = crane_trig(q);
  const ActuatorKinematics act = actuator_kinematics(par, trig, q_dot, 0);
  const Mat2 M_inv = mass_matrix(par, trig).inverse();
  const double M_eff = 1.0 / (act.J * M_inv * act.J.transpose())(0, 0);
  const Vec2 f_minus_c = gravity_forces(par, trig) - velocity_forces(par, trig, q_dot);
  return -M_eff * (act.J * M_inv * f_minus_c)(0, 0);
}

}  // namespace hilsim::sim
