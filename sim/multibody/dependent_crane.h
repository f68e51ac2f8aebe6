// The crane in the dependent coordinates of Peiret et al. 2018, §4.1 and Rahikainen et al. 2020, §3.1.1:
//   x = [x_P, y_P, θ1, x_R, y_R]ᵀ   [m, m, rad, m, m]
// subject to the three constraints of Peiret et al. 2018, eq. (21b)
//   Φ1 = L cos θ1 − 2 x_P,   Φ2 = L sin θ1 − 2 y_P,   Φ3 = (x_R − L cos θ1)² + (y_R − L sin θ1)² − L_h².
// Inertia: the rod (m L²/3 about the fixed pin A) and m_p at Q = L (cos θ1, sin θ1) move with θ1, m_h
// with R, P is massless:  H = diag(0, 0, L² (m/3 + m_p), m_h, m_h)  (constant, so d = 0 in eq. 21a).
// Gravity: the rod's weight at P, m_p's at Q (a torque on θ1), m_h's at R:
//   g = [0, −m g, −m_p g L cos θ1, 0, −m_h g]ᵀ.
// The actuator s1 = |P − B| enters through D_i = ∂s1/∂x = [(x_P − x_B)/s1, (y_P − y_B)/s1, 0, 0, 0]
// (Peiret et al. 2018, eq. 23): g_h = D_iᵀ f_h. Energies equal those of the independent-coordinate model.
#pragma once

#include <Eigen/Dense>

#include "sim/model/crane_parameters.h"

namespace hilsim::sim::dependent {

inline constexpr int kCoordinates = 5;
inline constexpr int kConstraints = 3;

enum Index : int { kXP = 0, kYP = 1, kTheta1 = 2, kXR = 3, kYR = 4 };

using VecX = Eigen::Matrix<double, kCoordinates, 1>;
using VecC = Eigen::Matrix<double, kConstraints, 1>;
using MatX = Eigen::Matrix<double, kCoordinates, kCoordinates>;
using MatCX = Eigen::Matrix<double, kConstraints, kCoordinates>;
using RowX = Eigen::Matrix<double, 1, kCoordinates>;

// Coordinates of the configuration with link angles θ1, θ2 [rad] (Φ = 0).
VecX coordinates_from_angles(const CraneParameters& par, double theta1, double theta2);
// Link angles [rad]: θ1 as stored, θ2 of Q→R in (−π, π].
Eigen::Vector2d angles_from_coordinates(const CraneParameters& par, const VecX& x);

// Constant mass matrix H [kg, kg·m²].
MatX mass_matrix(const CraneParameters& par);
// Gravity forces g(x) [N, N·m].
VecX gravity_forces(const CraneParameters& par, const VecX& x);

// Φ(x) [m, m, m²], its Jacobian D = Φ_x and Φ̇_x ẋ (the velocity part of Φ̈).
VecC constraints(const CraneParameters& par, const VecX& x);
MatCX constraint_jacobian(const CraneParameters& par, const VecX& x);
VecC jacobian_dot_times_velocity(const CraneParameters& par, const VecX& x, const VecX& x_dot);

// The actuator: s1 [m], D_i = ∂s1/∂x (Peiret et al. 2018, eq. 23), ṡ1 = D_i ẋ [m/s].
struct Actuator {
  double s = 0.0;
  double s_dot = 0.0;
  RowX D_i = RowX::Zero();
};
Actuator actuator(const CraneParameters& par, const VecX& x, const VecX& x_dot);

}  // namespace hilsim::sim::dependent
