#include "sim/contact/constraint_rows.h"

namespace hilsim::sim::contact {

void ConstraintRows::reserve(int max_rows, int velocity_count) {
  count = 0;
  jacobian = Eigen::MatrixXd::Zero(max_rows, velocity_count);
  position = Eigen::VectorXd::Zero(max_rows);
  rate = Eigen::VectorXd::Zero(max_rows);
  lower = Eigen::VectorXd::Zero(max_rows);
  upper = Eigen::VectorXd::Zero(max_rows);
  compliance.assign(max_rows, RowCompliance{});
  kind.assign(max_rows, RowKind::kJoint);
  contact.assign(max_rows, -1);
}

int ConstraintRows::append(RowKind row_kind, const RowCompliance& c, double phi, double b, double low,
                           double upp) noexcept {
  const int r = count++;
  jacobian.row(r).setZero();
  position[r] = phi;
  rate[r] = b;
  lower[r] = low;
  upper[r] = upp;
  compliance[r] = c;
  kind[r] = row_kind;
  contact[r] = -1;
  return r;
}

void ConstraintRows::add_point(int row, const PlanarBody& body, int body_index, const Vec2& p, const Vec2& n,
                               double sign) noexcept {
  const Vec2 r = p - body.q.head<2>();
  const int c = 3 * body_index;
  jacobian(row, c) += sign * n.x();
  jacobian(row, c + 1) += sign * n.y();
  jacobian(row, c + 2) += sign * (r.x() * n.y() - r.y() * n.x());
}

void ConstraintRows::add_angle(int row, int body_index, double sign) noexcept {
  jacobian(row, 3 * body_index + 2) += sign;
}

namespace {

// The two rows of Φ = p_a − p_b along the world axes.
void append_pin_rows(const PlanarSystem& s, int a, int b, const Vec2& r_a, const Vec2& r_b,
                     const RowCompliance& c, ConstraintRows& rows) noexcept {
  const Vec2 p_a = world_point(s.bodies[a], r_a);
  const Vec2 p_b = world_point(s.bodies[b], r_b);
  const Vec2 phi = p_a - p_b;
  for (int axis = 0; axis < 2; ++axis) {
    const Vec2 n = axis == 0 ? Vec2::UnitX() : Vec2::UnitY();
    const int row = rows.append(RowKind::kJoint, c, phi[axis], 0.0, -kInfinity, kInfinity);
    rows.add_point(row, s.bodies[a], a, p_a, n, 1.0);
    rows.add_point(row, s.bodies[b], b, p_b, n, -1.0);
  }
}

}  // namespace

void append_joint_rows(const PlanarSystem& system, double h, ConstraintRows& rows) noexcept {
  for (const Revolute& j : system.revolutes) {
    append_pin_rows(system, j.body_a, j.body_b, j.point_a, j.point_b, j.compliance, rows);
  }
  for (const Weld& j : system.welds) {
    append_pin_rows(system, j.body_a, j.body_b, j.point_a, j.point_b, j.linear, rows);
    const double phi = system.bodies[j.body_a].q.z() - system.bodies[j.body_b].q.z() - j.angle;
    const int row = rows.append(RowKind::kJoint, j.angular, phi, 0.0, -kInfinity, kInfinity);
    rows.add_angle(row, j.body_a, 1.0);
    rows.add_angle(row, j.body_b, -1.0);
  }
  for (const Servo& s : system.servos) {
    const double phi = system.bodies[s.body_b].q.z() - system.bodies[s.body_a].q.z() - s.angle_ref;
    const double bound = h * s.torque_limit;
    const int row = rows.append(RowKind::kServo, s.compliance, phi, s.rate_ref, -bound, bound);
    rows.add_angle(row, s.body_b, 1.0);
    rows.add_angle(row, s.body_a, -1.0);
  }
}

}  // namespace hilsim::sim::contact
