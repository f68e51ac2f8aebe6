// The state of a machine's mechanics in dependent coordinates (sim/machine/body_coordinates.h) and the
// cylinder loads the mechanics apply over a step.
#pragma once

#include "sim/machine/body_coordinates.h"

namespace hilsim::sim {

struct DependentState {
  machine::VecX x;       // [m, m, rad] per body
  machine::VecX x_dot;   // velocities
  machine::VecX x_ddot;  // accelerations
  machine::VecC lambda;  // (modified) multipliers
};

// The cylinder forces during a step, f_k = f0_k − c_k ṡ_k [N]: f-s coupling gives f0 = the
// hydraulics' f_h and c = 0; p-s gives f0 = p2 A2 − p1 A1 and c the cylinder's friction, so that the
// mechanics use their own ṡ (LIM benchmark 2021, §3.2).
struct CylinderLoads {
  machine::VecK f0;  // [N]
  machine::VecK c;   // [N·s/m]
};

// Applied forces Q = g + Σ_k D_kᵀ (f0_k − c_k ṡ_k) [N, N·m].
machine::VecX applied_forces(const machine::MachineModel& model, const machine::VecX& x,
                             const machine::VecX& x_dot, const CylinderLoads& load);
// The damping matrix C = Σ_k c_k D_kᵀ D_k of the loads' friction [N·s/m].
machine::MatX friction_matrix(const machine::MachineModel& model, const machine::VecX& x,
                              const CylinderLoads& load);

// The state at rest in the model's tree configuration q (its loops closed), with the static
// multipliers and accelerations of the index-1 system [H Φ_xᵀ; Φ_x 0][ẍ; λ] = [Q; −Φ̇_x ẋ].
DependentState state_at_rest(const machine::MachineModel& model, const machine::VecQ& q,
                             const CylinderLoads& load);

}  // namespace hilsim::sim
