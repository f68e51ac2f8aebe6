// The crane of LIM benchmark 2021 in natural (fully Cartesian) coordinates, as the monolithic reference
// solver of LIM benchmark 2021, §4 / Naya et al. 2011, §4 models it:
//   q = [x_P, y_P, x_Q, y_Q, x_R, y_R, s1]ᵀ   [m]
// with P the centre of link 1 (where the actuator attaches), Q its tip, R the tip of link 2 and s1
// the actuator length. LIM benchmark 2021's eqs. (21)–(22) forget R and the link-2 constraint; the authors'
// reference file has them, so here the five constraints are
//   Φ1 = (x_P − x_A)² + (y_P − y_A)² − (L/2)²        link 1 pinned at A = (0, 0)
//   Φ2 = (x_Q − x_A) − 2 (x_P − x_A)                  Q on the line A–P, at twice the distance
//   Φ3 = (y_Q − y_A) − 2 (y_P − y_A)
//   Φ4 = (x_R − x_Q)² + (y_R − y_Q)² − L_h²           link 2
//   Φ5 = (x_P − x_B)² + (y_P − y_B)² − s1²            the actuator
// in the order of the multipliers lambda_1 … lambda_5 of hydraulicManipulator_ref.csv.
//
// Inertia (Naya et al. 2011, eq. 33): the uniform rod's inertia about the fixed pin A, m L²/3, is lumped as a
// point mass m/3 at Q, so M = diag(0, 0, m_p + m/3, m_p + m/3, m_h, m_h, 0). Gravity acts on the
// rod's whole mass at its centre P, on m_p at Q and on m_h at R; the actuator force
// f_h = (p2 − p1) a_p − c ṡ1 (eq. 8) is the generalised force on s1 (Naya et al. 2011, eq. 34). Kinetic and
// potential energies equal those of the independent-coordinate model (sim/model/crane_model.h).
#pragma once

#include <Eigen/Dense>

#include "sim/model/crane_parameters.h"

namespace hilsim::sim::natural {

inline constexpr int kCoordinates = 7;
inline constexpr int kConstraints = 5;

// Positions of the coordinates in q.
enum Index : int { kXP = 0, kYP = 1, kXQ = 2, kYQ = 3, kXR = 4, kYR = 5, kS = 6 };

using VecQ = Eigen::Matrix<double, kCoordinates, 1>;  // [m], [m/s] or [m/s²]
using VecC = Eigen::Matrix<double, kConstraints, 1>;  // constraints [m²], multipliers
using MatQ = Eigen::Matrix<double, kCoordinates, kCoordinates>;
using MatCQ = Eigen::Matrix<double, kConstraints, kCoordinates>;

// Coordinates of the configuration with link angles θ1, θ2 [rad] (consistent: Φ = 0).
VecQ coordinates_from_angles(const CraneParameters& par, double theta1, double theta2);
// Link angles [rad] of a configuration: θ1 of A→P, θ2 of Q→R, each in (−π, π].
Eigen::Vector2d angles_from_coordinates(const VecQ& q);

// Constant lumped mass matrix [kg] (Naya et al. 2011, eq. 33, extended by m_h at R).
MatQ mass_matrix(const CraneParameters& par);
// Gravity forces [N] on P (rod), Q (m_p), R (m_h).
VecQ gravity_forces(const CraneParameters& par);
// Applied forces Q(q̇, p) [N]: gravity plus f_h = (p2 − p1) a_p − c ṡ1 on s1 (Naya et al. 2011, eq. 34).
VecQ applied_forces(const CraneParameters& par, const HydraulicParameters& hyd, const VecQ& q_dot,
                    const Eigen::Vector2d& p);

// Φ(q) [m²] and its Jacobian Φ_q [m].
VecC constraints(const CraneParameters& par, const VecQ& q);
MatCQ constraint_jacobian(const CraneParameters& par, const VecQ& q);
// Φ̇_q q̇ [m²/s²]: the velocity part of Φ̈ = Φ_q q̈ + Φ̇_q q̇ (no constraint depends on time).
VecC jacobian_dot_times_velocity(const VecQ& q_dot);

}  // namespace hilsim::sim::natural
