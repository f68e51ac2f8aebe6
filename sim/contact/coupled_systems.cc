#include "sim/contact/coupled_systems.h"

#include <stdexcept>

namespace hilsim::sim::contact {

namespace {

void check_agree(const CoupledSystems& s) {
  if (s.arm.gravity != s.tool.gravity) {
    throw std::invalid_argument("coupled systems: gravity differs between the arm and the tool side");
  }
  if (s.arm.detection.margin != s.tool.detection.margin ||
      s.arm.detection.depth_limit != s.tool.detection.depth_limit) {
    throw std::invalid_argument(
        "coupled systems: detection settings differ between the arm and the tool side");
  }
}

}  // namespace

PlanarSystem join(const CoupledSystems& s, const RowCompliance& linear, const RowCompliance& angular) {
  check_agree(s);
  PlanarSystem whole = s.arm;
  const int shift = static_cast<int>(s.arm.bodies.size());
  for (const PlanarBody& b : s.tool.bodies) whole.add_body(b);
  for (Revolute j : s.tool.revolutes) {
    j.body_a += shift;
    j.body_b += shift;
    whole.add_revolute(j);
  }
  for (Weld w : s.tool.welds) {
    w.body_a += shift;
    w.body_b += shift;
    whole.add_weld(w);
  }
  for (Servo v : s.tool.servos) {
    v.body_a += shift;
    v.body_b += shift;
    whole.add_servo(v);
  }
  const int polygon_shift = static_cast<int>(whole.polygons.size());
  const int segment_shift = static_cast<int>(whole.segments.size());
  for (Polygon p : s.tool.polygons) {
    p.body += shift;
    whole.add_polygon(std::move(p));
  }
  for (Segment g : s.tool.segments) {
    g.body += shift;
    whole.add_segment(g);
  }
  for (ContactPair c : s.tool.pairs) {
    c.polygon += polygon_shift;
    c.segment += segment_shift;
    whole.add_pair(c);
  }
  Weld weld;
  weld.body_a = s.arm_body;
  weld.body_b = shift + s.tool_body;
  weld.point_a = s.weld.arm_point;
  weld.point_b = s.weld.tool_point;
  weld.angle = s.weld.angle;
  weld.linear = linear;
  weld.angular = angular;
  whole.add_weld(weld);
  return whole;
}

}  // namespace hilsim::sim::contact
