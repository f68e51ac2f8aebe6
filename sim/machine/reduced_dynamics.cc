#include "sim/machine/reduced_dynamics.h"

#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/spd_solve.h"

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
  VecQ rhs(rd.f.size());  // assigned, not copy-constructed: Eigen's copy constructor calls memcpy
  rhs = rd.f;
  for (Eigen::Index k = 0; k < f_h.size(); ++k) rhs += f_h[k] * rd.A.row(k).transpose();
  spd_solve_in_place(rd.M, rhs);
  return rhs;
}

// The products run as plain loops on the matrices' storage (see spd_solve.h): K and the dofs are small.
InterfaceDynamics interface_dynamics(const ReducedDynamics& rd) {
  const Eigen::Index K = rd.A.rows(), f = rd.A.cols();
  MatQK M_inv_At(f, K);
  for (Eigen::Index k = 0; k < K; ++k) {
    for (Eigen::Index i = 0; i < f; ++i) M_inv_At(i, k) = rd.A(k, i);
  }
  const SmallLdlt<kMaxBodies> M_r(rd.M);
  M_r.solve_in_place(M_inv_At);
  VecQ M_inv_f(f);
  M_inv_f = rd.f;
  M_r.solve_in_place(M_inv_f);
  MatK W(K, K);  // A M_r⁻¹ Aᵀ, the mobility at the cylinders
  VecK rhs(K);   // A M_r⁻¹ f_r + a
  for (Eigen::Index k = 0; k < K; ++k) {
    for (Eigen::Index l = 0; l < K; ++l) {
      double w = 0.0;
      for (Eigen::Index i = 0; i < f; ++i) w += rd.A(k, i) * M_inv_At(i, l);
      W(k, l) = w;
    }
    double r = 0.0;
    for (Eigen::Index i = 0; i < f; ++i) r += rd.A(k, i) * M_inv_f[i];
    rhs[k] = r + rd.a[k];
  }
  InterfaceDynamics id;
  id.M_eff.setIdentity(K, K);
  spd_solve_in_place(W, id.M_eff);  // eq. (12): W⁻¹
  id.f_eff.resize(K);
  for (Eigen::Index k = 0; k < K; ++k) {  // eq. (13)
    double v = 0.0;
    for (Eigen::Index l = 0; l < K; ++l) v += id.M_eff(k, l) * rhs[l];
    id.f_eff[k] = v;
  }
  return id;
}

VecK static_cylinder_forces(const ReducedDynamics& rd) {
  const InterfaceDynamics id = interface_dynamics(rd);
  return -(id.f_eff - id.M_eff * rd.a);  // −M̃ A M_r⁻¹ f_r
}

}  // namespace hilsim::sim::machine
