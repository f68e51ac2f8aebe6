// A machine in dependent coordinates (Peiret et al. 2018, §2.2; Rahikainen et al. 2020, §2.1): every body's
// centre of mass and angle, x = [x_b, y_b, φ_b] for each body b (its "reference point" coordinates, the
// centre of mass as the point), with every joint of the model — of the tree and of the loops alike —
// as two constraint rows Φ(x) = 0:
//   revolute    Φ = r_B(b) − r_A(a)                          [m]
//   prismatic   Φ = [ n_A · (r_B(b) − r_A(a)) ;  φ_B − φ_A ]  [m, rad]
// (A the joint's parent, B its child, r_X(p) = x_X + R(φ_X)(p − c_X) a point p of body X whose centre
// of mass is c_X, n_A the axis's normal in the world; the ground is fixed). The mass matrix is
// constant and diagonal, H = diag(m_b, m_b, I_b), gravity g = −g [0, m_b, 0] per body, and no
// velocity-dependent force remains: what the formulations of Naya et al. 2011 and Rahikainen et al.
// 2020 work with. The model's tree coordinates (machine_model.h) map to x through the forward
// kinematics and back through the joints. Nothing here allocates.
#pragma once

#include "sim/machine/machine_data.h"

namespace hilsim::sim::machine {

inline constexpr int kMaxBodyCoordinates = 3 * kMaxBodies;
inline constexpr int kMaxJointRows = 2 * kMaxBodies + kMaxLoopRows;

using VecX = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxBodyCoordinates, 1>;
using RowX = Eigen::Matrix<double, 1, Eigen::Dynamic, Eigen::RowMajor, 1, kMaxBodyCoordinates>;
using MatX =
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxBodyCoordinates, kMaxBodyCoordinates>;
using VecC = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxJointRows, 1>;
using MatCX = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxJointRows, kMaxBodyCoordinates>;

inline int body_coordinate_count(const MachineModel& m) { return 3 * m.coordinates(); }
inline int joint_row_count(const MachineModel& m) { return 2 * static_cast<int>(m.joints.size()); }

// x and ẋ of the tree state `data` is evaluated at (forward_kinematics).
void body_state(const MachineModel& model, const MachineData& data, VecX& x, VecX& x_dot);
// The tree coordinates and rates of a body state: each joint's angle or slide (and their rates).
void tree_state(const MachineModel& model, const VecX& x, const VecX& x_dot, VecQ& q, VecQ& q_dot);

// diag(H) [kg, kg, kg·m²] and the gravity forces [N, N, N·m].
VecX body_masses(const MachineModel& model);
VecX body_gravity(const MachineModel& model);

// Φ(x) [m, rad], its Jacobian Φ_x and the velocity part Φ̇_x ẋ of Φ̈ (no constraint depends on time).
VecC joint_constraints(const MachineModel& model, const VecX& x);
void joint_jacobian(const MachineModel& model, const VecX& x, const VecX& x_dot, MatCX& Phi_x,
                    VecC& Phi_dot_x_x_dot);

// Cylinder k: its length s [m], D = ∂s/∂x (Peiret et al. 2018, eq. 23), ṡ = D ẋ [m/s].
struct BodyCylinder {
  double s = 0.0;
  double s_dot = 0.0;
  RowX D;
};
BodyCylinder body_cylinder(const MachineModel& model, const VecX& x, const VecX& x_dot, int k);

// T = ½ ẋᵀ H ẋ and V = g Σ m_b y_b [J].
double body_kinetic_energy(const MachineModel& model, const VecX& x_dot);
double body_potential_energy(const MachineModel& model, const VecX& x);

}  // namespace hilsim::sim::machine
