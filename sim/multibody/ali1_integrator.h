// The index-1 augmented Lagrangian formulation (ALI1) of Rahikainen et al. 2020, §2.1 with the semi-implicit
// forward Euler formula, for a machine in dependent coordinates (sim/machine/body_coordinates.h). At
// (x, ẋ) the accelerations come from the iteration (Rahikainen et al. 2020, eqs. 2a–2b, the "Q c" of the
// printed 2a being Q −)
//   (H + Φ_xᵀ α Φ_x) ẍ_{j+1} = Q − Φ_xᵀ [α (Φ̇_x ẋ + 2ξω Φ̇ + ω² Φ) + λ_j]
//   λ_{j+1} = λ_j + α (Φ̈_{j+1} + 2ξω Φ̇ + ω² Φ),   Φ̈_{j+1} = Φ_x ẍ_{j+1} + Φ̇_x ẋ,
// started from the previous step's λ (Baumgarte-like terms ξ, ω keep Φ and Φ̇ from drifting); then
//   ẋ_{n+1} = ẋ_n + h ẍ_n,   x_{n+1} = x_n + h ẋ_{n+1}.
// A step allocates nothing.
#pragma once

#include <Eigen/Dense>
#include <memory>

#include "sim/multibody/dependent_state.h"

namespace hilsim::sim {

struct Ali1Settings {
  double alpha = 1e9;       // penalty factor α, > 0
  double xi = 1.0;          // damping ratio ξ of the constraint stabilisation [-]
  double omega = 10.0;      // natural frequency ω of the constraint stabilisation [rad/s]
  double tolerance = 1e-9;  // stop when ‖Δλ‖ ≤ tolerance (1 + ‖λ‖)
  int max_iterations = 20;  // multiplier iterations per evaluation
};

class Ali1Integrator final {
 public:
  Ali1Integrator(std::shared_ptr<const machine::MachineModel> model, const Ali1Settings& settings);

  // Fills st.x_ddot and st.lambda at (st.x, st.x_dot) under `load`; returns the iterations taken.
  int accelerations(DependentState& st, const CylinderLoads& load);
  // One semi-implicit Euler step of size h [s]; returns the multiplier iterations.
  int step(DependentState& st, double h, const CylinderLoads& load);

 private:
  std::shared_ptr<const machine::MachineModel> model_;
  Ali1Settings settings_;
  machine::VecX masses_;  // diag(H)
  Eigen::LLT<machine::MatX> llt_;
};

}  // namespace hilsim::sim
