// Dynamics of a planar machine in its tree coordinates q, from the kinematics at one state
// (kinematics.h). With J_b the Jacobian of body b's centre of mass and J_φb that of its angle, the
// kinetic energy T = ½ Σ_b (m_b |J_b q̇|² + I_b (J_φb q̇)²) gives, by Lagrange's equations,
//   M(q) q̈ + c(q, q̇) = f(q) + Σ_k J_kᵀ f_k                                      (LIM benchmark 2021, eq. 1)
//   M = Σ_b (m_b J_bᵀ J_b + I_b J_φbᵀ J_φb),   c = Σ_b m_b J_bᵀ a_b,   f = −g Σ_b m_b (J_b)_yᵀ
// where a_b is the centre of mass's acceleration at q̈ = 0 (the angular one is zero in the plane)
// and f_k the force of cylinder k along its length, J_k = ∂s_k/∂q (eq. 3). Nothing here allocates.
#pragma once

#include "sim/machine/machine_data.h"

namespace hilsim::sim::machine {

// M(q) [kg·m², kg·m, kg].
void mass_matrix(const MachineModel& model, const MachineData& data, MatQ& M);
// c(q, q̇) [N·m or N]: the velocity-dependent (centrifugal and Coriolis) forces.
VecQ bias_forces(const MachineModel& model, const MachineData& data);
// f(q) = −∂V/∂q [N·m or N].
VecQ gravity_forces(const MachineModel& model, const MachineData& data);
// T and V = g Σ m_b y_b [J], at the evaluated state.
double kinetic_energy(const MachineModel& model, const MachineData& data);
double potential_energy(const MachineModel& model, const MachineData& data);

}  // namespace hilsim::sim::machine
