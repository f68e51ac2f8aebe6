// Kinematics and dynamics of the crane in the independent coordinates q = [θ1, θ2]ᵀ:
//   M(q) q̈ + c(q, q̇) = f(q) + Jᵀ f_h                                   (eqs. 1, 3)
// Every term is derived from the physics of Table 1 (LIM benchmark 2021, eq. (2) as printed is wrong: it
// lumps m_p and m_h into the rod's m/3 and yields f_h = 5.3955 kN instead of the published 8.829 kN):
//   kinetic energy T = ½ (m L²/3) θ̇1² + ½ m_p |Q̇|² + ½ m_h |Ṙ|²
//   potential energy V = g (m y_P + m_p y_Q + m_h y_R)
// The actuator kinematics are derived from s1 = |P − B| for any L and B (eq. (5) assumes L = 1).
#pragma once

#include <Eigen/Dense>

#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

using Vec2 = Eigen::Vector2d;
using Mat2 = Eigen::Matrix2d;

// The sines and cosines of the angles q [rad] that every term below takes. A step of the
// co-simulation's mechanics evaluates the accelerations, the interface kinematics and, at a
// communication point, the energy at one state: computing them once per state saves most of the
// libm calls. The same call on the same argument returns the same bits, so the terms evaluated from
// a CraneTrig equal those evaluated from q bit for bit.
struct CraneTrig {
  double cos1 = 1.0, sin1 = 0.0;    // of θ1
  double cos2 = 1.0, sin2 = 0.0;    // of θ2
  double cos12 = 1.0, sin12 = 0.0;  // of θ1 − θ2
};
inline CraneTrig crane_trig(const Vec2& q);

// Positions [m] of the points of the crane for the angles q [rad].
struct CranePoints {
  Vec2 P;
  Vec2 Q;
  Vec2 R;
};
CranePoints crane_points(const CraneParameters& par, const Vec2& q);
CranePoints crane_points(const CraneParameters& par, const CraneTrig& trig);

// Actuator kinematics at (q, q̇): s1 [m], ṡ1 = J q̇ [m/s], J = ∂s1/∂q [m/rad] (eq. 4) and the
// velocity-dependent part of s̈1 = J q̈ + J̇ q̇ [m/s²].
struct ActuatorKinematics {
  double s = 0.0;
  double s_dot = 0.0;
  Eigen::RowVector2d J = Eigen::RowVector2d::Zero();
  double J_dot_q_dot = 0.0;
};
ActuatorKinematics actuator_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
// The same for actuator k: 0 is B→P, 1 is P→M (the middle of link 2), s2 = |M − P|.
ActuatorKinematics actuator_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot, int k);
inline ActuatorKinematics actuator_kinematics(const CraneParameters& par, const CraneTrig& trig,
                                              const Vec2& q_dot, int k);

// Each term below also from the CraneTrig of q, with the same bits.
// Mass matrix M(q) [kg·m²].
Mat2 mass_matrix(const CraneParameters& par, const Vec2& q);
inline Mat2 mass_matrix(const CraneParameters& par, const CraneTrig& trig);
// Velocity-dependent (Coriolis and centrifugal) forces c(q, q̇) [N·m].
Vec2 velocity_forces(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
inline Vec2 velocity_forces(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot);
// Applied forces other than the actuator, here gravity: f = −∂V/∂q [N·m].
Vec2 gravity_forces(const CraneParameters& par, const Vec2& q);
inline Vec2 gravity_forces(const CraneParameters& par, const CraneTrig& trig);
// Potential and kinetic energy [J], for energy checks.
double potential_energy(const CraneParameters& par, const Vec2& q);
double potential_energy(const CraneParameters& par, const CraneTrig& trig);
double kinetic_energy(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
double kinetic_energy(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot);
// T + V [J]: the energy the actuators' work changes, for the energy balance of a run.
double mechanical_energy(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
double mechanical_energy(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot);

// Accelerations q̈ [rad/s²] from eq. (1) for an actuator force f_h [N] (positive extends).
Vec2 crane_accelerations(const CraneParameters& par, const Vec2& q, const Vec2& q_dot, double f_h);
// Accelerations for the forces f_h[k] [N] of every actuator (par.actuators of them): M q̈ + c = f + Aᵀ f_h.
Vec2 crane_accelerations(const CraneParameters& par, const Vec2& q, const Vec2& q_dot, const Vec2& f_h);

// The rows J_k of the interface Jacobian A (ṡ = A q̇, Peiret et al. 2018, eq. 3/33) and J̇_k q̇, for every
// actuator.
struct InterfaceKinematics {
  int n = 1;                        // actuators
  Vec2 s = Vec2::Zero();            // [m]
  Vec2 s_dot = Vec2::Zero();        // [m/s]
  Mat2 A = Mat2::Zero();            // rows J_k [m/rad]; unused rows zero
  Vec2 A_dot_q_dot = Vec2::Zero();  // [m/s²]
};
InterfaceKinematics interface_kinematics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
inline InterfaceKinematics interface_kinematics(const CraneParameters& par, const CraneTrig& trig,
                                                const Vec2& q_dot);

// As crane_accelerations, with the trigonometry of q and the interface kinematics at (q, q̇) already
// at hand.
inline Vec2 crane_accelerations(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot,
                                const InterfaceKinematics& ik, const Vec2& f_h);

// The reduced interface model of Peiret et al. 2018, eqs. (11)–(13): M̃ s̈ = f̃ + f_h, with
//   M̃ = (A M⁻¹ Aᵀ)⁻¹ [kg],   f̃ = M̃ (A M⁻¹ (f − c) + Ȧ q̇) [N].
// Only the leading n×n block (n = par.actuators) is meaningful.
struct InterfaceDynamics {
  Mat2 M_eff = Mat2::Zero();
  Vec2 f_eff = Vec2::Zero();
};
InterfaceDynamics interface_dynamics(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
// The same with the trigonometry of q and the interface kinematics at (q, q̇) already at hand.
InterfaceDynamics interface_dynamics(const CraneParameters& par, const CraneTrig& trig, const Vec2& q_dot,
                                     const InterfaceKinematics& ik);

// Actuator force that holds the crane best at rest (eq. 15):
//   f_h = −M_eff J M⁻¹ (f − c),   M_eff = (J M⁻¹ Jᵀ)⁻¹   [N]
double static_actuator_force(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);
// The same for every actuator: f_h = −M̃ A M⁻¹ (f − c) [N]; with as many actuators as degrees of
// freedom this is the exact balance Aᵀ f_h = −(f − c) (Peiret et al. 2018, eq. 41's f_s^eq).
Vec2 static_actuator_forces(const CraneParameters& par, const Vec2& q, const Vec2& q_dot);

}  // namespace hilsim::sim

#include "sim/model/crane_model_inline.h"  // the definitions of the functions declared inline above
