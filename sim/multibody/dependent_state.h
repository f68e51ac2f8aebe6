// The state of the crane's mechanics in dependent coordinates (sim/multibody/dependent_crane.h) and
// the actuator load the mechanics apply over a step.
#pragma once

#include "sim/model/crane_parameters.h"
#include "sim/multibody/dependent_crane.h"

namespace hilsim::sim {

struct DependentState {
  dependent::VecX x = dependent::VecX::Zero();       // [m, m, rad, m, m]
  dependent::VecX x_dot = dependent::VecX::Zero();   // velocities
  dependent::VecX x_ddot = dependent::VecX::Zero();  // accelerations
  dependent::VecC lambda = dependent::VecC::Zero();  // (modified) multipliers
};

// The actuator force during a step, f_h = f0 − c ṡ1 [N]: f-s coupling gives f0 = the hydraulics'
// f_h and c = 0; p-s gives f0 = (p2 − p1) a_p and c the actuator's friction, so that the mechanics
// use their own ṡ1 (LIM benchmark 2021, §3.2).
struct ActuatorLoad {
  double f0 = 0.0;  // [N]
  double c = 0.0;   // [N·s/m]
};

// Applied forces Q = g(x) + D_iᵀ (f0 − c ṡ1) [N, N·m].
dependent::VecX applied_forces(const CraneParameters& par, const dependent::VecX& x,
                               const dependent::VecX& x_dot, const ActuatorLoad& load);

// The state at rest in configuration θ (static multipliers and accelerations from the index-1
// system [H Φ_xᵀ; Φ_x 0][ẍ; λ] = [Q; −Φ̇_x ẋ] under the load).
DependentState state_at_rest(const CraneParameters& par, const Eigen::Vector2d& theta,
                             const ActuatorLoad& load);

}  // namespace hilsim::sim
