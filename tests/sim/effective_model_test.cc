// The effective mass and force of a subsystem at an interface body (sim/contact/effective_model.h,
// Peiret et al. (contact tasks), eqs. (19)–(21)) against a direct computation on a small chain: a free body A
// (the interface), a rod B hinged to it whose lower corner touches the ground (μ = 0.3), under gravity. Once
// with the contact closed and its friction sticking (both at rest), once with B's corner sliding (both moving
// at 0.5 m/s along the ground); the models are taken at the fourth step, the first three giving the friction
// rows a normal impulse to bound them.
//
// The direct computation keeps the constraints in the full KKT system of the step (Peiret et al. (contact
// tasks) eq. (33)), the active rows as equalities, the sliding row's impulse applied, the open rows left out:
//   [ M    −A_aᵀ ] [ v⁺ ]   [ p + A_sᵀ λ_s + h Bᵀ F ]
//   [ A_a   C_a  ] [ λ_a] = [ b_a − φ_a             ],
// solved by LU for F = 0 and F = each unit vector: the interface's response B v⁺(F) − B v⁺(0) = h M̃⁻¹ F
// gives M̃ column by column, and B v⁺(0) = w + h M̃⁻¹ f̃ gives f̃. No projector, no Cholesky of S.
#include "sim/contact/effective_model.h"

#include <gtest/gtest.h>

#include <vector>

#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/regularisation.h"
#include "sim/contact/time_stepper.h"
#include "tests/sim/contact_scenes.h"

