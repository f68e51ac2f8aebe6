// The contact co-simulation (sim/contact/contact_plan.h) in real-time threads, the tool side and the
// arm side each in its own, unpaced: the same samples, bit for bit, as the offline run, for the
// monolithic reference and every coupling, over the whole task of the servoed-arm machine; and the
// landing in hydraulic mode with the crane's two cylinders in threads of their own.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "rt/plan_executor.h"
#include "sim/contact/contact_plan.h"
#include "sim/contact/hydraulic_task.h"
#include "sim/contact/servoed_arm_machine.h"
#include "sim/cosim/cosimulation.h"
#include "tests/rt/hydraulic_landing_plan.h"

namespace hilsim::rt {
namespace {

using sim::contact::ContactCoupling;

// The tool's columns of every sample, exactly (hexadecimal floating point).
std::string tool_columns(const std::vector<sim::Sample>& samples) {
  std::string out;
  char line[256];
  for (const sim::Sample& s : samples) {
    std::snprintf(line, sizeof line, "%a %a %a %a %a %a %a %d %a\n", s.t, s.tool_x, s.tool_y, s.tool_theta,
                  s.tool_xdot, s.tool_ydot, s.tool_thetadot, s.contacts, s.normal_force);
    out += line;
  }
  return out;
}

struct ContactCollect final : PointSink {
  explicit ContactCollect(const sim::Plan& p) : plan(p) {}
  void on_point(std::int64_t n, std::span<const sim::ProbeValues> probes) override {
    samples.push_back(plan.assembly().sample(n, probes));
  }
  const sim::Plan& plan;
  std::vector<sim::Sample> samples;
};

sim::Plan contact_plan(ContactCoupling coupling, double stiffness, sim::contact::ServoedArmDriver& driver) {
  sim::contact::ContactCouplingSettings s;
  s.coupling = coupling;
  s.interface_stiffness = stiffness;
  s.interface_damping = 1e-4 * stiffness;
  s.duration = 3.0;
  return build_contact_plan(sim::contact::servoed_arm_machine(), s, driver);
}

void expect_contact_run_identical(ContactCoupling coupling, double stiffness) {
  SCOPED_TRACE(std::string(to_string(coupling)) + " at K_i = " + std::to_string(stiffness));
  sim::contact::ServoedArmDriver offline_driver;
  sim::Plan offline_plan = contact_plan(coupling, stiffness, offline_driver);
  const sim::RunResult offline = sim::run_plan(offline_plan);
  ASSERT_FALSE(offline.diverged);

  sim::contact::ServoedArmDriver driver;
  sim::Plan plan = contact_plan(coupling, stiffness, driver);
  ContactCollect sink(plan);
  std::atomic<bool> stop{false};
  ExecutorOptions options;
  options.pacing = Pacing::kUnpaced;
  PlanExecutor executor(plan, options);
  const ExecutorResult result = executor.run(sink, stop);
  EXPECT_TRUE(result.finished);
  EXPECT_FALSE(result.diverged);
  ASSERT_EQ(result.tasks.size(), coupling == ContactCoupling::kMonolithic ? 1u : 2u);
  for (const TaskReport& t : result.tasks) EXPECT_EQ(t.telemetry_dropped, 0u) << t.subsystem;
  ASSERT_EQ(sink.samples.size(), offline.samples.size());
  EXPECT_TRUE(tool_columns(sink.samples) == tool_columns(offline.samples)) << "the samples differ";
}

TEST(ContactPlanExecutor, EveryCouplingRunsInThreadsByteIdenticalToOffline) {
  for (ContactCoupling c :
       {ContactCoupling::kMonolithic, ContactCoupling::kKinematicsForce, ContactCoupling::kModelForce,
        ContactCoupling::kKinematicsModel, ContactCoupling::kModelModel}) {
    expect_contact_run_identical(c, 1e5);
  }
  expect_contact_run_identical(ContactCoupling::kModelModel, 1e9);  // the stiff interface
}

// The cylinders' columns of every sample, exactly.
std::string crane_columns(const std::vector<sim::Sample>& samples) {
  std::string out;
  char line[320];
  for (const sim::Sample& s : samples) {
    std::snprintf(line, sizeof line, "%a %a %a %a %a %a %a %a %a %a %a %a %a %a\n", s.cyl[0].kappa,
                  s.cyl[0].s, s.cyl[0].s_dot, s.cyl[0].p1, s.cyl[0].p2, s.cyl[0].f_h, s.theta[0], s.theta[1],
                  s.cyl[1].kappa, s.cyl[1].s, s.cyl[1].s_dot, s.cyl[1].p1, s.cyl[1].p2, s.cyl[1].f_h);
    out += line;
  }
  return out;
}

// The landing in hydraulic mode (sim/contact/hydraulic_task.h), cylinder 1 lowering the box from
// 0.2 s: the tool, the arm and both cylinders each in a thread (or the monolithic system and the
// cylinders), the same samples as offline.
std::vector<sim::Sample> hydraulic_landing(ContactCoupling coupling, bool threads) {
  sim::contact::ContactCouplingSettings s;
  s.coupling = coupling;
  test::HydraulicLandingPlan landing(s);
  sim::Plan& plan = landing.plan;
  if (!threads) return sim::run_plan(plan).samples;
  ContactCollect sink(plan);
  std::atomic<bool> stop{false};
  ExecutorOptions options;
  options.pacing = Pacing::kUnpaced;
  PlanExecutor executor(plan, options);
  const ExecutorResult result = executor.run(sink, stop);
  EXPECT_TRUE(result.finished);
  EXPECT_EQ(result.tasks.size(), coupling == ContactCoupling::kMonolithic ? 3u : 4u);
  return sink.samples;
}

TEST(ContactPlanExecutor, TheHydraulicModeRunsInThreadsByteIdenticalToOffline) {
  for (ContactCoupling c : {ContactCoupling::kMonolithic, ContactCoupling::kModelModel}) {
    SCOPED_TRACE(std::string(to_string(c)));
    const std::vector<sim::Sample> offline = hydraulic_landing(c, false);
    const std::vector<sim::Sample> threaded = hydraulic_landing(c, true);
    ASSERT_EQ(threaded.size(), offline.size());
    EXPECT_GT(offline.back().contacts, 0);  // it got there
    EXPECT_TRUE(tool_columns(threaded) == tool_columns(offline)) << "the tool's samples differ";
    EXPECT_TRUE(crane_columns(threaded) == crane_columns(offline)) << "the cylinders' samples differ";
  }
}

}  // namespace
}  // namespace hilsim::rt
