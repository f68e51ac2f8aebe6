// The definitions of the crane-model functions that a step of the mechanics calls (crane_model.h),
// in a header so that they inline into it: the trigonometry, the interface kinematics and the
// accelerations. Out of line, each step passed q, q̇ and the Eigen results through memory between
// a dozen calls. crane_accelerations is flattened as well: Eigen's LDLT of the 2×2 mass matrix
// otherwise stays two out-of-line calls that pass the matrix and the right-hand side through memory
// (about 5 ns of a 170 ns macro step). The arithmetic is unchanged, operation for operation.
#pragma once

#include <cmath>

#include "sim/model/crane_model.h"

namespace hilsim::sim {

inline CraneTrig crane_trig(const Vec2& q) {
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

namespace internal {

// Actuator 1, B→P.
inline ActuatorKinematics base_actuator(const CraneParameters& par, const CraneTrig& trig,
                                        const Vec2& q_dot) {
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

}  // namespace internal

inline ActuatorKinematics actuator_kinematics(const CraneParameters& par, const CraneTrig& trig,
                                              const Vec2& q_dot, int k) {
  if (k == 0) return internal::base_actuator(par, trig, q_dot);
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

inline InterfaceKinematics interface_kinematics(const CraneParameters& par, const CraneTrig& trig,
                                                const Vec2& q_dot) {
  // Each vector assembled from both actuators' values at once (an absent second actuator's are
  // zero), not element by element into a zeroed one: a 16-byte value read back over two stores
  // misses store-to-load forwarding (circuit_euler_step, sim/hydraulics/circuit.h).
  const ActuatorKinematics a = actuator_kinematics(par, trig, q_dot, 0);
  const ActuatorKinematics b =
      par.actuators == 2 ? actuator_kinematics(par, trig, q_dot, 1) : ActuatorKinematics{};
  InterfaceKinematics ik;
  ik.n = par.actuators;
  ik.s = Vec2(a.s, b.s);
  ik.s_dot = Vec2(a.s_dot, b.s_dot);
  ik.A << a.J, b.J;
  ik.A_dot_q_dot = Vec2(a.J_dot_q_dot, b.J_dot_q_dot);
  return ik;
}

[[gnu::flatten]] inline Vec2 crane_accelerations(const CraneParameters& par, const CraneTrig& trig,
                                                 const Vec2& q_dot, const InterfaceKinematics& ik,
                                                 const Vec2& f_h) {
  const Vec2 rhs = gravity_forces(par, trig) - velocity_forces(par, trig, q_dot) + ik.A.transpose() * f_h;
  return mass_matrix(par, trig).ldlt().solve(rhs);
}

inline Mat2 mass_matrix(const CraneParameters& par, const CraneTrig& trig) {
  const double m12 = par.L * par.L_h * par.m_h * trig.cos12;
  Mat2 M;
  M << par.L * par.L * (par.m / 3.0 + par.m_p + par.m_h), m12,  //
      m12, par.L_h * par.L_h * par.m_h;
  return M;
}

inline Vec2 velocity_forces(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot) {
  const double k = par.L * par.L_h * par.m_h * trig.sin12;
  return Vec2(k * q_dot[1] * q_dot[1], -k * q_dot[0] * q_dot[0]);
}

inline Vec2 gravity_forces(const CraneParameters& par, const CraneTrig& trig) {
  return Vec2(-par.L * par.g * (par.m / 2.0 + par.m_p + par.m_h) * trig.cos1,
              -par.L_h * par.g * par.m_h * trig.cos2);
}

}  // namespace hilsim::sim
