#include "sim/contact/planar_body.h"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace hilsim::sim::contact {

PlanarBody rigid_body(std::string name, double mass_kg, double inertia_kgm2, const Vec3& q, const Vec3& v) {
  if (!(mass_kg > 0.0) || !std::isfinite(mass_kg)) {
    throw std::invalid_argument("body '" + name + "': mass must be finite and > 0 kg");
  }
  if (!(inertia_kgm2 > 0.0) || !std::isfinite(inertia_kgm2)) {
    throw std::invalid_argument("body '" + name + "': moment of inertia must be finite and > 0 kg·m²");
  }
  PlanarBody body;
  body.name = std::move(name);
  body.mass = Vec3(mass_kg, mass_kg, inertia_kgm2).asDiagonal();
  body.mass_inverse = Vec3(1.0 / mass_kg, 1.0 / mass_kg, 1.0 / inertia_kgm2).asDiagonal();
  body.gravity_mass = mass_kg;
  body.q = q;
  body.v = v;
  return body;
}

PlanarBody general_mass_body(std::string name, const Mat3& mass, const Vec3& q, const Vec3& v) {
  const Eigen::LLT<Mat3> llt(mass);
  if (!mass.isApprox(mass.transpose(), 1e-12) || llt.info() != Eigen::Success || !mass.allFinite()) {
    throw std::invalid_argument("body '" + name + "': mass matrix must be symmetric positive definite");
  }
  PlanarBody body;
  body.name = std::move(name);
  body.mass = mass;
  body.mass_inverse = llt.solve(Mat3::Identity());
  body.gravity_mass = 0.0;
  body.q = q;
  body.v = v;
  return body;
}

PlanarBody kinematic_body(std::string name, const Vec3& q, const Vec3& v) {
  PlanarBody body;
  body.name = std::move(name);
  body.motion = BodyMotion::kKinematic;
  body.mass = Mat3::Zero();
  body.mass_inverse = Mat3::Zero();
  body.q = q;
  body.v = v;
  return body;
}

Eigen::Matrix2d rotation(double theta) {
  const double c = std::cos(theta);
  const double s = std::sin(theta);
  Eigen::Matrix2d r;
  r << c, -s, s, c;
  return r;
}

Vec2 world_point(const PlanarBody& body, const Vec2& r_local) {
  return body.q.head<2>() + rotation(body.q.z()) * r_local;
}

Vec3 generalised_force(const PlanarBody& body, const Vec2& gravity) {
  Vec3 f = body.applied;
  f.head<2>() += body.gravity_mass * gravity;
  return f;
}

double kinetic_energy(const PlanarBody& body) {
  if (body.motion == BodyMotion::kKinematic) return 0.0;
  return 0.5 * body.v.dot(body.mass * body.v);
}

}  // namespace hilsim::sim::contact
