// A planar multibody system with contact, as the impulse–momentum step of Peiret et al. (contact tasks), §5–6
// sees it: bodies in maximal coordinates (planar_body.h), the joints between them, and the contact geometry
// (polygons whose corners may touch segments). Built once, then stepped (time_stepper.h); what a
// step needs in memory follows from the counts here (max_rows), so the step itself allocates nothing.
//
// Every constraint is one or more rows η = A v of the Jacobian (Peiret et al. (contact tasks), eq. (1)) with
// its force limits (eq. (25)) and its own stiffness K and damping D (eqs. (31)–(34)):
//   revolute  2 rows  Φ = p_a − p_b (the joint's point on each body, world axes) [m],  λ free
//   weld      3 rows  the revolute rows and Φ = θ_a − θ_b − θ_ab [rad],               λ free
//   servo     1 row   Φ = θ_b − θ_a − θ_ref [rad], b = θ̇_ref,   |λ| ≤ h τ_max  (a joint's angle or,
//                     with K = 0, its rate, followed by a motor of torque τ_max)
//   contact   2 rows per touching corner: normal, Φ = the gap [m], λ_n ≥ 0 (eq. (4));
//             tangential, no position term, |λ_t| ≤ μ λ̄_n with λ̄_n the corner's normal impulse of
//             the previous step (the box friction model, eq. (25) and the text after it).
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "sim/contact/planar_body.h"

namespace hilsim::sim::contact {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Stiffness K [N/m] or [N·m/rad] (0: no position term; ∞: the position error is removed in one step)
// and damping D [N·s/m] or [N·m·s/rad] of a row (Peiret et al. (contact tasks), eq. (31)); K > 0 or D > 0,
// not both ∞. K = ∞ with D = 0, or D = ∞, makes the row rigid (C = 0, regularisation.h).
struct RowCompliance {
  double stiffness = kInfinity;
  double damping = 0.0;
};

struct Revolute {
  int body_a = 0;
  int body_b = 0;
  Vec2 point_a = Vec2::Zero();  // the joint in body a's frame [m]
  Vec2 point_b = Vec2::Zero();  // the joint in body b's frame [m]
  RowCompliance compliance;
};

struct Weld {
  int body_a = 0;
  int body_b = 0;
  Vec2 point_a = Vec2::Zero();  // [m]
  Vec2 point_b = Vec2::Zero();  // [m]
  double angle = 0.0;           // θ_ab = θ_a − θ_b held by the weld [rad]
  RowCompliance linear;
  RowCompliance angular;
};

struct Servo {
  int body_a = 0;
  int body_b = 0;
  double angle_ref = 0.0;           // θ_ref of θ_b − θ_a [rad], updated before each step
  double rate_ref = 0.0;            // θ̇_ref [rad/s], updated before each step
  double torque_limit = kInfinity;  // τ_max [N·m] > 0
  RowCompliance compliance;         // K = 0 for a rate servo
};

// A convex or open chain of corners fixed to a body; only the corners take part in contact.
struct Polygon {
  int body = 0;
  std::vector<Vec2> vertices;  // body frame [m]
};

// A straight edge fixed to a body; corners touch it from its free side, the left of start → end.
struct Segment {
  int body = 0;
  Vec2 start = Vec2::Zero();  // body frame [m]
  Vec2 end = Vec2::Zero();    // body frame [m]
};

struct ContactPair {
  int polygon = 0;
  int segment = 0;
  double friction = 0.0;           // μ ≥ 0
  RowCompliance normal{1e7, 1e4};  // of the normal rows
  double friction_damping = 1e6;   // D of the tangential rows [N·s/m] > 0 (∞: rigid, C = 0)
};

// When a corner–segment pair becomes a contact: gap < margin and gap > −depth_limit [m], with the
// corner's projection on the segment inside it.
struct DetectionSettings {
  double margin = 1e-3;       // [m] ≥ 0
  double depth_limit = 0.02;  // [m] > 0
};

struct PlanarSystem {
  std::vector<PlanarBody> bodies;
  std::vector<Revolute> revolutes;
  std::vector<Weld> welds;
  std::vector<Servo> servos;
  std::vector<Polygon> polygons;
  std::vector<Segment> segments;
  std::vector<ContactPair> pairs;
  Vec2 gravity = Vec2::Zero();  // [m/s²]
  DetectionSettings detection;

  // Each add checks its input and throws std::invalid_argument with a message naming the item,
  // the field and its accepted range; each returns the new item's index.
  int add_body(PlanarBody body);
  int add_revolute(const Revolute& joint);
  int add_weld(const Weld& joint);
  int add_servo(const Servo& servo);
  int add_polygon(Polygon polygon);
  int add_segment(const Segment& segment);
  int add_pair(const ContactPair& pair);

  int velocity_count() const { return 3 * static_cast<int>(bodies.size()); }
  // The most rows a step can assemble: every joint's rows and two rows per corner of every pair.
  int max_rows() const;
  // The most corner–segment contacts: the corners of every pair.
  int max_contacts() const;
};

// True while every body's q and v are finite numbers (a diverged run's are not).
bool finite_state(const PlanarSystem& system) noexcept;

// Throws std::invalid_argument unless K ≥ 0, D ≥ 0, K + D > 0 and not both ∞; `what` names the
// row's owner and field in the message.
void check_compliance(const RowCompliance& c, const std::string& what);

}  // namespace hilsim::sim::contact
