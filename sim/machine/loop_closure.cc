#include "sim/machine/loop_closure.h"

#include <cmath>

#include "sim/machine/kinematics.h"

namespace hilsim::sim::machine {

namespace {

// v turned by +90° (a unity build's batch holds kinematics.cc's perp beside it).
Eigen::Vector2d normal_of(const Eigen::Vector2d& v) { return {-v[1], v[0]}; }

double body_angle(const MachineData& data, int body) {
  return body == kGround ? 0.0 : data.bodies[body].angle;
}
double body_omega(const MachineData& data, int body) {
  return body == kGround ? 0.0 : data.bodies[body].omega;
}

// The axis's normal n_A in the world, for a prismatic loop joint.
Eigen::Vector2d world_normal(const MachineData& data, const Joint& j) {
  const double phi = body_angle(data, j.parent);
  const Eigen::Vector2d n = normal_of(j.axis);
  return {std::cos(phi) * n[0] - std::sin(phi) * n[1], std::sin(phi) * n[0] + std::cos(phi) * n[1]};
}

// Φ_d: the constraint Jacobian's columns of the dependent coordinates (square, by the partition).
MatQ dependent_block(const MachineModel& model, const MatLQ& Phi_q) {
  const int m = model.loop_rows;
  MatQ Phi_d(m, m);
  for (int k = 0; k < m; ++k) Phi_d.col(k) = Phi_q.col(model.dependent[k]);
  return Phi_d;
}

}  // namespace

VecL loop_constraints(const MachineModel& model, const MachineData& data) {
  VecL Phi(model.loop_rows);
  for (const Joint& j : model.joints) {
    if (j.first_row < 0) continue;
    const Eigen::Vector2d d =
        point_position(data, j.child, j.child_at) - point_position(data, j.parent, j.parent_at);
    if (j.type == JointType::kRevolute) {
      Phi.segment<2>(j.first_row) = d;
    } else {
      Phi[j.first_row] = world_normal(data, j).dot(d);
      Phi[j.first_row + 1] = body_angle(data, j.child) - body_angle(data, j.parent);
    }
  }
  return Phi;
}

void loop_jacobian(const MachineModel& model, const MachineData& data, MatLQ& Phi_q, VecL& Phi_dot_q_dot) {
  const int n = model.coordinates();
  Phi_q.setZero(model.loop_rows, n);
  Phi_dot_q_dot.setZero(model.loop_rows);
  for (const Joint& j : model.joints) {
    if (j.first_row < 0) continue;
    const PointKinematics a = point_kinematics(model, data, j.parent, j.parent_at);
    const PointKinematics b = point_kinematics(model, data, j.child, j.child_at);
    const int r = j.first_row;
    if (j.type == JointType::kRevolute) {
      Phi_q.middleRows<2>(r) = b.J - a.J;
      Phi_dot_q_dot.segment<2>(r) = b.bias - a.bias;
      continue;
    }
    // n·d with ṅ = φ̇_A n⊥, n̈|_{q̈=0} = −φ̇_A² n: Φ̈ = n·d̈ + 2 ṅ·ḋ + n̈·d.
    const Eigen::Vector2d nrm = world_normal(data, j);
    const Eigen::Vector2d d = b.position - a.position;
    const Eigen::Vector2d d_dot = b.velocity - a.velocity;
    const double omega_a = body_omega(data, j.parent);
    Phi_q.row(r) = nrm.transpose() * (b.J - a.J);
    if (j.parent != kGround) Phi_q.row(r) += normal_of(nrm).dot(d) * data.bodies[j.parent].J_angle;
    Phi_dot_q_dot[r] =
        nrm.dot(b.bias - a.bias) + 2.0 * omega_a * normal_of(nrm).dot(d_dot) - omega_a * omega_a * nrm.dot(d);
    if (j.child != kGround) Phi_q.row(r + 1) += data.bodies[j.child].J_angle;
    if (j.parent != kGround) Phi_q.row(r + 1) -= data.bodies[j.parent].J_angle;
  }
}

LoopSolve loop_positions(const MachineModel& model, VecQ& q, const VecQ& q_dot, MachineData& data,
                         double tolerance, int max_iterations) {
  LoopSolve solve;
  forward_kinematics(model, q, q_dot, data);
  if (!model.has_loops()) {
    solve.converged = true;
    return solve;
  }
  MatLQ Phi_q;
  VecL Phi_dot_q_dot;
  for (;;) {
    const VecL Phi = loop_constraints(model, data);
    solve.violation = Phi.lpNorm<Eigen::Infinity>();
    if (solve.violation < tolerance) {
      solve.converged = true;
      return solve;
    }
    if (solve.iterations == max_iterations || !std::isfinite(solve.violation)) return solve;
    loop_jacobian(model, data, Phi_q, Phi_dot_q_dot);
    const VecL dq = dependent_block(model, Phi_q).partialPivLu().solve(-Phi);
    for (int k = 0; k < model.loop_rows; ++k) q[model.dependent[k]] += dq[k];
    ++solve.iterations;
    forward_kinematics(model, q, q_dot, data);
  }
}

void loop_velocities(const MachineModel& model, const MatLQ& Phi_q, VecQ& q_dot) {
  if (!model.has_loops()) return;
  VecL rhs = VecL::Zero(model.loop_rows);
  for (int i : model.independent) rhs.noalias() -= Phi_q.col(i) * q_dot[i];
  const VecL v = dependent_block(model, Phi_q).partialPivLu().solve(rhs);
  for (int k = 0; k < model.loop_rows; ++k) q_dot[model.dependent[k]] = v[k];
}

void velocity_transform(const MachineModel& model, const MatLQ& Phi_q, const VecL& Phi_dot_q_dot,
                        VelocityTransform& out) {
  const int n = model.coordinates();
  const int f = model.dofs();
  out.R.setZero(n, f);
  out.sigma.setZero(n);
  for (int k = 0; k < f; ++k) out.R(model.independent[k], k) = 1.0;
  if (!model.has_loops()) return;
  const int m = model.loop_rows;
  MatQ Phi_i(m, f);
  for (int k = 0; k < f; ++k) Phi_i.col(k) = Phi_q.col(model.independent[k]);
  const Eigen::PartialPivLU<MatQ> lu = dependent_block(model, Phi_q).partialPivLu();
  const MatQ Rd = lu.solve(-Phi_i);
  const VecL sd = lu.solve(-Phi_dot_q_dot);
  for (int k = 0; k < m; ++k) {
    out.R.row(model.dependent[k]) = Rd.row(k);
    out.sigma[model.dependent[k]] = sd[k];
  }
}

}  // namespace hilsim::sim::machine