namespace hilsim::sim::contact {
namespace {

constexpr double kH = 1e-3;  // [s]
constexpr int kA = 1;        // the interface body
constexpr int kB = 2;        // the rod, the interface in a second check

// World 0 (kinematic), A 1 (2 kg), B 2 (a 0.1 m × 0.5 m rod of 1 kg, tilted by 0.05 rad, hinged at its
// top to A, its lower-left corner 0.1 mm into the ground; the other corner 5 mm above it).
PlanarSystem hinged_rod_on_ground(const Vec3& v_a) {
  PlanarSystem s;
  s.gravity = Vec2(0.0, -test_scenes::kG);
  s.add_body(kinematic_body("world"));
  const double tilt = 0.05;
  const Vec2 corner_local(-0.05, -0.25);
  const Vec2 centre_b = Vec2(0.0, -1e-4) - rotation(tilt) * corner_local;
  const Vec2 hinge = centre_b + rotation(tilt) * Vec2(0.0, 0.25);
  const Vec2 centre_a = hinge + Vec2(0.0, 0.1);
  s.add_body(rigid_body("A", 2.0, 0.05, Vec3(centre_a.x(), centre_a.y(), 0.0), v_a));
  const int b = s.add_body(rigid_body("B", 1.0, 0.022, Vec3(centre_b.x(), centre_b.y(), tilt), v_a));
  s.add_revolute(Revolute{kA, b, Vec2(0.0, -0.1), Vec2(0.0, 0.25), RowCompliance{1e7, 1e3}});
  const int polygon = s.add_polygon(Polygon{b, {corner_local, Vec2(0.05, -0.25)}});
  const int ground = s.add_segment(Segment{0, Vec2(-1.0, 0.0), Vec2(1.0, 0.0)});
  s.add_pair(ContactPair{polygon, ground, 0.3, RowCompliance{1e6, 2e3}, 1e5});
  return s;
}

struct Direct {
  Mat3 mobility;           // M̃⁻¹
  Vec3 free_acceleration;  // a₀
};

// The KKT computation above, over the dynamic bodies' velocities (columns 3…8; the world is at rest).
Direct direct_model(const PlanarSystem& s, const ConstraintRows& rows, const Eigen::VectorXd& lambda,
                    const std::vector<RowRole>& roles, int interface, bool with_compliance) {
  const int nv = 6;
  std::vector<int> active;
  Eigen::VectorXd p(nv);
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(nv, nv);
  for (int k = 0; k < 2; ++k) {
    const PlanarBody& body = s.bodies[1 + k];
    m.block<3, 3>(3 * k, 3 * k) = body.mass;
    p.segment<3>(3 * k) = body.mass * body.v + kH * generalised_force(body, s.gravity);
  }
  for (int i = 0; i < rows.count; ++i) {
    const Eigen::VectorXd a = rows.jacobian.row(i).segment(3, nv).transpose();
    if (roles[i] == RowRole::kActive) active.push_back(i);
    if (roles[i] == RowRole::kSliding) p += a * lambda[i];
  }
  const int na = static_cast<int>(active.size());
  Eigen::MatrixXd kkt = Eigen::MatrixXd::Zero(nv + na, nv + na);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(nv + na);
  kkt.topLeftCorner(nv, nv) = m;
  for (int r = 0; r < na; ++r) {
    const int i = active[r];
    const RegularisedRow reg = regularise(rows.compliance[i], rows.position[i], kH);
    kkt.block(nv + r, 0, 1, nv) = rows.jacobian.row(i).segment(3, nv);
    kkt.block(0, nv + r, nv, 1) = -rows.jacobian.row(i).segment(3, nv).transpose();
    kkt(nv + r, nv + r) = with_compliance ? reg.compliance : 0.0;
    rhs[nv + r] = rows.rate[i] - reg.phi;
  }
  const Eigen::FullPivLU<Eigen::MatrixXd> lu(kkt);
  const int at = 3 * (interface - 1);
  auto interface_end_velocity = [&](const Vec3& force) {
    Eigen::VectorXd b = rhs;
    b.head(nv) = p;
    b.segment<3>(at) += kH * force;
    return Vec3(lu.solve(b).segment<3>(at));
  };
  const Vec3 w0 = interface_end_velocity(Vec3::Zero());
  Mat3 mobility;
  for (int j = 0; j < 3; ++j) mobility.col(j) = (interface_end_velocity(Vec3::Unit(j)) - w0) / kH;
  return Direct{mobility, (w0 - s.bodies[interface].v) / kH};
}

// Runs `settle` steps, then one more whose rows and impulses the models are built from; `before` is
// the state that step started from.
void step_and_classify(PlanarSystem& s, TimeStepper& stepper, int settle, PlanarSystem& before,
                       std::vector<RowRole>& roles) {
  PivotingBoxLcpSolver solver(s.max_rows());
  for (int k = 0; k < settle; ++k) ASSERT_EQ(stepper.step(s, solver).lcp.status, LcpStatus::kSolved);
  before = s;
  ASSERT_EQ(stepper.step(s, solver).lcp.status, LcpStatus::kSolved);
  roles.assign(stepper.rows().count, RowRole::kRemoved);
  classify_rows(stepper.rows(), stepper.impulses(), roles);
}

// M̃⁻¹ and a₀ to 1e-9 of their size; where M̃⁻¹ is positive definite, M̃ = (M̃⁻¹)⁻¹ and f̃ = M̃ a₀ of the
// direct computation to 1e-9 relative, else the model must say that it has no mass.
void expect_models_agree(const PlanarSystem& before, const TimeStepper& stepper,
                         const std::vector<RowRole>& roles, int interface, bool rigid_mass_exists) {
  SCOPED_TRACE(interface == kA ? "interface A" : "interface B");
  EffectiveModelBuilder builder(before, interface);
  for (const bool with_compliance : {true, false}) {
    SCOPED_TRACE(with_compliance ? "with the rows' compliance" : "C_a = 0 (eq. 20)");
    const EffectiveModel model = builder.build(before, stepper.rows(), stepper.assembly(), roles,
                                               stepper.impulses(), kH, with_compliance);
    ASSERT_TRUE(model.solved);
    const Direct direct =
        direct_model(before, stepper.rows(), stepper.impulses(), roles, interface, with_compliance);
    EXPECT_LE((model.mobility - direct.mobility).norm(), 1e-9 * direct.mobility.norm());
    EXPECT_LE((model.free_acceleration - direct.free_acceleration).norm(),
              1e-9 * (1.0 + direct.free_acceleration.norm()));
    const bool exists = with_compliance || rigid_mass_exists;
    ASSERT_EQ(model.has_mass, exists);
    if (!exists) continue;
    const Mat3 mass = direct.mobility.inverse();
    EXPECT_LE((model.mass - mass).norm(), 1e-9 * mass.norm());
    EXPECT_LE((model.force - mass * direct.free_acceleration).norm(),
              1e-9 * (1.0 + (mass * direct.free_acceleration).norm()));
    // A rod hanging from A and pressed on the ground adds to A's inertia: M̃ > M_A along x.
    if (interface == kA) {
      EXPECT_GT(model.mass(0, 0), before.bodies[kA].mass(0, 0));
    }
  }
}

TEST(EffectiveModel, MatchesTheDirectComputationWithAClosedStickingContact) {
  PlanarSystem s = hinged_rod_on_ground(Vec3::Zero());
  TimeStepper stepper(s, kH);
  PlanarSystem before;
  std::vector<RowRole> roles;
  step_and_classify(s, stepper, 3, before, roles);
  ASSERT_EQ(stepper.contacts().size(), 1U);
  const int normal = stepper.rows().count - 2;
  ASSERT_EQ(roles[normal], RowRole::kActive);      // closed
  ASSERT_EQ(roles[normal + 1], RowRole::kActive);  // sticking
  // B's corner held by rigid rows and B hinged to A: A's hinge cannot move along the rod, B's corner
  // not at all.
  expect_models_agree(before, stepper, roles, kA, false);
  expect_models_agree(before, stepper, roles, kB, false);
}

TEST(EffectiveModel, MatchesTheDirectComputationWithASlidingContact) {
  PlanarSystem s = hinged_rod_on_ground(Vec3(0.5, 0.0, 0.0));
  TimeStepper stepper(s, kH);
  PlanarSystem before;
  std::vector<RowRole> roles;
  step_and_classify(s, stepper, 3, before, roles);
  ASSERT_EQ(stepper.contacts().size(), 1U);
  const int normal = stepper.rows().count - 2;
  ASSERT_EQ(roles[normal], RowRole::kActive);       // closed
  ASSERT_EQ(roles[normal + 1], RowRole::kSliding);  // kinetic friction, applied
  expect_models_agree(before, stepper, roles, kA, true);
  // B's corner may slide but not sink in with a rigid normal row: no rigid mass for B.
  expect_models_agree(before, stepper, roles, kB, false);
}

// With the rows' own compliance the reduced model stepped as the subsystem is, M̃ (w⁺ − w) = h f̃,
// reaches the interface velocity the full step reached (the active set being the step's own).
TEST(EffectiveModel, ReducedModelReproducesTheStepsInterfaceVelocity) {
  for (const Vec3& v : {Vec3::Zero().eval(), Vec3(0.5, 0.0, 0.0)}) {
    PlanarSystem s = hinged_rod_on_ground(v);
    TimeStepper stepper(s, kH);
    PlanarSystem before;
    std::vector<RowRole> roles;
    step_and_classify(s, stepper, 3, before, roles);
    EffectiveModelBuilder builder(before, kA);
    const EffectiveModel model =
        builder.build(before, stepper.rows(), stepper.assembly(), roles, stepper.impulses(), kH, true);
    ASSERT_TRUE(model.has_mass);
    const Vec3 predicted = before.bodies[kA].v + kH * model.mass.inverse() * model.force;
    EXPECT_LE((predicted - s.bodies[kA].v).norm(), 1e-12 * (1.0 + s.bodies[kA].v.norm()));
  }
}

}  // namespace
}  // namespace hilsim::sim::contact
