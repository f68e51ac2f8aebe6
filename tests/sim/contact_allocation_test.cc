// Whether a contact step allocates. Every operator new and every malloc of this test program is
// counted per thread (tests/allocation_counter.h, compiled with HILSIM_COUNT_MALLOC: Eigen and
// Siconos use malloc). A warm step with the pivoting solver must allocate nothing; Siconos' solvers
// allocate in every solve, which this test measures and prints (sim/contact/siconos_box_lcp.h
// quotes it).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/contact/contact_plan.h"
#include "sim/contact/contact_tasks.h"
#include "sim/contact/effective_model.h"
#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/servoed_arm_machine.h"
#include "sim/contact/siconos_box_lcp.h"
#include "sim/contact/time_stepper.h"
#include "sim/cosim/manager.h"
#include "tests/allocation_counts.h"
#include "tests/sim/contact_scenes.h"

namespace hilsim::sim::contact {
namespace {

// The box on a 20° incline with, on top, a pendulum: a rod on a revolute joint at the box's top
// centre, a servo holding it at 0.3 rad and a welded tip mass. Joints, servo, contacts and friction:
// every kind of row.
PlanarSystem box_with_pendulum() {
  test_scenes::BoxOnPlane b;
  b.slope = 0.35;
  b.lift = 1e-3;
  PlanarSystem s = test_scenes::box_on_plane(b);
  const double rod_angle = s.bodies[1].q.z() + 0.3;
  const Vec2 pin = world_point(s.bodies[1], Vec2(0.0, 0.1));
  const Vec2 rod_centre = pin + rotation(rod_angle) * Vec2(0.0, 0.25);
  const Vec2 rod_end = pin + rotation(rod_angle) * Vec2(0.0, 0.5);
  const int rod = s.add_body(rigid_body("rod", 1.0, 0.02, Vec3(rod_centre.x(), rod_centre.y(), rod_angle)));
  const int tip = s.add_body(rigid_body("tip", 0.5, 0.001, Vec3(rod_end.x(), rod_end.y(), rod_angle)));
  s.add_revolute(Revolute{1, rod, Vec2(0.0, 0.1), Vec2(0.0, -0.25), RowCompliance{1e8, 1e3}});
  s.add_weld(
      Weld{rod, tip, Vec2(0.0, 0.25), Vec2::Zero(), 0.0, RowCompliance{1e8, 1e3}, RowCompliance{1e7, 1e2}});
  s.add_servo(Servo{1, rod, 0.3, 0.0, 50.0, RowCompliance{1e4, 1e2}});
  return s;
}

long mallocs_in_step(PlanarSystem& s, TimeStepper& stepper, BoxLcpSolver& solver) {
  const long before = t_mallocs + t_allocations;
  const StepReport r = stepper.step(s, solver);
  EXPECT_EQ(r.lcp.status, LcpStatus::kSolved);
  return t_mallocs + t_allocations - before;
}

TEST(ContactAllocation, AWarmStepWithThePivotingSolverAllocatesNothing) {
  if (!HILSIM_COUNT_MALLOCS) GTEST_SKIP() << "malloc is not counted in this build (a sanitizer's own)";
  PlanarSystem s = box_with_pendulum();
  TimeStepper stepper(s, 1e-3);
  PivotingBoxLcpSolver solver(s.max_rows());
  stepper.step(s, solver);
  long total = 0;
  int most_rows = 0;
  for (int k = 0; k < 500; ++k) {
    total += mallocs_in_step(s, stepper, solver);
    most_rows = std::max(most_rows, stepper.rows().count);
  }
  EXPECT_EQ(total, 0);
  EXPECT_GE(most_rows, 10);  // the joints' 6 rows and at least two contacts
}

TEST(ContactAllocation, BuildingTheEffectiveModelAllocatesNothing) {
  if (!HILSIM_COUNT_MALLOCS) GTEST_SKIP() << "malloc is not counted in this build (a sanitizer's own)";
  PlanarSystem s = box_with_pendulum();
  TimeStepper stepper(s, 1e-3);
  PivotingBoxLcpSolver solver(s.max_rows());
  EffectiveModelBuilder builder(s, 2);  // the rod, between the box and the tip
  std::vector<RowRole> roles(s.max_rows());
  long total = 0;
  for (int k = 0; k < 300; ++k) {
    stepper.step(s, solver);
    const long before =
        t_mallocs + t_allocations;  // (s has moved on from the rows: only allocations count here)
    classify_rows(stepper.rows(), stepper.impulses(), roles);
    const EffectiveModel m =
        builder.build(s, stepper.rows(), stepper.assembly(), roles, stepper.impulses(), 1e-3, k % 2 == 0);
    total += t_mallocs + t_allocations - before;
    EXPECT_TRUE(m.solved);
  }
  EXPECT_EQ(total, 0);
}

// Both contact tasks run monolithically from start to end (free motion, landing, sliding, two-point
// contact and the jam): the guided driver's update and the step allocate nothing after the first.
TEST(ContactAllocation, TheGuidedDriverAndTheStepOfBothTasksAllocateNothing) {
  if (!HILSIM_COUNT_MALLOCS) GTEST_SKIP() << "malloc is not counted in this build (a sanitizer's own)";
  ContactTask tasks[] = {landing_task(), insertion_task()};
  for (ContactTask& task : tasks) {
    PlanarSystem s = join(task.systems);
    TimeStepper stepper(s, 1e-3);
    PivotingBoxLcpSolver solver(s.max_rows());
    task.driver->update(0.0, s);
    stepper.step(s, solver);
    long in_update = 0;
    long in_step = 0;
    int most_contacts = 0;
    for (long k = 1; k < std::lround(task.duration / 1e-3); ++k) {
      long before = t_mallocs + t_allocations;
      task.driver->update(1e-3 * static_cast<double>(k), s);
      in_update += t_mallocs + t_allocations - before;
      in_step += mallocs_in_step(s, stepper, solver);
      most_contacts = std::max(most_contacts, stepper.closed_contacts());
    }
    EXPECT_EQ(in_update, 0) << task.name;
    EXPECT_EQ(in_step, 0) << task.name;
    EXPECT_GE(most_contacts, 2) << task.name;
  }
}

// Mallocs and operator news in the macro steps of `plan` run to its end, with every probe read, as
// the real-time threads call them (rt/subsystem_task.h); whether the run stayed healthy.
std::pair<long, bool> allocations_in_macro_steps(Plan& plan) {
  CosimManager manager(plan.subsystems(), plan.graph());
  ProbeValues probes{};
  long total = 0;
  for (std::int64_t n = 0; n < plan.communication_points(); ++n) {
    const long before = t_mallocs + t_allocations;
    manager.step();
    for (std::size_t i = 0; i < plan.size(); ++i) plan.subsystem(i).probe(n + 1, probes);
    total += t_mallocs + t_allocations - before;
  }
  return {total, manager.healthy()};
}

constexpr ContactCoupling kEveryContactCoupling[] = {
    ContactCoupling::kMonolithic, ContactCoupling::kKinematicsForce, ContactCoupling::kModelForce,
    ContactCoupling::kKinematicsModel, ContactCoupling::kModelModel};

// The contact plan's subsystems (inputs, the macro step's parts, outputs and probes) through the whole
// task of the servoed-arm machine (the box in the air, set down, sliding, pushed on the wall), for
// every coupling and the monolithic run.
TEST(ContactAllocation, TheContactPlansMacroStepsAllocateNothing) {
  if (!HILSIM_COUNT_MALLOCS) GTEST_SKIP() << "malloc is not counted in this build (a sanitizer's own)";
  for (ContactCoupling c : kEveryContactCoupling) {
    const ServoedArmParameters p;
    ServoedArmDriver driver(p);
    ContactCouplingSettings settings;
    settings.coupling = c;
    settings.interface_stiffness = 1e5;  // stable for every coupling
    settings.interface_damping = 10.0;
    settings.duration = 3.0;
    Plan plan = build_contact_plan(servoed_arm_machine(p), settings, driver);
    const auto [total, healthy] = allocations_in_macro_steps(plan);
    EXPECT_TRUE(healthy) << to_string(c);
    EXPECT_EQ(total, 0) << to_string(c);
  }
}

// The same for both tasks of the scenario files, every coupling, from start to end (the landing's
// slide and hold; the insertion's turn, push, two-point contact and jam), at K_i = 1e5 N/m, where
// every coupling is stable, and model–model also at the files' 1e8 N/m.
TEST(ContactAllocation, BothTasksPlansMacroStepsAllocateNothing) {
  if (!HILSIM_COUNT_MALLOCS) GTEST_SKIP() << "malloc is not counted in this build (a sanitizer's own)";
  struct Case {
    ContactCoupling coupling;
    double stiffness;  // K_i [N/m]
  };
  std::vector<Case> cases;
  for (ContactCoupling c : kEveryContactCoupling) cases.push_back({c, 1e5});
  cases.push_back({ContactCoupling::kModelModel, 1e8});
  for (const char* name : {"landing", "insertion"}) {
    for (const Case& k : cases) {
      SCOPED_TRACE(std::string(name) + ", " + std::string(to_string(k.coupling)) +
                   " at K_i = " + std::to_string(k.stiffness));
      std::optional<ContactTask> task = contact_task(name);
      ASSERT_TRUE(task.has_value());
      ContactCouplingSettings settings;
      settings.coupling = k.coupling;
      settings.interface_stiffness = k.stiffness;
      settings.interface_damping = 1e-4 * k.stiffness;
      settings.duration = task->duration;
      Plan plan = build_contact_plan(task->systems, settings, *task->driver);
      const auto [total, healthy] = allocations_in_macro_steps(plan);
      EXPECT_TRUE(healthy);
      EXPECT_EQ(total, 0);
    }
  }
}

// The measurement sim/contact/siconos_box_lcp.h quotes: mallocs per step with each Siconos solver.
TEST(ContactAllocation, SiconosAllocatesInsideEverySolve) {
  if (!HILSIM_COUNT_MALLOCS) GTEST_SKIP() << "malloc is not counted in this build (a sanitizer's own)";
  PlanarSystem s = box_with_pendulum();
  TimeStepper stepper(s, 1e-3);
  SiconosBoxLcpSolver pgs(s.max_rows(), SiconosMethod::kRelayPgs, 1e-10, 100000);
  stepper.step(s, pgs);
  long fewest = 1L << 40;
  long most = 0;
  for (int k = 0; k < 200; ++k) {
    const long n = mallocs_in_step(s, stepper, pgs);
    fewest = std::min(fewest, n);
    most = std::max(most, n);
  }
  std::printf("Siconos relay PGS: %ld to %ld mallocs per step (%d rows)\n", fewest, most,
              stepper.rows().count);
  EXPECT_GT(fewest, 0);

  // Lemke takes finite bounds only: a 6-row problem with boxes.
  std::mt19937 rng(7);
  const test_scenes::RandomBoxLcp r = test_scenes::random_box_lcp(rng, 6, true);
  const BoxLcp problem{6, r.matrix, r.q, r.lower, r.upper};
  SiconosBoxLcpSolver lemke(6, SiconosMethod::kRelayLemke);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(6);
  lemke.solve(problem, x);
  x.setZero();
  const long before = t_mallocs + t_allocations;
  EXPECT_EQ(lemke.solve(problem, x).status, LcpStatus::kSolved);
  const long lemke_mallocs = t_mallocs + t_allocations - before;
  std::printf("Siconos relay Lemke: %ld mallocs for one 6-row solve\n", lemke_mallocs);
  EXPECT_GT(lemke_mallocs, 0);
}

}  // namespace
}  // namespace hilsim::sim::contact
