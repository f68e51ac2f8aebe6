// join(): the arm side as it is, the tool side's items after it with their body, polygon and segment
// indices shifted, and the interface weld last; the two sides must agree on gravity.
#include "sim/contact/coupled_systems.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace hilsim::sim::contact {
namespace {

CoupledSystems two_sides() {
  CoupledSystems s;
  s.arm.add_body(kinematic_body("world"));
  s.arm_body = s.arm.add_body(rigid_body("link", 2.0, 0.1, Vec3(0.5, 0.0, 0.0)));
  s.arm.add_revolute({0, 1, Vec2::Zero(), Vec2(-0.5, 0.0), {}});
  s.tool.add_body(kinematic_body("ground"));
  s.tool_body = s.tool.add_body(rigid_body("box", 1.0, 0.01, Vec3(1.1, 0.0, 0.0)));
  const int box = s.tool.add_polygon({1, {Vec2(-0.1, -0.1), Vec2(0.1, -0.1)}});
  const int floor = s.tool.add_segment({0, Vec2(-5.0, -1.0), Vec2(5.0, -1.0)});
  s.tool.add_pair({box, floor, 0.5, {1e6, 1e3}, 1e4});
  s.weld = {Vec2(0.5, 0.0), Vec2(-0.1, 0.0), 0.0};
  return s;
}

TEST(CoupledSystems, JoinShiftsTheToolSideAndWeldsTheInterfaceBodies) {
  const CoupledSystems s = two_sides();
  const PlanarSystem whole = join(s, {1e9, 0.0}, {1e8, 0.0});
  ASSERT_EQ(whole.bodies.size(), 4u);
  EXPECT_EQ(whole.bodies[3].name, "box");
  EXPECT_EQ(joined_tool_body(s, s.tool_body), 3);
  ASSERT_EQ(whole.polygons.size(), 1u);
  EXPECT_EQ(whole.polygons[0].body, 3);
  EXPECT_EQ(whole.segments[0].body, 2);
  ASSERT_EQ(whole.welds.size(), 1u);
  EXPECT_EQ(whole.welds[0].body_a, 1);
  EXPECT_EQ(whole.welds[0].body_b, 3);
  EXPECT_EQ(whole.welds[0].point_b, Vec2(-0.1, 0.0));
  EXPECT_EQ(whole.welds[0].linear.stiffness, 1e9);
  EXPECT_EQ(whole.max_rows(), s.arm.max_rows() + s.tool.max_rows() + 3);
}

TEST(CoupledSystems, SidesThatDisagreeOnGravityAreRefused) {
  CoupledSystems s = two_sides();
  s.tool.gravity = Vec2(0.0, -9.81);
  EXPECT_THROW(join(s), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim::contact
