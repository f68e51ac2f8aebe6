#include "sim/machine/body_coordinates.h"

#include <cmath>

namespace hilsim::sim::machine {

namespace {

// The first of body b's three coordinates [x, y, φ] in x.
Eigen::Index first(int b) { return 3 * static_cast<Eigen::Index>(b); }

Eigen::Vector2d perp(const Eigen::Vector2d& v) { return {-v[1], v[0]}; }
Eigen::Vector2d rotate(double phi, const Eigen::Vector2d& v) {
  const double c = std::cos(phi), s = std::sin(phi);
  return {c * v[0] - s * v[1], s * v[0] + c * v[1]};
}

// A point of a body (or the ground) in body coordinates: where it is, how it moves, how it depends on x.
struct BodyPoint {
  Eigen::Vector2d r = Eigen::Vector2d::Zero();  // [m]
  Eigen::Vector2d v = Eigen::Vector2d::Zero();  // [m/s]
  Eigen::Vector2d d = Eigen::Vector2d::Zero();  // R(φ)(p − c): from the centre of mass [m]
  double omega = 0.0;                           // φ̇ of its body [rad/s]
  int body = kGround;
};

BodyPoint body_point(const MachineModel& model, const VecX& x, const VecX& x_dot, int body,
                     const Eigen::Vector2d& at) {
  BodyPoint p;
  p.body = body;
  if (body == kGround) {
    p.r = at;
    return p;
  }
  const int i = 3 * body;
  p.d = rotate(x[i + 2], at - model.bodies[body].centre_of_mass);
  p.omega = x_dot[i + 2];
  p.r = x.segment<2>(i) + p.d;
  p.v = x_dot.segment<2>(i) + p.omega * perp(p.d);
  return p;
}

// Adds sign · ∂r/∂x of point p into the two rows `rows` of J: [I, d⊥] on its body's columns.
template <class Rows>
void add_point_jacobian(const BodyPoint& p, double sign, Rows rows) {
  if (p.body == kGround) return;
  const int i = 3 * p.body;
  rows(0, i) += sign;
  rows(1, i + 1) += sign;
  rows.col(i + 2) += sign * perp(p.d);
}

// The joint's normal n_A in the world (prismatic).
Eigen::Vector2d world_normal(const VecX& x, const Joint& j) {
  return rotate(j.parent == kGround ? 0.0 : x[3 * j.parent + 2], perp(j.axis));
}

double angle_of(const VecX& x, int body) { return body == kGround ? 0.0 : x[3 * body + 2]; }
double rate_of(const VecX& x_dot, int body) { return body == kGround ? 0.0 : x_dot[3 * body + 2]; }

}  // namespace

void body_state(const MachineModel& model, const MachineData& data, VecX& x, VecX& x_dot) {
  const int n = model.coordinates();
  x.resize(first(n));
  x_dot.resize(first(n));
  for (int b = 0; b < n; ++b) {
    const BodyKinematics& k = data.bodies[b];
    x.segment<2>(first(b)) = k.centre_of_mass.position;
    x[3 * b + 2] = k.angle;
    x_dot.segment<2>(first(b)) = k.centre_of_mass.velocity;
    x_dot[3 * b + 2] = k.omega;
  }
}

void tree_state(const MachineModel& model, const VecX& x, const VecX& x_dot, VecQ& q, VecQ& q_dot) {
  const int n = model.coordinates();
  q.resize(n);
  q_dot.resize(n);
  for (int b = 0; b < n; ++b) {
    const Joint& j = model.joints[model.bodies[b].joint];
    if (j.type == JointType::kRevolute) {
      q[b] = x[3 * b + 2] - angle_of(x, j.parent);
      q_dot[b] = x_dot[3 * b + 2] - rate_of(x_dot, j.parent);
      continue;
    }
    // The slide: the child's point from the parent's, along the axis (whose direction turns with A).
    const BodyPoint a = body_point(model, x, x_dot, j.parent, j.parent_at);
    const BodyPoint c = body_point(model, x, x_dot, j.child, j.child_at);
    const Eigen::Vector2d u = rotate(angle_of(x, j.parent), j.axis);
    q[b] = u.dot(c.r - a.r);
    q_dot[b] = u.dot(c.v - a.v) + rate_of(x_dot, j.parent) * perp(u).dot(c.r - a.r);
  }
}

VecX body_masses(const MachineModel& model) {
  VecX m(body_coordinate_count(model));
  for (int b = 0; b < model.coordinates(); ++b) {
    m.segment<3>(first(b)) << model.bodies[b].mass, model.bodies[b].mass, model.bodies[b].inertia;
  }
  return m;
}

VecX body_gravity(const MachineModel& model) {
  VecX g = VecX::Zero(body_coordinate_count(model));
  for (int b = 0; b < model.coordinates(); ++b) g[3 * b + 1] = -model.gravity * model.bodies[b].mass;
  return g;
}

VecC joint_constraints(const MachineModel& model, const VecX& x) {
  VecC Phi(joint_row_count(model));
  const VecX none = VecX::Zero(x.size());
  for (std::size_t i = 0; i < model.joints.size(); ++i) {
    const Joint& j = model.joints[i];
    const Eigen::Vector2d d = body_point(model, x, none, j.child, j.child_at).r -
                              body_point(model, x, none, j.parent, j.parent_at).r;
    const int r = 2 * static_cast<int>(i);
    if (j.type == JointType::kRevolute) {
      Phi.segment<2>(r) = d;
    } else {
      Phi[r] = world_normal(x, j).dot(d);
      Phi[r + 1] = angle_of(x, j.child) - angle_of(x, j.parent);
    }
  }
  return Phi;
}

void joint_jacobian(const MachineModel& model, const VecX& x, const VecX& x_dot, MatCX& Phi_x,
                    VecC& Phi_dot_x_x_dot) {
  Phi_x.setZero(joint_row_count(model), body_coordinate_count(model));
  Phi_dot_x_x_dot.setZero(joint_row_count(model));
  for (std::size_t i = 0; i < model.joints.size(); ++i) {
    const Joint& j = model.joints[i];
    const BodyPoint a = body_point(model, x, x_dot, j.parent, j.parent_at);
    const BodyPoint b = body_point(model, x, x_dot, j.child, j.child_at);
    const int r = 2 * static_cast<int>(i);
    // A point's acceleration at ẍ = 0 is −φ̇² d.
    const Eigen::Vector2d bias = -b.omega * b.omega * b.d + a.omega * a.omega * a.d;
    if (j.type == JointType::kRevolute) {
      add_point_jacobian(b, 1.0, Phi_x.middleRows<2>(r));
      add_point_jacobian(a, -1.0, Phi_x.middleRows<2>(r));
      Phi_dot_x_x_dot.segment<2>(r) = bias;
      continue;
    }
    // n·d, n turning with A: ∂/∂φ_A adds n⊥·d; Φ̈'s velocity part 2 ṅ·ḋ + n̈·d + n·d̈|₀ (tree version:
    // loop_closure.cc).
    const Eigen::Vector2d n = world_normal(x, j), d = b.r - a.r, d_dot = b.v - a.v;
    Eigen::Matrix<double, 2, Eigen::Dynamic, 0, 2, kMaxBodyCoordinates> Jd =
        Eigen::Matrix<double, 2, Eigen::Dynamic, 0, 2, kMaxBodyCoordinates>::Zero(2, Phi_x.cols());
    add_point_jacobian(b, 1.0, Jd.middleRows<2>(0));
    add_point_jacobian(a, -1.0, Jd.middleRows<2>(0));
    Phi_x.row(r) = n.transpose() * Jd;
    if (j.parent != kGround) Phi_x(r, 3 * j.parent + 2) += perp(n).dot(d);
    const double w = a.omega;
    Phi_dot_x_x_dot[r] = n.dot(bias) + 2.0 * w * perp(n).dot(d_dot) - w * w * n.dot(d);
    if (j.child != kGround) Phi_x(r + 1, 3 * j.child + 2) += 1.0;
    if (j.parent != kGround) Phi_x(r + 1, 3 * j.parent + 2) -= 1.0;
  }
}

BodyCylinder body_cylinder(const MachineModel& model, const VecX& x, const VecX& x_dot, int k) {
  const Cylinder& c = model.cylinders[k];
  const Point& base = model.points[c.base_point];
  const Point& rod = model.points[c.rod_point];
  const BodyPoint a = body_point(model, x, x_dot, base.body, base.at);
  const BodyPoint b = body_point(model, x, x_dot, rod.body, rod.at);
  const Eigen::Vector2d d = b.r - a.r;
  BodyCylinder out;
  out.s = d.norm();
  const Eigen::Vector2d u = d / out.s;
  out.s_dot = u.dot(b.v - a.v);
  Eigen::Matrix<double, 2, Eigen::Dynamic, 0, 2, kMaxBodyCoordinates> Jd =
      Eigen::Matrix<double, 2, Eigen::Dynamic, 0, 2, kMaxBodyCoordinates>::Zero(2, x.size());
  add_point_jacobian(b, 1.0, Jd.middleRows<2>(0));
  add_point_jacobian(a, -1.0, Jd.middleRows<2>(0));
  out.D = u.transpose() * Jd;
  return out;
}

double body_kinetic_energy(const MachineModel& model, const VecX& x_dot) {
  return 0.5 * x_dot.dot(body_masses(model).cwiseProduct(x_dot));
}

double body_potential_energy(const MachineModel& model, const VecX& x) {
  double V = 0.0;
  for (int b = 0; b < model.coordinates(); ++b) V += model.gravity * model.bodies[b].mass * x[3 * b + 1];
  return V;
}

}  // namespace hilsim::sim::machine
