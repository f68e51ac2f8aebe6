#include "sim/machine/reduced_dynamics.h"

#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"

namespace hilsim::sim::machine {

namespace {

// Without loops the independent coordinates are all of q, in order: R = I, σ = 0.
void open_chain(const MachineModel& model, const MachineData& data, ReducedDynamics& out) {
  mass_matrix(model, data, out.M);
  out.f = gravity_forces(model, data) - bias_forces(model, data);
  const int k = model.cylinder_count();
  out.A.resize(k, model.coordinates());
  out.a.resize(k);
  out.s.resize(k);
  out.s_dot.resize(k);
  for (int c = 0; c < k; ++c) {
    const CylinderKinematics ck = cylinder_kinematics(model, data, c);
    out.A.row(c) = ck.J;
    out.a[c] = ck.J_dot_q_dot;
    out.s[c] = ck.s;
    out.s_dot[c] = ck.s_dot;
  }
}

}  // namespace

void reduced_dynamics(const MachineModel& model, const MachineData& data, ReducedDynamics& out) {
  if (!model.has_loops()) {
    open_chain(model, data, out);
    return;
  }
  MatQ M;
  mass_matrix(model, data, M);
  MatLQ Phi_q;
  VecL Phi_dot_q_dot;
  loop_jacobian(model, data, Phi_q, Phi_dot_q_dot);
  VelocityTransform vt;
  velocity_transform(model, Phi_q, Phi_dot_q_dot, vt);
  out.M.noalias() = vt.R.transpose() * M * vt.R;
  out.R = vt.R;
  const VecQ f = gravity_forces(model, data) - bias_forces(model, data) - M * vt.sigma;
  out.f.noalias() = vt.R.transpose() * f;
  const int k = model.cylinder_count();
  out.A.resize(k, model.dofs());
  out.a.resize(k);
  out.s.resize(k);
  out.s_dot.resize(k);
  for (int c = 0; c < k; ++c) {
    const CylinderKinematics ck = cylinder_kinematics(model, data, c);
    out.A.row(c).noalias() = ck.J * vt.R;
    out.a[c] = ck.J_dot_q_dot + ck.J.dot(vt.sigma);
    out.s[c] = ck.s;
    out.s_dot[c] = ck.s_dot;
  }
}

VecQ independent_accelerations(const ReducedDynamics& rd, const VecK& f_h) {
  VecQ rhs = rd.f;
  rhs.noalias() += rd.A.transpose() * f_h;
  return rd.M.ldlt().solve(rhs);
}

InterfaceDynamics interface_dynamics(const ReducedDynamics& rd) {
  const Eigen::LDLT<MatQ> ldlt = rd.M.ldlt();
  const MatQ M_inv_At = ldlt.solve(MatQ(rd.A.transpose()));
  const MatK W = rd.A * M_inv_At;  // A M_r⁻¹ Aᵀ, the mobility at the cylinders
  InterfaceDynamics id;
  id.M_eff = W.inverse();                                  // eq. (12)
  id.f_eff = id.M_eff * (rd.A * ldlt.solve(rd.f) + rd.a);  // eq. (13)
  return id;
}

VecK static_cylinder_forces(const ReducedDynamics& rd) {
  const InterfaceDynamics id = interface_dynamics(rd);
  return -(id.f_eff - id.M_eff * rd.a);  // −M̃ A M_r⁻¹ f_r
}

}  // namespace hilsim::sim::machine
