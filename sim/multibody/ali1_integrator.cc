#include "sim/multibody/ali1_integrator.h"

namespace hilsim::sim {

using namespace machine;

Ali1Integrator::Ali1Integrator(std::shared_ptr<const MachineModel> model, const Ali1Settings& settings)
    : model_(std::move(model)), settings_(settings), masses_(body_masses(*model_)) {}

int Ali1Integrator::accelerations(DependentState& st, const CylinderLoads& load) {
  const double alpha = settings_.alpha, xi = settings_.xi, omega = settings_.omega;
  MatCX D;
  VecC Phi_dot_x_x_dot;
  joint_jacobian(*model_, st.x, st.x_dot, D, Phi_dot_x_x_dot);
  const VecC Phi = joint_constraints(*model_, st.x);
  const VecC Phi_dot = D * st.x_dot;
  // Stabilisation terms of eqs. (2a)–(2b); Φ̇_t = 0 (no constraint depends on time).
  const VecC stab = Phi_dot_x_x_dot + 2.0 * xi * omega * Phi_dot + omega * omega * Phi;
  const VecX Q = applied_forces(*model_, st.x, st.x_dot, load);
  MatX A = alpha * D.transpose() * D;
  A.diagonal() += masses_;
  llt_.compute(A);
  int it = 0;
  while (it < settings_.max_iterations) {
    st.x_ddot = llt_.solve(Q - D.transpose() * (alpha * stab + st.lambda));  // eq. (2a)
    const VecC d_lambda = alpha * (D * st.x_ddot + stab);                    // eq. (2b)
    st.lambda += d_lambda;
    ++it;
    if (d_lambda.norm() <= settings_.tolerance * (1.0 + st.lambda.norm())) break;
  }
  return it;
}

int Ali1Integrator::step(DependentState& st, double h, const CylinderLoads& load) {
  const int it = accelerations(st, load);
  st.x_dot += h * st.x_ddot;  // LIM benchmark 2021, eq. (6)
  st.x += h * st.x_dot;       // LIM benchmark 2021, eq. (7)
  return it;
}

}  // namespace hilsim::sim
