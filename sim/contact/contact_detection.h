// Contact detection for the shapes the tasks need: the corners of polygons (boxes, rectangular pins)
// against straight segments (platform tops, socket walls, a pin's sides), each fixed to the world or
// to another body (planar_system.h).
//
// For a segment from a to b (world) with unit tangent t = (b − a)/|b − a| and the normal n = ẑ × t
// pointing to its free side (the left of a → b), a corner p has
//   the gap  g = n · (p − a)  [m]  (negative: the corner is inside),  and  s = t · (p − a) ∈ [0, |b − a|]
// when its projection falls on the segment. It is a contact when s is on the segment and
// −depth_limit < g < margin: a corner a little away becomes a row already, so that the step's
// regularised normal row (φ = K g/(hK + D)) stops it at the surface instead of a step later, and a
// corner deep behind a thin wall, which belongs to its other side, is not one.
// The contact point is the corner itself; the normal and tangent are the segment's.
#pragma once

#include <span>

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact {

struct ContactPoint {
  int pair = 0;    // index into PlanarSystem::pairs
  int corner = 0;  // index of the corner in the pair's polygon
  int key = 0;     // the pair's corners numbered in order over all pairs: stable from step to step,
                   // in [0, PlanarSystem::max_contacts())
  Vec2 point = Vec2::Zero();    // the corner, world [m]
  Vec2 normal = Vec2::Zero();   // n, world, unit, out of the segment's free side
  Vec2 tangent = Vec2::Zero();  // t, world, unit, along start → end
  double gap = 0.0;             // g [m]
};

// Writes the contacts at the bodies' current q into `out` (at least max_contacts() long), in the
// order of the pairs and their corners, and returns how many. Allocates nothing.
int detect_contacts(const PlanarSystem& system, std::span<ContactPoint> out) noexcept;

}  // namespace hilsim::sim::contact
