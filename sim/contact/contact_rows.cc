#include "sim/contact/contact_rows.h"

namespace hilsim::sim::contact {

void append_contact_rows(const PlanarSystem& system, std::span<const ContactPoint> contacts,
                         std::span<const double> previous_normal, ConstraintRows& rows) noexcept {
  for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
    const ContactPoint& c = contacts[i];
    const ContactPair& pair = system.pairs[c.pair];
    const int corner_body = system.polygons[pair.polygon].body;
    const int segment_body = system.segments[pair.segment].body;
    const int normal = rows.append(RowKind::kNormal, pair.normal, c.gap, 0.0, 0.0, kInfinity);
    rows.add_point(normal, system.bodies[corner_body], corner_body, c.point, c.normal, 1.0);
    rows.add_point(normal, system.bodies[segment_body], segment_body, c.point, c.normal, -1.0);
    rows.contact[normal] = i;
    const double bound = pair.friction * previous_normal[c.key];
    const int tangential =
        rows.append(RowKind::kFriction, RowCompliance{0.0, pair.friction_damping}, 0.0, 0.0, -bound, bound);
    rows.add_point(tangential, system.bodies[corner_body], corner_body, c.point, c.tangent, 1.0);
    rows.add_point(tangential, system.bodies[segment_body], segment_body, c.point, c.tangent, -1.0);
    rows.contact[tangential] = i;
  }
}

}  // namespace hilsim::sim::contact
