// Lagrange's equations of a machine by finite differences, from the joints' definitions alone: each
// body's pose at q, its Jacobians and their rates by central differences of positions, and
// M q̈ + c = f of the virtual-work form Σ_b (m_b J_bᵀ (J_b q̈ + J̇_b q̇) + I_b J_φbᵀ J_φb q̈) = f. The
// independent computation the model's kinematics and dynamics (sim/machine) are checked against.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <type_traits>
#include <vector>

#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/loop_closure.h"

namespace hilsim::sim::machine {

// Position-only finite differences ---------------------------------------------------------------

// Body b's centre of mass [m] and angle [rad] at q, from the joints' definitions alone.
struct Pose {
  std::vector<Eigen::Vector2d> com;
  std::vector<double> angle;
};

inline Eigen::Vector2d rotated(double phi, const Eigen::Vector2d& v) {
  return {std::cos(phi) * v[0] - std::sin(phi) * v[1], std::sin(phi) * v[0] + std::cos(phi) * v[1]};
}

inline Pose pose_at(const MachineModel& model, const VecQ& q) {
  const int n = model.coordinates();
  std::vector<Eigen::Vector2d> origin(n);
  Pose pose{std::vector<Eigen::Vector2d>(n), std::vector<double>(n)};
  for (int b = 0; b < n; ++b) {
    const Joint& j = model.joints[model.bodies[b].joint];
    const int p = model.bodies[b].parent;
    const double phi_p = p == kGround ? 0.0 : pose.angle[p];
    const Eigen::Vector2d o_p = p == kGround ? Eigen::Vector2d::Zero() : origin[p];
    const bool prismatic = j.type == JointType::kPrismatic;
    pose.angle[b] = phi_p + (prismatic ? 0.0 : q[b]);
    const Eigen::Vector2d at_parent =
        j.parent_at + (prismatic ? Eigen::Vector2d(q[b] * j.axis) : Eigen::Vector2d::Zero());
    origin[b] = o_p + rotated(phi_p, at_parent) - rotated(pose.angle[b], j.child_at);
    pose.com[b] = origin[b] + rotated(pose.angle[b], model.bodies[b].centre_of_mass);
  }
  return pose;
}

inline Eigen::Vector2d point_at(const MachineModel& model, const VecQ& q, int point) {
  const Point& p = model.points[point];
  if (p.body == kGround) return p.at;
  const Pose pose = pose_at(model, q);
  const Body& b = model.bodies[p.body];
  return pose.com[p.body] + rotated(pose.angle[p.body], p.at - b.centre_of_mass);
}

inline double cylinder_length_at(const MachineModel& model, const VecQ& q, int k) {
  const Cylinder& c = model.cylinders[k];
  return (point_at(model, q, c.rod_point) - point_at(model, q, c.base_point)).norm();
}

// d/dε g(q + ε e_i) and d²/dt² g(q + t v) by central differences.
// (Evaluated into g's own type: an Eigen expression would outlive the temporaries it refers to.)
template <class F>
std::decay_t<std::invoke_result_t<F, VecQ>> first_difference(const F& g, const VecQ& q, int i,
                                                             double eps = 1e-6) {
  VecQ a = q, b = q;
  a[i] += eps;
  b[i] -= eps;
  return (g(a) - g(b)) / (2.0 * eps);
}
template <class F>
std::decay_t<std::invoke_result_t<F, VecQ>> second_difference(const F& g, const VecQ& q, const VecQ& v,
                                                              double tau = 1e-4) {
  return (g(VecQ(q + tau * v)) - 2.0 * g(q) + g(VecQ(q - tau * v))) / (tau * tau);
}

// M, c and f of the virtual-work form Σ_b (m_b J_bᵀ (J_b q̈ + J̇_b q̇) + I_b J_φbᵀ J_φb q̈) = f, with
// J and J̇ q̇ from positions.
inline void finite_difference_dynamics(const MachineModel& model, const VecQ& q, const VecQ& q_dot, MatQ& M,
                                       VecQ& c, VecQ& f) {
  const int n = model.coordinates();
  M.setZero(n, n);
  c.setZero(n);
  f.setZero(n);
  for (int b = 0; b < n; ++b) {
    const auto com = [&](const VecQ& x) -> Eigen::Vector2d { return pose_at(model, x).com[b]; };
    const auto angle = [&](const VecQ& x) { return pose_at(model, x).angle[b]; };
    Eigen::Matrix<double, 2, Eigen::Dynamic> J(2, n);
    Eigen::RowVectorXd J_phi(n);
    for (int i = 0; i < n; ++i) {
      J.col(i) = first_difference(com, q, i);
      J_phi[i] = first_difference(angle, q, i);
    }
    const double m = model.bodies[b].mass, I = model.bodies[b].inertia;
    M += m * J.transpose() * J + I * J_phi.transpose() * J_phi;
    c += m * J.transpose() * Eigen::Vector2d(second_difference(com, q, q_dot));
    f -= m * model.gravity * J.row(1).transpose();
  }
}

inline void expect_matches_finite_differences(const MachineModel& model, const VecQ& q, const VecQ& q_dot) {
  MachineData data(model);
  forward_kinematics(model, q, q_dot, data);
  MatQ M, M_fd;
  VecQ c_fd, f_fd;
  mass_matrix(model, data, M);
  finite_difference_dynamics(model, q, q_dot, M_fd, c_fd, f_fd);
  const VecQ c = bias_forces(model, data), f = gravity_forces(model, data);
  const double scale_M = M.cwiseAbs().maxCoeff(), scale_f = f.cwiseAbs().maxCoeff();
  EXPECT_LT((M - M_fd).cwiseAbs().maxCoeff(), 1e-7 * scale_M) << M << "\n--\n" << M_fd;
  EXPECT_LT((c - c_fd).cwiseAbs().maxCoeff(), 1e-5 * std::max(1.0, c.cwiseAbs().maxCoeff()))
      << c.transpose() << "\n"
      << c_fd.transpose();
  EXPECT_LT((f - f_fd).cwiseAbs().maxCoeff(), 1e-7 * scale_f);
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const CylinderKinematics ck = cylinder_kinematics(model, data, k);
    const auto s = [&](const VecQ& x) { return cylinder_length_at(model, x, k); };
    EXPECT_NEAR(ck.s, s(q), 1e-14);
    for (int i = 0; i < model.coordinates(); ++i) EXPECT_NEAR(ck.J[i], first_difference(s, q, i), 1e-8);
    EXPECT_NEAR(ck.J_dot_q_dot, second_difference(s, q, q_dot),
                1e-5 * std::max(1.0, std::abs(ck.J_dot_q_dot)));
  }
}

}  // namespace hilsim::sim::machine
