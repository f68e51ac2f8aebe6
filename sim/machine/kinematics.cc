#include "sim/machine/kinematics.h"

#include <cmath>

namespace hilsim::sim::machine {

namespace {

Eigen::Vector2d perp(const Eigen::Vector2d& v) { return {-v[1], v[0]}; }

Eigen::Vector2d rotate(const BodyKinematics& b, const Eigen::Vector2d& local) {
  return {b.cos * local[0] - b.sin * local[1], b.sin * local[0] + b.cos * local[1]};
}

// The ground as a body: at rest, frame = world.
BodyKinematics ground_kinematics(int n) {
  BodyKinematics g;
  g.J_origin.setZero(2, n);
  g.J_angle.setZero(n);
  return g;
}

// Body `b` from its parent's kinematics through its tree joint.
void child_kinematics(const Joint& joint, const BodyKinematics& parent, double q, double q_dot,
                      int coordinate, BodyKinematics& child) {
  // The joint point on the parent (revolute), or the slider's point moved along the axis (prismatic).
  const bool prismatic = joint.type == JointType::kPrismatic;
  const Eigen::Vector2d axis_world = rotate(parent, joint.axis);
  const Eigen::Vector2d d_parent = rotate(parent, joint.parent_at) +
                                   (prismatic ? Eigen::Vector2d(q * axis_world) : Eigen::Vector2d::Zero());
  const Eigen::Vector2d r_joint = parent.origin + d_parent;
  Eigen::Vector2d v_joint = parent.velocity + parent.omega * perp(d_parent);
  Eigen::Vector2d a_joint = parent.bias - parent.omega * parent.omega * d_parent;
  Mat2Q J_joint = parent.J_origin + perp(d_parent) * parent.J_angle;
  child.J_angle = parent.J_angle;
  if (prismatic) {
    v_joint += q_dot * axis_world;
    a_joint += 2.0 * parent.omega * q_dot * perp(axis_world);
    J_joint.col(coordinate) += axis_world;
    child.angle = parent.angle;
    child.cos = parent.cos;
    child.sin = parent.sin;
    child.omega = parent.omega;
  } else {
    child.angle = parent.angle + q;
    child.cos = std::cos(child.angle);
    child.sin = std::sin(child.angle);
    child.omega = parent.omega + q_dot;
    child.J_angle[coordinate] += 1.0;
  }
  // The child's origin sits at −R(φ_child) c from the joint point.
  const Eigen::Vector2d d_child = rotate(child, joint.child_at);
  child.origin = r_joint - d_child;
  child.velocity = v_joint - child.omega * perp(d_child);
  child.bias = a_joint + child.omega * child.omega * d_child;
  child.J_origin = J_joint - perp(d_child) * child.J_angle;
}

}  // namespace

void forward_kinematics(const MachineModel& model, const VecQ& q, const VecQ& q_dot, MachineData& data) {
  const int n = model.coordinates();
  data.q = q;
  data.q_dot = q_dot;
  const BodyKinematics ground = ground_kinematics(n);
  for (int b = 0; b < n; ++b) {
    const Body& body = model.bodies[b];
    const BodyKinematics& parent = body.parent == kGround ? ground : data.bodies[body.parent];
    child_kinematics(model.joints[body.joint], parent, q[b], q_dot[b], b, data.bodies[b]);
    data.bodies[b].centre_of_mass = point_kinematics(model, data, b, body.centre_of_mass);
  }
}

Eigen::Vector2d point_position(const MachineData& data, int body, const Eigen::Vector2d& at) {
  if (body == kGround) return at;
  const BodyKinematics& b = data.bodies[body];
  return b.origin + rotate(b, at);
}

PointKinematics point_kinematics(const MachineModel& model, const MachineData& data, int body,
                                 const Eigen::Vector2d& at) {
  PointKinematics p;
  if (body == kGround) {
    p.position = at;
    p.J.setZero(2, model.coordinates());
    return p;
  }
  const BodyKinematics& b = data.bodies[body];
  const Eigen::Vector2d d = rotate(b, at);
  p.position = b.origin + d;
  p.velocity = b.velocity + b.omega * perp(d);
  p.bias = b.bias - b.omega * b.omega * d;
  p.J = b.J_origin + perp(d) * b.J_angle;
  return p;
}

CylinderKinematics cylinder_kinematics(const MachineModel& model, const MachineData& data, int cylinder) {
  const Cylinder& c = model.cylinders[cylinder];
  const Point& base = model.points[c.base_point];
  const Point& rod = model.points[c.rod_point];
  const PointKinematics a = point_kinematics(model, data, base.body, base.at);
  const PointKinematics b = point_kinematics(model, data, rod.body, rod.at);
  const Eigen::Vector2d d = b.position - a.position;
  const Eigen::Vector2d d_dot = b.velocity - a.velocity;
  CylinderKinematics k;
  k.s = d.norm();
  const Eigen::Vector2d u = d / k.s;
  k.J = u.transpose() * (b.J - a.J);
  k.s_dot = u.dot(d_dot);
  k.J_dot_q_dot = u.dot(b.bias - a.bias) + (d_dot.squaredNorm() - k.s_dot * k.s_dot) / k.s;
  return k;
}

}  // namespace hilsim::sim::machine
