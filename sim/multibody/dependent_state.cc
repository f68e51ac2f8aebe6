#include "sim/multibody/dependent_state.h"

#include "sim/machine/kinematics.h"

namespace hilsim::sim {

using namespace machine;

VecX applied_forces(const MachineModel& model, const VecX& x, const VecX& x_dot, const CylinderLoads& load) {
  VecX Q = body_gravity(model);
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const BodyCylinder c = body_cylinder(model, x, x_dot, k);
    Q.noalias() += c.D.transpose() * (load.f0[k] - load.c[k] * c.s_dot);
  }
  return Q;
}

MatX friction_matrix(const MachineModel& model, const VecX& x, const CylinderLoads& load) {
  MatX C = MatX::Zero(x.size(), x.size());
  const VecX none = VecX::Zero(x.size());
  for (int k = 0; k < model.cylinder_count(); ++k) {
    if (load.c[k] == 0.0) continue;
    const BodyCylinder c = body_cylinder(model, x, none, k);
    C.noalias() += load.c[k] * c.D.transpose() * c.D;
  }
  return C;
}

DependentState state_at_rest(const MachineModel& model, const VecQ& q, const CylinderLoads& load) {
  MachineData data(model);
  forward_kinematics(model, q, VecQ::Zero(model.coordinates()), data);
  DependentState st;
  body_state(model, data, st.x, st.x_dot);
  const int n = body_coordinate_count(model), m = joint_row_count(model);
  MatCX Phi_x;
  VecC bias;
  joint_jacobian(model, st.x, st.x_dot, Phi_x, bias);
  // Set-up only: a dynamic matrix for the saddle-point system.
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n + m, n + m);
  A.topLeftCorner(n, n) = body_masses(model).asDiagonal();
  A.topRightCorner(n, m) = Phi_x.transpose();
  A.bottomLeftCorner(m, n) = Phi_x;
  Eigen::VectorXd rhs(n + m);
  rhs << applied_forces(model, st.x, st.x_dot, load), -bias;
  const Eigen::VectorXd sol = A.fullPivLu().solve(rhs);
  st.x_ddot = sol.head(n);
  st.lambda = sol.tail(m);
  return st;
}

}  // namespace hilsim::sim
