#include "sim/contact/planar_system.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace hilsim::sim::contact {
namespace {

void check_body(const PlanarSystem& s, int body, const std::string& what) {
  if (body < 0 || body >= static_cast<int>(s.bodies.size())) {
    throw std::invalid_argument(what + ": body index " + std::to_string(body) + " outside [0, " +
                                std::to_string(s.bodies.size()) + ")");
  }
}

void check_distinct(int a, int b, const std::string& what) {
  if (a == b) throw std::invalid_argument(what + ": body_a and body_b must differ");
}

}  // namespace

void check_compliance(const RowCompliance& c, const std::string& what) {
  if (!(c.stiffness >= 0.0) || !(c.damping >= 0.0) || !(c.stiffness + c.damping > 0.0) ||
      (std::isinf(c.stiffness) && std::isinf(c.damping))) {
    throw std::invalid_argument(
        what + ": stiffness and damping must be ≥ 0 (N/m, N·s/m), not both 0 and not both ∞");
  }
}

int PlanarSystem::add_body(PlanarBody body) {
  if (!body.q.allFinite() || !body.v.allFinite()) {
    throw std::invalid_argument("body '" + body.name + "': q and v must be finite");
  }
  bodies.push_back(std::move(body));
  return static_cast<int>(bodies.size()) - 1;
}

int PlanarSystem::add_revolute(const Revolute& joint) {
  const std::string what = "revolute " + std::to_string(revolutes.size());
  check_body(*this, joint.body_a, what);
  check_body(*this, joint.body_b, what);
  check_distinct(joint.body_a, joint.body_b, what);
  check_compliance(joint.compliance, what + " compliance");
  revolutes.push_back(joint);
  return static_cast<int>(revolutes.size()) - 1;
}

int PlanarSystem::add_weld(const Weld& joint) {
  const std::string what = "weld " + std::to_string(welds.size());
  check_body(*this, joint.body_a, what);
  check_body(*this, joint.body_b, what);
  check_distinct(joint.body_a, joint.body_b, what);
  check_compliance(joint.linear, what + " linear");
  check_compliance(joint.angular, what + " angular");
  welds.push_back(joint);
  return static_cast<int>(welds.size()) - 1;
}

int PlanarSystem::add_servo(const Servo& servo) {
  const std::string what = "servo " + std::to_string(servos.size());
  check_body(*this, servo.body_a, what);
  check_body(*this, servo.body_b, what);
  check_distinct(servo.body_a, servo.body_b, what);
  check_compliance(servo.compliance, what + " compliance");
  if (!(servo.torque_limit > 0.0)) throw std::invalid_argument(what + ": torque_limit must be > 0 N·m");
  servos.push_back(servo);
  return static_cast<int>(servos.size()) - 1;
}

int PlanarSystem::add_polygon(Polygon polygon) {
  const std::string what = "polygon " + std::to_string(polygons.size());
  check_body(*this, polygon.body, what);
  if (polygon.vertices.empty()) throw std::invalid_argument(what + ": needs at least 1 vertex");
  polygons.push_back(std::move(polygon));
  return static_cast<int>(polygons.size()) - 1;
}

int PlanarSystem::add_segment(const Segment& segment) {
  const std::string what = "segment " + std::to_string(segments.size());
  check_body(*this, segment.body, what);
  if (!((segment.end - segment.start).norm() > 0.0)) {
    throw std::invalid_argument(what + ": start and end must differ");
  }
  segments.push_back(segment);
  return static_cast<int>(segments.size()) - 1;
}

int PlanarSystem::add_pair(const ContactPair& pair) {
  const std::string what = "contact pair " + std::to_string(pairs.size());
  if (pair.polygon < 0 || pair.polygon >= static_cast<int>(polygons.size())) {
    throw std::invalid_argument(what + ": polygon index outside [0, " + std::to_string(polygons.size()) +
                                ")");
  }
  if (pair.segment < 0 || pair.segment >= static_cast<int>(segments.size())) {
    throw std::invalid_argument(what + ": segment index outside [0, " + std::to_string(segments.size()) +
                                ")");
  }
  if (polygons[pair.polygon].body == segments[pair.segment].body) {
    throw std::invalid_argument(what + ": polygon and segment are on the same body");
  }
  if (!(pair.friction >= 0.0) || !std::isfinite(pair.friction)) {
    throw std::invalid_argument(what + ": friction must be finite and ≥ 0");
  }
  check_compliance(pair.normal, what + " normal");
  if (!(pair.friction_damping > 0.0))
    throw std::invalid_argument(what + ": friction_damping must be > 0 N·s/m");
  pairs.push_back(pair);
  return static_cast<int>(pairs.size()) - 1;
}

bool finite_state(const PlanarSystem& system) noexcept {
  for (const PlanarBody& b : system.bodies) {
    if (!b.q.allFinite() || !b.v.allFinite()) return false;
  }
  return true;
}

int PlanarSystem::max_contacts() const {
  int n = 0;
  for (const ContactPair& p : pairs) n += static_cast<int>(polygons[p.polygon].vertices.size());
  return n;
}

int PlanarSystem::max_rows() const {
  return 2 * static_cast<int>(revolutes.size()) + 3 * static_cast<int>(welds.size()) +
         static_cast<int>(servos.size()) + 2 * max_contacts();
}

}  // namespace hilsim::sim::contact
