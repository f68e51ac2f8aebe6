// Corner–segment contact detection (sim/contact/contact_detection.h) and the contact rows built
// from it (sim/contact/contact_rows.h): gaps, normals, tangents, the margin and the depth limit, and
// the rows' Jacobian against finite differences of the gap.
#include "sim/contact/contact_detection.h"

#include <gtest/gtest.h>

#include <array>
#include <numbers>

#include "sim/contact/contact_rows.h"

namespace hilsim::sim::contact {
namespace {

// A 0.4 m × 0.2 m box (body 1) with its bottom `lift` [m] above a segment from (−1, 0) to (1, 0) on
// the world, or on a second body (body 2) placed at `segment_pose`.
PlanarSystem box_over_segment(double lift, double box_x = 0.0, bool segment_on_body = false,
                              const Vec3& segment_pose = Vec3::Zero()) {
  PlanarSystem s;
  s.add_body(kinematic_body("world"));
  const int box = s.add_body(rigid_body("box", 2.0, 0.1, Vec3(box_x, 0.1 + lift, 0.0)));
  const int base = segment_on_body ? s.add_body(rigid_body("base", 3.0, 0.2, segment_pose)) : 0;
  const int polygon =
      s.add_polygon(Polygon{box, {Vec2(-0.2, -0.1), Vec2(0.2, -0.1), Vec2(0.2, 0.1), Vec2(-0.2, 0.1)}});
  const int segment = s.add_segment(Segment{base, Vec2(-1.0, 0.0), Vec2(1.0, 0.0)});
  s.add_pair(ContactPair{polygon, segment, 0.5, RowCompliance{1e6, 1e3}, 1e5});
  return s;
}

std::vector<ContactPoint> detect(const PlanarSystem& s) {
  std::vector<ContactPoint> out(s.max_contacts());
  out.resize(detect_contacts(s, out));
  return out;
}

TEST(ContactDetection, BottomCornersOfASunkBoxTouchWithTheirDepth) {
  const auto contacts = detect(box_over_segment(-5e-4));
  ASSERT_EQ(contacts.size(), 2U);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(contacts[i].corner, i);
    EXPECT_EQ(contacts[i].key, i);
    EXPECT_NEAR(contacts[i].gap, -5e-4, 1e-15);
    EXPECT_TRUE(contacts[i].normal.isApprox(Vec2(0.0, 1.0)));
    EXPECT_TRUE(contacts[i].tangent.isApprox(Vec2(1.0, 0.0)));
  }
  EXPECT_NEAR(contacts[1].point.x(), 0.2, 1e-15);
}

TEST(ContactDetection, CornersWithinTheMarginAreContactsAndFartherOnesAreNot) {
  const PlanarSystem near = box_over_segment(5e-4);  // margin 1 mm
  ASSERT_EQ(detect(near).size(), 2U);
  EXPECT_NEAR(detect(near)[0].gap, 5e-4, 1e-15);
  EXPECT_TRUE(detect(box_over_segment(2e-3)).empty());
}

TEST(ContactDetection, CornersOffTheSegmentOrBehindTheDepthLimitAreNotContacts) {
  EXPECT_EQ(detect(box_over_segment(-1e-4, 0.9)).size(), 1U);  // the right corner is past x = 1
  EXPECT_TRUE(detect(box_over_segment(-1e-4, 1.5)).empty());
  EXPECT_TRUE(detect(box_over_segment(-0.03)).empty());  // deeper than depth_limit = 0.02 m
}

TEST(ContactDetection, ASegmentOnARotatedBodyFacesItsLeftSide) {
  // The base turned by 90° about (0.2005, 0): the segment runs from (0.2005, −1) to (0.2005, 1), its
  // free side is −x, where the box's right corners (x = 0.2) are, 0.5 mm away.
  const PlanarSystem s = box_over_segment(0.0, 0.0, true, Vec3(0.2005, 0.0, std::numbers::pi / 2));
  const auto contacts = detect(s);
  ASSERT_EQ(contacts.size(), 2U);
  EXPECT_EQ(contacts[0].corner, 1);
  EXPECT_EQ(contacts[1].corner, 2);
  EXPECT_TRUE(contacts[0].normal.isApprox(Vec2(-1.0, 0.0)));
  EXPECT_NEAR(contacts[0].gap, 5e-4, 1e-12);
}

// The normal row gives the gap's rate: A_n v = d g/dt along q̇ = v, by central differences, with the
// segment on a moving, turning body (both bodies' columns are exercised).
TEST(ContactDetection, NormalRowIsTheRateOfTheGap) {
  PlanarSystem s = box_over_segment(-1e-4, 0.1, true, Vec3(0.05, 0.0, 0.02));
  s.bodies[1].q.z() = 0.01;
  const Vec3 v_box(0.3, -0.7, 1.1);
  const Vec3 v_base(-0.2, 0.4, -0.6);
  s.bodies[1].v = v_box;
  s.bodies[2].v = v_base;
  const auto contacts = detect(s);
  ASSERT_EQ(contacts.size(), 2U);
  ConstraintRows rows;
  rows.reserve(s.max_rows(), s.velocity_count());
  const std::vector<double> previous(s.max_contacts(), 0.0);
  append_contact_rows(s, contacts, previous, rows);
  Eigen::VectorXd v(s.velocity_count());
  v << Vec3::Zero(), v_box, v_base;
  const double eps = 1e-6;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    std::array<double, 2> gaps{};
    for (int side = 0; side < 2; ++side) {
      PlanarSystem moved = s;
      const double sign = side == 0 ? 1.0 : -1.0;
      moved.bodies[1].q += sign * eps * v_box;
      moved.bodies[2].q += sign * eps * v_base;
      const auto c = detect(moved);
      ASSERT_EQ(c.size(), contacts.size());
      gaps[side] = c[i].gap;
    }
    const double rate = (gaps[0] - gaps[1]) / (2 * eps);
    EXPECT_NEAR(rows.jacobian.row(2 * static_cast<int>(i)).dot(v), rate, 1e-7) << "contact " << i;
    EXPECT_EQ(rows.kind[2 * i], RowKind::kNormal);
    EXPECT_EQ(rows.kind[2 * i + 1], RowKind::kFriction);
    EXPECT_EQ(rows.upper[2 * i + 1], 0.0);  // no normal impulse yet: no friction
  }
}

}  // namespace
}  // namespace hilsim::sim::contact
