// The parts of a contact co-simulation's coupling (Peiret et al. (contact tasks), §3–4): the couplings'
// names, the interface compliance (eq. (12), angular a tenth of linear), the ports, the interface force a
// side computes (the regularised weld rows: eqs. (31)–(32)), the force a side takes (eq. (13)) and the model
// a side sends (eqs. (19)–(21)), each against an independent calculation.
#include "sim/contact/contact_coupling.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "sim/contact/coupled_subsystems.h"
#include "sim/contact/interface_model.h"
#include "sim/contact/interface_ports.h"
#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/time_stepper.h"
#include "tests/sim/contact_scenes.h"

namespace hilsim::sim::contact {
namespace {

TEST(ContactCoupling, NamesRoundTripAndOthersAreRefused) {
  for (ContactCoupling c :
       {ContactCoupling::kMonolithic, ContactCoupling::kKinematicsForce, ContactCoupling::kModelForce,
        ContactCoupling::kKinematicsModel, ContactCoupling::kModelModel}) {
    EXPECT_EQ(parse_contact_coupling(to_string(c)), c);
  }
  EXPECT_EQ(to_string(ContactCoupling::kKinematicsForce), "kinematics-force");
  EXPECT_FALSE(parse_contact_coupling("model_model").has_value());
  EXPECT_EQ(contact_coupling_names(),
            "monolithic, kinematics-force, model-force, kinematics-model, model-model");
  // "<what the tool side takes>-<what the arm side takes>".
  EXPECT_EQ(tool_takes(ContactCoupling::kModelForce), InterfaceData::kModel);
  EXPECT_EQ(arm_takes(ContactCoupling::kModelForce), InterfaceData::kForce);
  EXPECT_EQ(tool_takes(ContactCoupling::kKinematicsModel), InterfaceData::kKinematics);
  EXPECT_EQ(arm_takes(ContactCoupling::kKinematicsModel), InterfaceData::kModel);
}

TEST(ContactCoupling, AngularComplianceIsATenthOfTheLinearUnlessGiven) {
  const InterfaceCompliance c = interface_compliance(1e8, 1e4);
  EXPECT_EQ(c.linear.stiffness, 1e8);
  EXPECT_EQ(c.linear.damping, 1e4);
  EXPECT_EQ(c.angular.stiffness, 1e7);
  EXPECT_EQ(c.angular.damping, 1e3);
  const InterfaceCompliance given = interface_compliance(1e8, 1e4, 5.0, 0.0);
  EXPECT_EQ(given.angular.stiffness, 5.0);
  EXPECT_EQ(given.angular.damping, 0.0);
  EXPECT_THROW(interface_compliance(0.0, 1.0), std::invalid_argument);
  EXPECT_THROW(interface_compliance(1e3, -1.0), std::invalid_argument);
  EXPECT_THROW(interface_compliance(kInfinity, 1.0), std::invalid_argument);
  EXPECT_THROW(interface_compliance(1e3, 1.0, -2.0), std::invalid_argument);
}

TEST(InterfacePorts, EachKindRoundTripsThroughItsPorts) {
  InterfacePorts p;
  p.q = Vec3(1, 2, 3);
  p.v = Vec3(4, 5, 6);
  p.force = Vec3(7, 8, 9);
  p.mass << 10, 11, 12, 11, 13, 14, 12, 14, 15;
  p.model_force = Vec3(16, 17, 18);
  for (InterfaceData kind : {InterfaceData::kKinematics, InterfaceData::kForce, InterfaceData::kModel}) {
    std::vector<double> values(interface_port_names(kind).size());
    pack(kind, p, values);
    InterfacePorts back;
    unpack(kind, values, back);
    if (kind == InterfaceData::kForce) {
      EXPECT_EQ(back.force, p.force);
      continue;
    }
    EXPECT_EQ(back.q, p.q);
    EXPECT_EQ(back.v, p.v);
    if (kind == InterfaceData::kModel) {
      EXPECT_EQ(back.mass, p.mass);
      EXPECT_EQ(back.model_force, p.model_force);
    }
  }
  EXPECT_EQ(interface_port_names(InterfaceData::kModel).size(), 15u);
}

// Without gravity: an arm of one free link (interface body 1) and a free tool (body 1), welded at
// the link's end and the tool's top, the weld holding θ_arm − θ_tool = 0.2 rad; the weld closed.
CoupledSystems free_pair() {
  CoupledSystems s;
  s.arm.add_body(kinematic_body("world"));
  s.arm_body = s.arm.add_body(rigid_body("link", 3.0, 0.25, Vec3(0.5, 1.0, 0.3)));
  s.weld = InterfaceWeld{Vec2(0.5, 0.0), Vec2(0.0, 0.1), 0.2};
  const Vec2 p = world_point(s.arm.bodies[1], s.weld.arm_point);
  const Vec2 centre = p - rotation(0.1) * s.weld.tool_point;
  s.tool.add_body(kinematic_body("world"));
  s.tool_body = s.tool.add_body(rigid_body("tool", 2.0, 0.04, Vec3(centre.x(), centre.y(), 0.1)));
  return s;
}

constexpr double kCouplingStep = 1e-3;  // [s]

// Velocity of a body's point p (world) along the world axes, at the body's q.
Vec2 point_velocity(const PlanarBody& b, const Vec2& p) {
  const Vec2 r = p - b.q.head<2>();
  return b.v.head<2>() + b.v.z() * Vec2(-r.y(), r.x());
}

// Eq. (31)–(32): the impulse λ of a regularised row is h (−K Φ⁺ − D Φ̇⁺) with Φ̇⁺ = A(q^k) v⁺ (the
// rate the step's rows see) and Φ⁺ = Φ^k + h Φ̇⁺. β = λ / h on the arm's body.
TEST(InterfaceForce, IsTheSpringDamperLawAtTheEndOfTheStep) {
  const CoupledSystems systems = free_pair();
  const InterfaceCompliance c = interface_compliance(1e4, 30.0);
  CoupledSubsystem tool(
      systems, {Side::kTool, InterfaceData::kKinematics, InterfaceData::kForce, c, kCouplingStep, 1});
  // The arm's interface body a little off the weld and moving.
  InterfacePorts arm;
  arm.q = systems.arm.bodies[1].q + Vec3(0.03, -0.02, 0.05);
  arm.v = Vec3(0.1, 0.0, 0.2);
  std::vector<double> u(6);
  pack(InterfaceData::kKinematics, arm, u);
  const PlanarBody tool_before = tool.system().bodies[1];
  PlanarBody image = kinematic_body("image", arm.q, arm.v);
  const Vec2 p_a = world_point(image, systems.weld.arm_point);
  const Vec2 p_b = world_point(tool_before, systems.weld.tool_point);
  const Vec3 phi(p_a.x() - p_b.x(), p_a.y() - p_b.y(), arm.q.z() - tool_before.q.z() - systems.weld.angle);

  tool.set_inputs(0, u);
  tool.do_step(0);
  std::vector<double> beta(3);
  tool.get_outputs(beta);

  PlanarBody tool_after = tool_before;  // its end velocity at its start pose: A(q^k) v⁺
  tool_after.v = tool.system().bodies[1].v;
  const Vec2 rate_xy = point_velocity(image, p_a) - point_velocity(tool_after, p_b);
  const Vec3 rate(rate_xy.x(), rate_xy.y(), arm.v.z() - tool_after.v.z());
  for (int i = 0; i < 3; ++i) {
    const RowCompliance& row = i < 2 ? c.linear : c.angular;
    const double phi_end = phi[i] + kCouplingStep * rate[i];
    const double law = -row.stiffness * phi_end - row.damping * rate[i];
    EXPECT_NEAR(beta[i], law, 1e-9 * (1.0 + std::abs(law))) << "row " << i;
  }
  EXPECT_LT(beta[0], 0.0);  // the arm's point is right of the tool's: the weld pulls the arm back
}

// Eq. (13): β on the arm's interface body at the weld point, as a known force over the step.
TEST(InterfaceForce, TheArmSideTakesItAtTheWeldPoint) {
  const CoupledSystems systems = free_pair();
  CoupledSubsystem arm(systems, {Side::kArm, InterfaceData::kForce, InterfaceData::kKinematics,
                                 interface_compliance(1e4, 1.0), kCouplingStep, 1});
  const Vec3 beta(10.0, -4.0, 0.5);
  arm.set_inputs(0, std::vector<double>{beta.x(), beta.y(), beta.z()});
  arm.do_step(0);
  const PlanarBody& link = systems.arm.bodies[1];
  const Vec2 r = rotation(link.q.z()) * systems.weld.arm_point;
  const Vec3 generalised(beta.x(), beta.y(), beta.z() + r.x() * beta.y() - r.y() * beta.x());
  const Vec3 expected = kCouplingStep * link.mass_inverse * generalised;
  EXPECT_LE((arm.system().bodies[1].v - expected).norm(), 1e-12 * expected.norm());
  std::vector<double> kinematics(6);
  arm.get_outputs(kinematics);
  EXPECT_DOUBLE_EQ(kinematics[3], expected.x());  // it sends its interface body's velocity at t_1
}

// Eqs. (19)–(21) for a body with no rows: M̃ = M, f̃ = its weight and applied force.
TEST(InterfaceModel, AFreeBodySendsItsMassAndWeight) {
  CoupledSystems systems = free_pair();
  systems.arm.gravity = systems.tool.gravity = Vec2(0.0, -9.81);
  CoupledSubsystem arm(systems, {Side::kArm, InterfaceData::kForce, InterfaceData::kModel,
                                 interface_compliance(1e4, 1.0), kCouplingStep, 1});
  std::vector<double> model(15);
  for (std::int64_t n = 0; n < 3; ++n) {
    arm.get_outputs(model);
    InterfacePorts p;
    unpack(InterfaceData::kModel, model, p);
    EXPECT_LE((p.mass - systems.arm.bodies[1].mass).norm(), 1e-9) << "n = " << n;
    EXPECT_LE((p.model_force - Vec3(0.0, -3.0 * 9.81, 0.0)).norm(), 1e-9) << "n = " << n;
    // β taken from the tool does not enter the model: it is the interface force F of eq. (18).
    arm.set_inputs(n, std::vector<double>{50.0, 20.0, 1.0});
    arm.do_step(n);
  }
}

// The count of active constraints the model is built with (Fig. 9's abscissa): a box resting on the
// ground on its two bottom corners has each corner's normal row closed and its friction row sticking,
// 4 of 4 rows; lifted off, none.
TEST(InterfaceModel, ItCountsTheActiveConstraintsOfTheSideItModels) {
  for (const double lift : {0.0, 0.05}) {
    test_scenes::BoxOnPlane b;
    b.lift = lift;
    PlanarSystem s = test_scenes::box_on_plane(b);
    TimeStepper stepper(s, kCouplingStep);
    PivotingBoxLcpSolver solver(s.max_rows());
    for (int k = 0; k < (lift == 0.0 ? 200 : 20); ++k) stepper.step(s, solver);  // settled, or falling
    InterfaceModelBuilder builder(s, 1, -1, kCouplingStep);
    InterfacePorts ports;
    ASSERT_TRUE(builder.build(s, stepper, ports)) << "lift " << lift;
    EXPECT_EQ(builder.rows(), lift == 0.0 ? 4 : 0) << "lift " << lift;
    EXPECT_EQ(builder.active_rows(), lift == 0.0 ? 4 : 0) << "lift " << lift;
  }
}

TEST(CoupledSubsystem, ASideThatTakesForceCannotSendOne) {
  EXPECT_THROW(CoupledSubsystem(free_pair(), {Side::kArm, InterfaceData::kForce, InterfaceData::kForce,
                                              interface_compliance(1e4, 1.0), kCouplingStep, 1}),
               std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim::contact
