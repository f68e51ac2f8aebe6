#include "sim/multibody/ali3p_integrator.h"

#include <cmath>

namespace hilsim::sim {

using namespace dependent;

Ali3pIntegrator::Ali3pIntegrator(const CraneParameters& crane, const Ali3pSettings& settings)
    : crane_(crane), settings_(settings), H_(mass_matrix(crane)) {}

Ali3pStepReport Ali3pIntegrator::step(DependentState& st, double h, const ActuatorLoad& load) {
  const double alpha = settings_.alpha, h2_4 = 0.25 * h * h;
  const VecX x_dot_hat = -(2.0 / h * st.x + st.x_dot);  // Naya et al. 2011, eq. (8)
  const VecX x_ddot_hat = -(4.0 / (h * h) * st.x + 4.0 / h * st.x_dot + st.x_ddot);
  VecX x = st.x + h * st.x_dot + 0.5 * h * h * st.x_ddot;  // predictor
  VecC lambda = st.lambda;
  VecX x_dot, x_ddot;
  MatX W;
  Ali3pStepReport report;
  bool small_update = false;
  for (int i = 0;; ++i) {
    x_dot = 2.0 / h * x + x_dot_hat;  // Naya et al. 2011, eq. (7)
    x_ddot = 4.0 / (h * h) * x + x_ddot_hat;
    const VecC Phi = constraints(crane_, x);
    const MatCX D = constraint_jacobian(crane_, x);
    if (i > 0) lambda += alpha * Phi;  // Naya et al. 2011, eq. (6)
    const Actuator act = actuator(crane_, x, x_dot);
    W = H_ + 0.5 * h * load.c * act.D_i.transpose() * act.D_i;  // H + (h/2) C
    if (small_update) {
      report.converged = true;
      break;
    }
    if (i == settings_.max_iterations) break;
    const VecX f = h2_4 * (H_ * x_ddot + D.transpose() * (alpha * Phi + lambda) -
                           applied_forces(crane_, x, x_dot, load));  // Naya et al. 2011, eq. (12)
    llt_.compute(W + h2_4 * alpha * D.transpose() * D);              // Naya et al. 2011, eq. (13)
    const VecX dx = -llt_.solve(f);
    x += dx;
    ++report.iterations;
    if (!dx.allFinite()) break;
    small_update = dx.norm() < settings_.tolerance;
  }
  st.x = x;
  st.x_dot = x_dot;
  st.x_ddot = x_ddot;
  st.lambda = lambda;
  // Projections, Naya et al. 2011, eqs. (14)–(15) with Φ_t = 0, at the converged configuration.
  if (settings_.projections > 0) {
    const MatCX D = constraint_jacobian(crane_, x);
    llt_.compute(W + h2_4 * alpha * D.transpose() * D);
    for (int j = 0; j < settings_.projections; ++j) st.x_dot = llt_.solve(W * st.x_dot);
    const VecC Phi_dot_x_x_dot = jacobian_dot_times_velocity(crane_, x, st.x_dot);
    for (int j = 0; j < settings_.projections; ++j) {
      st.x_ddot = llt_.solve(W * st.x_ddot - h2_4 * alpha * D.transpose() * Phi_dot_x_x_dot);
    }
  }
  return report;
}

}  // namespace hilsim::sim
