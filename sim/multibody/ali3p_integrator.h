// The index-3 augmented Lagrangian formulation with projections (ALI3-P) of Rahikainen et al. 2020, §2.1
// (after Naya et al. 2011, §2) with the trapezoidal rule, for a machine in dependent coordinates
// (sim/machine/body_coordinates.h):
//   H ẍ + Φ_xᵀ α Φ + Φ_xᵀ λ = Q(x, ẋ)                                     (Rahikainen et al. 2020, eq. 3)
// at t_{n+1}, with ẋ = (2/h) x + x̂̇ and ẍ = (4/h²) x + x̂̈ (Naya et al. 2011, eqs. 7–8), scaled by h²/4 and
// solved by Newton–Raphson with the tangent H + (h/2) C + (h²/4) Φ_xᵀ α Φ_x (Naya et al. 2011, eq. 13;
// C = Σ c_k D_kᵀ D_k is the cylinders' friction of p-s coupling, the stiffness terms are left out as in
// the approximate tangent); λ_{i+1} = λ_i + α Φ_{i+1} after every update (Naya et al. 2011, eq. 6); then
// velocities and accelerations are projected `projections` times with the same leading matrix
// (Naya et al. 2011, eqs. 14–16). Newton stops when the update ‖Δx‖₂ < tolerance. A step allocates nothing.
#pragma once

#include <Eigen/Dense>
#include <memory>

#include "sim/multibody/dependent_state.h"

namespace hilsim::sim {

struct Ali3pSettings {
  double alpha = 1e12;       // penalty factor α, > 0
  double tolerance = 1e-10;  // Newton stops when ‖Δx‖₂ < tolerance [m, rad]
  int projections = 3;       // velocity and acceleration projections per step
  int max_iterations = 50;   // Newton iterations per step
};

struct Ali3pStepReport {
  int iterations = 0;
  bool converged = false;
};

class Ali3pIntegrator final {
 public:
  Ali3pIntegrator(std::shared_ptr<const machine::MachineModel> model, const Ali3pSettings& settings);
  // Advances st (whose x_ddot must be the accelerations at its x, ẋ) by h [s] under `load`.
  Ali3pStepReport step(DependentState& st, double h, const CylinderLoads& load);

 private:
  // Velocities and accelerations projected onto the constraints at x (eqs. 14–15, Φ_t = 0), with
  // the leading matrix W = H + (h/2) C.
  void project(DependentState& st, const machine::MatX& W, double h);

  std::shared_ptr<const machine::MachineModel> model_;
  Ali3pSettings settings_;
  machine::VecX masses_;  // diag(H)
  Eigen::LLT<machine::MatX> llt_;
};

}  // namespace hilsim::sim
