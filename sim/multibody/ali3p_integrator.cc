#include "sim/multibody/ali3p_integrator.h"

#include <cmath>

namespace hilsim::sim {

using namespace machine;

Ali3pIntegrator::Ali3pIntegrator(std::shared_ptr<const MachineModel> model, const Ali3pSettings& settings)
    : model_(std::move(model)), settings_(settings), masses_(body_masses(*model_)) {}

Ali3pStepReport Ali3pIntegrator::step(DependentState& st, double h, const CylinderLoads& load) {
  const double alpha = settings_.alpha, h2_4 = 0.25 * h * h;
  const VecX x_dot_hat = -(2.0 / h * st.x + st.x_dot);  // Naya et al. 2011, eq. (8)
  const VecX x_ddot_hat = -(4.0 / (h * h) * st.x + 4.0 / h * st.x_dot + st.x_ddot);
  VecX x = st.x + h * st.x_dot + 0.5 * h * h * st.x_ddot;  // predictor
  VecC lambda = st.lambda;
  VecX x_dot, x_ddot;
  MatX W;
  MatCX D;
  VecC unused;
  Ali3pStepReport report;
  bool small_update = false;
  for (int i = 0;; ++i) {
    x_dot = 2.0 / h * x + x_dot_hat;  // Naya et al. 2011, eq. (7)
    x_ddot = 4.0 / (h * h) * x + x_ddot_hat;
    const VecC Phi = joint_constraints(*model_, x);
    joint_jacobian(*model_, x, x_dot, D, unused);
    if (i > 0) lambda += alpha * Phi;                 // Naya et al. 2011, eq. (6)
    W = 0.5 * h * friction_matrix(*model_, x, load);  // H + (h/2) C
    W.diagonal() += masses_;
    if (small_update) {
      report.converged = true;
      break;
    }
    if (i == settings_.max_iterations) break;
    const VecX f = h2_4 * (masses_.cwiseProduct(x_ddot) + D.transpose() * (alpha * Phi + lambda) -
                           applied_forces(*model_, x, x_dot, load));  // Naya et al. 2011, eq. (12)
    llt_.compute(W + h2_4 * alpha * D.transpose() * D);               // Naya et al. 2011, eq. (13)
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
  if (settings_.projections > 0) project(st, W, h);
  return report;
}

void Ali3pIntegrator::project(DependentState& st, const MatX& W, double h) {
  const double h2_4 = 0.25 * h * h;
  MatCX D;
  VecC Phi_dot_x_x_dot;
  joint_jacobian(*model_, st.x, st.x_dot, D, Phi_dot_x_x_dot);
  llt_.compute(W + h2_4 * settings_.alpha * D.transpose() * D);
  for (int j = 0; j < settings_.projections; ++j) st.x_dot = llt_.solve(W * st.x_dot);
  joint_jacobian(*model_, st.x, st.x_dot, D, Phi_dot_x_x_dot);  // Φ̇_x ẋ at the projected ẋ
  for (int j = 0; j < settings_.projections; ++j) {
    st.x_ddot = llt_.solve(W * st.x_ddot - h2_4 * settings_.alpha * D.transpose() * Phi_dot_x_x_dot);
  }
}

}  // namespace hilsim::sim
