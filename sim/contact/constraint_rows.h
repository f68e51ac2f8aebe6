// The rows of one step's constraints (Peiret et al. (contact tasks), eq. (1), η = A v; eq. (25), λ_low ≤ λ ≤
// λ_upp), kept in storage reserved once for the system's max_rows (planar_system.h), so that filling them in
// a step allocates nothing. A is dense: the systems here have tens of rows and velocities.
//
// A row that holds a point of body a against the same point of body b along the unit direction n
// (world axes) reads n · (v_a(p) − v_b(p)), where a body's point p moves with
//   v(p) = (ẋ, ẏ) + θ̇ ẑ × (p − x) = (ẋ − θ̇ r_y, ẏ + θ̇ r_x),  r = p − (x, y),
// so the row's entries at body a's columns are (n_x, n_y, r_x n_y − r_y n_x), and minus those at b's.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact {

enum class RowKind : std::uint8_t { kJoint, kServo, kNormal, kFriction };

struct ConstraintRows {
  int count = 0;
  Eigen::MatrixXd jacobian;  // A, max_rows × 3 bodies; rows [0, count) in use
  Eigen::VectorXd position;  // Φ [m] or [rad]; 0 on rows without a position term
  Eigen::VectorXd rate;      // b, the prescribed constraint rate [m/s] or [rad/s]
  Eigen::VectorXd lower;     // λ_low [N·s] or [N·m·s], may be −∞
  Eigen::VectorXd upper;     // λ_upp, may be +∞
  std::vector<RowCompliance> compliance;
  std::vector<RowKind> kind;
  std::vector<int> contact;  // the contact (time_stepper.h) a normal or friction row belongs to, else −1

  // Allocates for `max_rows` rows over `velocity_count` velocities.
  void reserve(int max_rows, int velocity_count);
  int capacity() const { return static_cast<int>(kind.size()); }
  // Appends a row with zero Jacobian and returns its index; the caller stays within capacity().
  int append(RowKind row_kind, const RowCompliance& c, double phi, double b, double low, double upp) noexcept;
  // Adds sign · n · v(p) of body `body` (at q) to row `row`.
  void add_point(int row, const PlanarBody& body, int body_index, const Vec2& p, const Vec2& n,
                 double sign) noexcept;
  // Adds sign · θ̇ of body `body_index` to row `row`.
  void add_angle(int row, int body_index, double sign) noexcept;
};

// Appends the rows of every revolute, weld and servo of the system at its current q, for the step h
// [s] (a servo's torque limit becomes the impulse bound h τ_max).
void append_joint_rows(const PlanarSystem& system, double h, ConstraintRows& rows) noexcept;

}  // namespace hilsim::sim::contact
