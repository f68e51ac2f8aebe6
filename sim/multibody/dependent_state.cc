#include "sim/multibody/dependent_state.h"

namespace hilsim::sim {

using namespace dependent;

VecX applied_forces(const CraneParameters& par, const VecX& x, const VecX& x_dot, const ActuatorLoad& load) {
  const Actuator act = actuator(par, x, x_dot);
  return gravity_forces(par, x) + act.D_i.transpose() * (load.f0 - load.c * act.s_dot);
}

DependentState state_at_rest(const CraneParameters& par, const Eigen::Vector2d& theta,
                             const ActuatorLoad& load) {
  DependentState st;
  st.x = coordinates_from_angles(par, theta[0], theta[1]);
  const MatCX D = constraint_jacobian(par, st.x);
  Eigen::Matrix<double, 8, 8> A = Eigen::Matrix<double, 8, 8>::Zero();
  A.topLeftCorner<5, 5>() = mass_matrix(par);
  A.topRightCorner<5, 3>() = D.transpose();
  A.bottomLeftCorner<3, 5>() = D;
  Eigen::Matrix<double, 8, 1> rhs;
  rhs << applied_forces(par, st.x, st.x_dot, load), -jacobian_dot_times_velocity(par, st.x, st.x_dot);
  const Eigen::Matrix<double, 8, 1> sol = A.fullPivLu().solve(rhs);
  st.x_ddot = sol.head<5>();
  st.lambda = sol.tail<3>();
  return st;
}

}  // namespace hilsim::sim
