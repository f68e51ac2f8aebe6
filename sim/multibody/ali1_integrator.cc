#include "sim/multibody/ali1_integrator.h"

namespace hilsim::sim {

using namespace dependent;

Ali1Integrator::Ali1Integrator(const CraneParameters& crane, const Ali1Settings& settings)
    : crane_(crane), settings_(settings), H_(mass_matrix(crane)) {}

int Ali1Integrator::accelerations(DependentState& st, const ActuatorLoad& load) {
  const double alpha = settings_.alpha, xi = settings_.xi, omega = settings_.omega;
  const MatCX D = constraint_jacobian(crane_, st.x);
  const VecC Phi = constraints(crane_, st.x);
  const VecC Phi_dot = D * st.x_dot;
  const VecC Phi_dot_x_x_dot = jacobian_dot_times_velocity(crane_, st.x, st.x_dot);
  // Stabilisation terms of eqs. (2a)–(2b); Φ̇_t = 0 (no constraint depends on time).
  const VecC stab = Phi_dot_x_x_dot + 2.0 * xi * omega * Phi_dot + omega * omega * Phi;
  const VecX Q = applied_forces(crane_, st.x, st.x_dot, load);
  llt_.compute(H_ + alpha * D.transpose() * D);
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

int Ali1Integrator::step(DependentState& st, double h, const ActuatorLoad& load) {
  const int it = accelerations(st, load);
  st.x_dot += h * st.x_ddot;  // LIM benchmark 2021, eq. (6)
  st.x += h * st.x_dot;       // LIM benchmark 2021, eq. (7)
  return it;
}

}  // namespace hilsim::sim
