// The index-3 augmented Lagrangian formulation with projections (ALI3-P) of Rahikainen et al. 2020, §2.1
// (after Naya et al. 2011, §2) with the trapezoidal rule, for the crane in dependent coordinates:
//   H ẍ + Φ_xᵀ α Φ + Φ_xᵀ λ = Q(x, ẋ)                                           (Rahikainen et al. 2020, eq.
//   3)
// at t_{n+1}, with ẋ = (2/h) x + x̂̇ and ẍ = (4/h²) x + x̂̈ (Naya et al. 2011, eqs. 7–8), scaled by h²/4 and
// solved by Newton–Raphson with the tangent H + (h/2) C + (h²/4) Φ_xᵀ α Φ_x (Naya et al. 2011, eq. 13;
// C = c D_iᵀ D_i is the actuator friction of p-s coupling, the stiffness terms are left out as in
// the approximate tangent); λ_{i+1} = λ_i + α Φ_{i+1} after every update (Naya et al. 2011, eq. 6); then
// velocities and accelerations are projected `projections` times with the same leading matrix
// (Naya et al. 2011, eqs. 14–16). Newton stops when the update ‖Δx‖₂ < tolerance. A step allocates nothing.
#pragma once

#include <Eigen/Dense>

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
  Ali3pIntegrator(const CraneParameters& crane, const Ali3pSettings& settings);
  // Advances st (whose x_ddot must be the accelerations at its x, ẋ) by h [s] under `load`.
  Ali3pStepReport step(DependentState& st, double h, const ActuatorLoad& load);

 private:
  CraneParameters crane_;
  Ali3pSettings settings_;
  dependent::MatX H_;
  Eigen::LLT<dependent::MatX> llt_;
};

}  // namespace hilsim::sim
