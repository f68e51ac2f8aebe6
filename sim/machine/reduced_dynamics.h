// The equations of motion of a machine in its independent coordinates, with the cylinders as the
// interface: what the independent-coordinate mechanics integrate (LIM benchmark 2021, eqs. 1, 3, 6–7),
// what the reduced interface model is made of (Peiret et al. 2018, eqs. 11–13) and what holds the
// machine at rest (LIM benchmark 2021, eq. 15). With q̇ = R q̇_i and q̈ = R q̈_i + σ (loop_closure.h;
// R = I, σ = 0 without loops):
//   M_r q̈_i = f_r + Aᵀ f_h,   M_r = Rᵀ M R,   f_r = Rᵀ (f − c − M σ)
//   ṡ = A q̇_i,   s̈ = A q̈_i + a,   A = J R,   a = J̇ q̇ + J σ
// for the cylinder forces f_h [N] (positive extends) and their Jacobian rows J = ∂s/∂q. Nothing here
// allocates.
#pragma once

#include "sim/machine/loop_closure.h"

namespace hilsim::sim::machine {

struct ReducedDynamics {
  MatQ M;      // M_r [kg·m², kg·m, kg], dofs × dofs
  VecQ f;      // f_r [N·m, N]
  MatKQ A;     // cylinders × dofs [m/rad, -]
  VecK a;      // [m/s²]
  VecK s;      // cylinder lengths [m]
  VecK s_dot;  // [m/s]
  MatQ R;      // with loops: q̇ = R q̇_i (coordinates × dofs); unset without them (R = I)
};

// At the evaluated state (forward_kinematics; with loops, positions and velocities closed).
void reduced_dynamics(const MachineModel& model, const MachineData& data, ReducedDynamics& out);

// q̈_i for the cylinder forces f_h [N] (size: the cylinders).
VecQ independent_accelerations(const ReducedDynamics& rd, const VecK& f_h);

// The reduced interface model at the cylinders (Peiret et al. 2018, eqs. 11–13), M̃ s̈ = f̃ + f_h:
//   M̃ = (A M_r⁻¹ Aᵀ)⁻¹ [kg],   f̃ = M̃ (A M_r⁻¹ f_r + a) [N].
// Throws nothing; M̃ is singular when two cylinders move the machine alike (A without full rank).
struct InterfaceDynamics {
  MatK M_eff;
  VecK f_eff;
};
InterfaceDynamics interface_dynamics(const ReducedDynamics& rd);

// The cylinder forces that hold the machine best at rest (LIM benchmark 2021, eq. 15, for every
// cylinder): f_h = −M̃ A M_r⁻¹ f_r [N] at q̇ = 0. With as many independent cylinders as degrees of
// freedom they hold it exactly (Peiret et al. 2018, eq. 41).
VecK static_cylinder_forces(const ReducedDynamics& rd);

}  // namespace hilsim::sim::machine
