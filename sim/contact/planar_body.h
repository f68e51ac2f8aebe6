// A rigid body in the plane, in maximal coordinates (Peiret et al. (contact tasks), §2, eqs. (1)–(2), with N
// = I):
//   q = (x, y, θ)  [m, m, rad]      the body frame's origin in the world and its angle,
//   v = (ẋ, ẏ, θ̇)  [m/s, m/s, rad/s] so that q̇ = v,
//   M v̇ = f + Aᵀ λ,  M [kg, kg, kg·m²]  constant in the body's own coordinates.
// A rigid body's frame sits at its centre of mass, so M = diag(m, m, J) and gravity acts at the
// origin: f_gravity = (m g_x, m g_y, 0). A reduced model of another subsystem (Peiret et al. (contact tasks),
// eq. (18), "added into the simulation as additional rigid bodies with a general mass matrix", §7) carries a
// general symmetric positive-definite M̃ about its interface frame, and its effective force f̃ already
// holds the weight, so its gravity mass is 0.
//
// A kinematic body is not moved by forces: it keeps the velocity it is given and only its
// coordinates advance (q⁺ = q + h v). The world is a kinematic body at rest; a platform or a socket
// that moves on a prescribed path is a kinematic body with that velocity.
#pragma once

#include <Eigen/Dense>
#include <string>

namespace hilsim::sim::contact {

// (x, y, θ) [m, m, rad]; (ẋ, ẏ, θ̇) [m/s, m/s, rad/s]; (F_x, F_y, τ) [N, N, N·m]; or impulses [N·s, N·s,
// N·m·s].
using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec2 = Eigen::Vector2d;

enum class BodyMotion { kDynamic, kKinematic };

struct PlanarBody {
  std::string name;
  BodyMotion motion = BodyMotion::kDynamic;
  Mat3 mass = Mat3::Identity();          // M [kg, kg·m] (mixed terms), [kg·m²] (θθ)
  Mat3 mass_inverse = Mat3::Identity();  // M⁻¹; zero for a kinematic body
  double gravity_mass = 0.0;             // the mass gravity pulls at the frame's origin [kg]
  Vec3 q = Vec3::Zero();                 // [m, m, rad]
  Vec3 v = Vec3::Zero();                 // [m/s, m/s, rad/s]
  Vec3 applied = Vec3::Zero();           // applied force in world axes, set before each step [N, N, N·m]
};

// A rigid body of mass m [kg] > 0 and moment of inertia J [kg·m²] > 0 about its centre of mass,
// which is its frame's origin. Throws std::invalid_argument naming the body and the bad field.
PlanarBody rigid_body(std::string name, double mass_kg, double inertia_kgm2, const Vec3& q,
                      const Vec3& v = Vec3::Zero());

// A body with the general symmetric positive-definite mass matrix M (Peiret et al. (contact tasks), eq. (18))
// and no weight of its own. Throws std::invalid_argument when M is not symmetric positive definite.
PlanarBody general_mass_body(std::string name, const Mat3& mass, const Vec3& q, const Vec3& v = Vec3::Zero());

// A kinematic body at q moving with the velocity v (the world: at rest at the origin).
PlanarBody kinematic_body(std::string name, const Vec3& q = Vec3::Zero(), const Vec3& v = Vec3::Zero());

// Rotation by θ [rad] and the world position of the body-frame point r [m].
Eigen::Matrix2d rotation(double theta);
Vec2 world_point(const PlanarBody& body, const Vec2& r_local);

// The body's weight and applied force, f in M v̇ = f + Aᵀλ [N, N, N·m], for gravity g [m/s²].
Vec3 generalised_force(const PlanarBody& body, const Vec2& gravity);

// ½ vᵀ M v [J].
double kinetic_energy(const PlanarBody& body);

}  // namespace hilsim::sim::contact
