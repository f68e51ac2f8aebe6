#include "sim/contact/contact_detection.h"

namespace hilsim::sim::contact {

int detect_contacts(const PlanarSystem& system, std::span<ContactPoint> out) noexcept {
  int count = 0;
  int key = 0;
  for (int pair_index = 0; pair_index < static_cast<int>(system.pairs.size()); ++pair_index) {
    const ContactPair& pair = system.pairs[pair_index];
    const Polygon& polygon = system.polygons[pair.polygon];
    const Segment& segment = system.segments[pair.segment];
    const PlanarBody& corner_body = system.bodies[polygon.body];
    const Vec2 a = world_point(system.bodies[segment.body], segment.start);
    const Vec2 b = world_point(system.bodies[segment.body], segment.end);
    const double length = (b - a).norm();
    const Vec2 t = (b - a) / length;
    const Vec2 n(-t.y(), t.x());
    for (int corner = 0; corner < static_cast<int>(polygon.vertices.size()); ++corner, ++key) {
      const Vec2 p = world_point(corner_body, polygon.vertices[corner]);
      const double s = t.dot(p - a);
      const double gap = n.dot(p - a);
      if (s < 0.0 || s > length || !(gap < system.detection.margin) ||
          !(gap > -system.detection.depth_limit)) {
        continue;
      }
      out[count++] = ContactPoint{pair_index, corner, key, p, n, t, gap};
    }
  }
  return count;
}

}  // namespace hilsim::sim::contact
