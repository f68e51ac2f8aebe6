#include "sim/machine/kinematics.h"

#include <cmath>

namespace hilsim::sim::machine {

namespace {

[[gnu::always_inline]] inline Eigen::Vector2d perp(const Eigen::Vector2d& v) { return {-v[1], v[0]}; }

// R(φ) v.
[[gnu::always_inline]] inline Eigen::Vector2d rotate(double cos, double sin, const Eigen::Vector2d& v) {
  return {cos * v[0] - sin * v[1], sin * v[0] + cos * v[1]};
}
[[gnu::always_inline]] inline Eigen::Vector2d rotate(const BodyKinematics& b, const Eigen::Vector2d& local) {
  return rotate(b.cos, b.sin, local);
}

// J_out = J_o + d⊥ J_φ column by column, into J_out's own storage. The Jacobians are written in place
// and never through Eigen temporaries: a matrix of fixed maximal size copies its whole buffer (2 × 16
// doubles) however few columns it uses, which took a fifth of the LIM crane's mechanics step.
[[gnu::always_inline]] inline void shifted_jacobian(const Mat2Q& J_o, const RowQ& J_phi,
                                                    const Eigen::Vector2d& d, int n, Mat2Q& J_out) {
  J_out.resize(2, n);
  for (int i = 0; i < n; ++i) {
    J_out(0, i) = J_o(0, i) - d[1] * J_phi[i];
    J_out(1, i) = J_o(1, i) + d[0] * J_phi[i];
  }
}

// A body frame's motion, as values: what a point's kinematics read of it.
struct FrameMotion {
  Eigen::Vector2d origin, velocity, bias;  // [m], [m/s], [m/s²]
  double omega, cos, sin;                  // [rad/s], [-]
};

[[gnu::always_inline]] inline FrameMotion motion_of(const BodyKinematics& b) {
  return {b.origin, b.velocity, b.bias, b.omega, b.cos, b.sin};
}

[[gnu::always_inline]] inline void point_kinematics_into(const FrameMotion& b, const Mat2Q& J_origin,
                                                         const RowQ& J_angle, const Eigen::Vector2d& at,
                                                         int n, PointKinematics& p) {
  const Eigen::Vector2d d = rotate(b.cos, b.sin, at);
  p.position = b.origin + d;
  p.velocity = b.velocity + b.omega * perp(d);
  p.bias = b.bias - b.omega * b.omega * d;
  shifted_jacobian(J_origin, J_angle, d, n, p.J);
}

// Body `b` from its parent's kinematics through its tree joint, and its centre of mass. The child's
// motion is handed to the centre of mass as values, not read back from `child`: a vector load of
// what was just stored as two scalars waits for the stores to retire (no store forwarding), which
// was most of the forward kinematics' time.
void child_kinematics(const Joint& joint, const BodyKinematics& parent, double q, double q_dot,
                      int coordinate, int n, const Eigen::Vector2d& centre_of_mass, BodyKinematics& child) {
  // The joint point on the parent (revolute), or the slider's point moved along the axis (prismatic).
  const bool prismatic = joint.type == JointType::kPrismatic;
  const Eigen::Vector2d axis_world = rotate(parent, joint.axis);
  const Eigen::Vector2d d_parent = rotate(parent, joint.parent_at) +
                                   (prismatic ? Eigen::Vector2d(q * axis_world) : Eigen::Vector2d::Zero());
  const Eigen::Vector2d r_joint = parent.origin + d_parent;
  Eigen::Vector2d v_joint = parent.velocity + parent.omega * perp(d_parent);
  Eigen::Vector2d a_joint = parent.bias - parent.omega * parent.omega * d_parent;
  shifted_jacobian(parent.J_origin, parent.J_angle, d_parent, n, child.J_origin);  // the joint point's
  child.J_angle.resize(n);
  for (int i = 0; i < n; ++i) child.J_angle[i] = parent.J_angle[i];
  FrameMotion m{};
  if (prismatic) {
    v_joint += q_dot * axis_world;
    a_joint += 2.0 * parent.omega * q_dot * perp(axis_world);
    child.J_origin.col(coordinate) += axis_world;
    child.angle = parent.angle;
    m.cos = parent.cos;
    m.sin = parent.sin;
    m.omega = parent.omega;
  } else {
    child.angle = parent.angle + q;
    m.cos = std::cos(child.angle);
    m.sin = std::sin(child.angle);
    m.omega = parent.omega + q_dot;
    child.J_angle[coordinate] += 1.0;
  }
  // The child's origin sits at −R(φ_child) c from the joint point.
  const Eigen::Vector2d d_child = rotate(m.cos, m.sin, joint.child_at);
  m.origin = r_joint - d_child;
  m.velocity = v_joint - m.omega * perp(d_child);
  m.bias = a_joint + m.omega * m.omega * d_child;
  shifted_jacobian(child.J_origin, child.J_angle, -d_child, n, child.J_origin);  // in place: column-wise
  child.cos = m.cos;
  child.sin = m.sin;
  child.omega = m.omega;
  child.origin = m.origin;
  child.velocity = m.velocity;
  child.bias = m.bias;
  point_kinematics_into(m, child.J_origin, child.J_angle, centre_of_mass, n, child.centre_of_mass);
}

}  // namespace

void forward_kinematics(const MachineModel& model, const VecQ& q, const VecQ& q_dot, MachineData& data) {
  const int n = model.coordinates();
  data.q = q;
  data.q_dot = q_dot;
  for (int b = 0; b < n; ++b) {
    const Body& body = model.bodies[b];
    const BodyKinematics& parent = body.parent == kGround ? data.ground : data.bodies[body.parent];
    BodyKinematics& child = data.bodies[b];
    child_kinematics(model.joints[body.joint], parent, q[b], q_dot[b], b, n, body.centre_of_mass, child);
  }
}

Eigen::Vector2d point_position(const MachineData& data, int body, const Eigen::Vector2d& at) {
  if (body == kGround) return at;
  const BodyKinematics& b = data.bodies[body];
  return b.origin + rotate(b, at);
}

PointKinematics point_kinematics(const MachineModel& model, const MachineData& data, int body,
                                 const Eigen::Vector2d& at) {
  const BodyKinematics& b = body == kGround ? data.ground : data.bodies[body];
  PointKinematics p;
  point_kinematics_into(motion_of(b), b.J_origin, b.J_angle, at, model.coordinates(), p);
  return p;
}

namespace {

// A point's position, velocity and bias acceleration, without its Jacobian.
struct PointMotion {
  Eigen::Vector2d d, position, velocity, bias;  // d: from the body's origin [m]
};
[[gnu::always_inline]] inline PointMotion point_motion(const BodyKinematics& b, const Eigen::Vector2d& at) {
  PointMotion p;
  p.d = rotate(b, at);
  p.position = b.origin + p.d;
  p.velocity = b.velocity + b.omega * perp(p.d);
  p.bias = b.bias - b.omega * b.omega * p.d;
  return p;
}

// uᵀ ∂r_P/∂q for the point P = origin + d of body b: uᵀ(J_o + d⊥ J_φ), column i (no Jacobian of the
// point is formed: see shifted_jacobian). Zero on the ground.
[[gnu::always_inline]] inline double projected_jacobian(const BodyKinematics& b, double u_perp_d,
                                                        const Eigen::Vector2d& u, Eigen::Index i) {
  return u[0] * b.J_origin(0, i) + u[1] * b.J_origin(1, i) + u_perp_d * b.J_angle[i];
}

}  // namespace

CylinderKinematics cylinder_kinematics(const MachineModel& model, const MachineData& data, int cylinder) {
  const Cylinder& c = model.cylinders[cylinder];
  const Point& base = model.points[c.base_point];
  const Point& rod = model.points[c.rod_point];
  const BodyKinematics& A = base.body == kGround ? data.ground : data.bodies[base.body];
  const BodyKinematics& B = rod.body == kGround ? data.ground : data.bodies[rod.body];
  const PointMotion a = point_motion(A, base.at);
  const PointMotion b = point_motion(B, rod.at);
  const Eigen::Vector2d d = b.position - a.position;
  const Eigen::Vector2d d_dot = b.velocity - a.velocity;
  CylinderKinematics k;
  k.s = d.norm();
  const Eigen::Vector2d u = d / k.s;
  const double u_perp_a = u[1] * a.d[0] - u[0] * a.d[1];  // uᵀ d⊥
  const double u_perp_b = u[1] * b.d[0] - u[0] * b.d[1];
  k.J.resize(model.coordinates());
  for (Eigen::Index i = 0; i < k.J.cols(); ++i) {
    k.J[i] = projected_jacobian(B, u_perp_b, u, i) - projected_jacobian(A, u_perp_a, u, i);
  }
  k.s_dot = u.dot(d_dot);
  k.J_dot_q_dot = u.dot(b.bias - a.bias) + (d_dot.squaredNorm() - k.s_dot * k.s_dot) / k.s;
  return k;
}

}  // namespace hilsim::sim::machine
