#include "sim/model/crane_model.h"

#include <cmath>

namespace hilsim::sim {

CraneTrig crane_trig(const Vec2& q) {
  // The very calls and arguments the terms made from q before, so the bits stay the same (glibc's
  // sincos, which the compiler may pair these into, returns the bits of sin and cos).
  CraneTrig t;
  t.cos1 = std::cos(q[0]);
  t.sin1 = std::sin(q[0]);
  t.cos2 = std::cos(q[1]);
  t.sin2 = std::sin(q[1]);
  t.cos12 = std::cos(q[0] - q[1]);
  t.sin12 = std::sin(q[0] - q[1]);
  return t;
}

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

namespace {

// Actuator 1, B→P.
ActuatorKinematics base_actuator(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot) {
  // P depends on θ1 only: P = (L/2) e1, dP/dθ1 = (L/2) e1⊥, d²P/dθ1² = −P.
  const Vec2 e1(trig.cos1, trig.sin1);
  const Vec2 e1_perp(-e1[1], e1[0]);
  const Vec2 P = 0.5 * par.L * e1;
  const Vec2 dP = 0.5 * par.L * e1_perp;
  const Vec2 d = P - Vec2(par.x_B, par.y_B);  // B→P
  ActuatorKinematics k;
  k.s = d.norm();
  const Vec2 u = d / k.s;  // unit vector along the actuator
  k.J << u.dot(dP), 0.0;
  k.s_dot = k.J * q_dot;
  // s̈ = u·P̈ + (|Ṗ|² − ṡ²)/s with P̈ = dP θ̈1 − P θ̇1²: the velocity part is what remains at θ̈1 = 0.
  const Vec2 P_dot = dP * q_dot[0];
  k.J_dot_q_dot = -u.dot(P) * q_dot[0] * q_dot[0] + (P_dot.squaredNorm() - k.s_dot * k.s_dot) / k.s;
  return k;
}

}  // namespace

ActuatorKinematics actuator_kinematics(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot,
                                       int k) {
  if (k == 0) return base_actuator(par, trig, q_dot);
  // d = M − P = (L/2) e1 + (L_h/2) e2, so ∂d/∂θ1 = (L/2) e1⊥, ∂d/∂θ2 = (L_h/2) e2⊥ and the velocity
  // part of d̈ is −(L/2) e1 θ̇1² − (L_h/2) e2 θ̇2².
  const Vec2 e1(trig.cos1, trig.sin1);
  const Vec2 e2(trig.cos2, trig.sin2);
  const Vec2 d1 = 0.5 * par.L * Vec2(-e1[1], e1[0]);
  const Vec2 d2 = 0.5 * par.L_h * Vec2(-e2[1], e2[0]);
  const Vec2 d = 0.5 * par.L * e1 + 0.5 * par.L_h * e2;
  ActuatorKinematics a;
  a.s = d.norm();
  const Vec2 u = d / a.s;
  a.J << u.dot(d1), u.dot(d2);
  a.s_dot = a.J * q_dot;
  const Vec2 d_dot = d1 * q_dot[0] + d2 * q_dot[1];
  const Vec2 d_ddot_v = -0.5 * par.L * e1 * q_dot[0] * q_dot[0] - 0.5 * par.L_h * e2 * q_dot[1] * q_dot[1];
  a.J_dot_q_dot = u.dot(d_ddot_v) + (d_dot.squaredNorm() - a.s_dot * a.s_dot) / a.s;
  return a;
}

InterfaceKinematics interface_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return interface_kinematics(par, crane_trig(q), q_dot);
}

InterfaceKinematics interface_kinematics(const CraneParameters& par, const CraneTrig& trig,
                                         const Vec2& q_dot) {
  InterfaceKinematics ik;
  ik.n = par.actuators;
  for (int k = 0; k < ik.n; ++k) {
    const ActuatorKinematics a = actuator_kinematics(par, trig, q_dot, k);
    ik.s[k] = a.s;
    ik.s_dot[k] = a.s_dot;
    ik.A.row(k) = a.J;
    ik.A_dot_q_dot[k] = a.J_dot_q_dot;
  }
  return ik;
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

Vec2 crane_accelerations(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot,
                         const InterfaceKinematics& ik, const Vec2& f_h) {
  const Vec2 rhs = gravity_forces(par, trig) - velocity_forces(par, trig, q_dot) + ik.A.transpose() * f_h;
  return mass_matrix(par, trig).ldlt().solve(rhs);
}

Mat2 mass_matrix(const CraneParameters& par, const Vec2& q) { return mass_matrix(par, crane_trig(q)); }

Mat2 mass_matrix(const CraneParameters& par, const CraneTrig& trig) {
  const double m12 = par.L * par.L_h * par.m_h * trig.cos12;
  Mat2 M;
  M << par.L * par.L * (par.m / 3.0 + par.m_p + par.m_h), m12,  //
      m12, par.L_h * par.L_h * par.m_h;
  return M;
}

Vec2 velocity_forces(const CraneParameters& par, const Vec2& q, const Vec2& q_dot) {
  return velocity_forces(par, crane_trig(q), q_dot);
}

Vec2 velocity_forces(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot) {
  const double k = par.L * par.L_h * par.m_h * trig.sin12;
  return Vec2(k * q_dot[1] * q_dot[1], -k * q_dot[0] * q_dot[0]);
}

Vec2 gravity_forces(const CraneParameters& par, const Vec2& q) { return gravity_forces(par, crane_trig(q)); }

Vec2 gravity_forces(const CraneParameters& par, const CraneTrig& trig) {
  return Vec2(-par.L * par.g * (par.m / 2.0 + par.m_p + par.m_h) * trig.cos1,
              -par.L_h * par.g * par.m_h * trig.cos2);
}

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
