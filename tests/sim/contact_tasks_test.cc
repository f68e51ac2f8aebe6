// The two contact tasks run monolithically (the arm and the tool joined at a rigid weld, h = 1 ms,
// Peiret et al. (contact tasks), §7's reference): the landing ends with the box at rest on the platform, held
// by friction after its slide; the insertion jams, and how deep it jams follows the misalignment and the
// pins' length as contact_tasks.h quotes. Both tasks stay where the crane's cylinders can take them.
#include "sim/contact/contact_tasks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "sim/model/crane_model.h"
#include "tests/sim/contact_task_runs.h"

namespace hilsim::sim::contact {
namespace {

constexpr double kStep = 1e-3;  // [s]

struct LandingRun {
  double worst_slide_ratio = 0.0;  // max over the slide of |λ_t| / (μ λ̄_n): 1 when sliding
  double final_stick_ratio = 0.0;  // the same at the end, over the closed contacts
  int final_closed = 0;
  double final_normal_force = 0.0;  // [N]
  double final_speed = 0.0;         // [m/s]
  double final_gap = 0.0;           // the box's bottom over the platform [m]
  double final_error = 0.0;         // the box against its reference [m]
  int unsolved = 0;
};

// |λ_t| / (μ λ̄_n) over the closed contacts of the last step: at most 1, 1 when sliding.
double friction_ratio(const TimeStepper& stepper) {
  double worst = 0.0;
  const auto contacts = stepper.contacts();
  const int first = stepper.rows().count - 2 * static_cast<int>(contacts.size());
  for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
    const double bound = stepper.rows().upper[first + 2 * i + 1];
    if (stepper.impulses()[first + 2 * i] <= 0.0 || bound <= 0.0) continue;
    worst = std::max(worst, std::abs(stepper.impulses()[first + 2 * i + 1]) / bound);
  }
  return worst;
}

LandingRun run_landing(const LandingSettings& settings) {
  ContactTask task = landing_task(settings);
  test_scenes::GuidedRun run(join(task.systems), *task.driver, kStep);
  const int box = joined_tool_body(task.systems, task.systems.tool_body);
  const double slide_start = 3.5;  // [s]: 0.2 + 2 + 1 + 0.3 (contact_tasks.cc)
  const double slide_end = slide_start + 3.0;
  LandingRun r;
  while (run.time() < task.duration - 1e-9) {
    run.step();
    const double t = run.time();
    if (t > slide_start + 0.5 && t < slide_end - 0.5) {
      r.worst_slide_ratio = std::max(r.worst_slide_ratio, friction_ratio(run.stepper));
    }
  }
  const PlanarBody& b = run.system.bodies[box];
  r.final_stick_ratio = friction_ratio(run.stepper);
  r.final_closed = run.stepper.closed_contacts();
  r.final_normal_force = run.stepper.total_normal_force();
  r.final_speed = b.v.head<2>().norm();
  r.final_gap = b.q.y() - 0.5 * settings.box_height - settings.platform_top;
  r.final_error = (b.q.head<2>() - task.driver->path().end_pose().head<2>()).norm();
  r.unsolved = run.unsolved;
  return r;
}

TEST(ContactTasks, TheLandedBoxEndsAtRestOnThePlatformHeldByFrictionAfterItsSlide) {
  const LandingSettings settings;
  const LandingRun r = run_landing(settings);
  std::printf(
      "landing, monolithic, h = 1 ms: friction at %.3f of its bound while sliding, %.3f at the end; "
      "%d contacts closed, %.0f N; box at %.2g m/s, %.3f mm over the platform, %.3f mm from its reference\n",
      r.worst_slide_ratio, r.final_stick_ratio, r.final_closed, r.final_normal_force, r.final_speed,
      1e3 * r.final_gap, 1e3 * r.final_error);
  EXPECT_EQ(r.unsolved, 0);
  EXPECT_GT(r.worst_slide_ratio, 0.999);  // it slid: friction at μ λ̄_n
  EXPECT_LT(r.final_stick_ratio, 0.9);    // and now sticks, inside the friction bound
  EXPECT_EQ(r.final_closed, 2);           // both bottom corners on the platform
  EXPECT_GT(r.final_normal_force, 1000.0);
  EXPECT_LT(r.final_speed, 1e-5);
  EXPECT_LT(std::abs(r.final_gap), 1e-4);  // within 0.1 mm of the surface
  EXPECT_LT(r.final_error, 1e-3);          // where the reference left it, within 1 mm
}

struct InsertionRun {
  bool jammed = false;
  double jam_depth = 0.0;    // [m]
  double jam_time = 0.0;     // [s]
  double final_depth = 0.0;  // [m]
  int closed_at_end = 0;
  double normal_force_at_end = 0.0;  // [N]
  int walls_touched = 0;  // of the hole of the pin on the +x side, at the end: 2 is a two-point contact
  int unsolved = 0;
};

InsertionRun run_insertion(const InsertionSettings& settings) {
  ContactTask task = insertion_task(settings);
  test_scenes::GuidedRun run(join(task.systems), *task.driver, kStep);
  const PlanarBody& tool = run.system.bodies[joined_tool_body(task.systems, task.systems.tool_body)];
  JamDetector jam(task.jam);
  while (run.time() < task.duration - 1e-9) {
    run.step();
    const double t = run.time();
    jam.update(t, insertion_depth(task.insertion, tool), insertion_rate(task.insertion, tool),
               t >= task.push_start && t <= task.push_end);
  }
  InsertionRun r{jam.jammed(),
                 jam.jam_depth(),
                 jam.jam_time(),
                 insertion_depth(task.insertion, tool),
                 run.stepper.closed_contacts(),
                 run.stepper.total_normal_force()};
  // Pairs of the +x pin's hole: its tips against the left wall (7), the entry corners against its
  // right side (11), contact_tasks.cc's order.
  bool left = false;
  bool right = false;
  for (const ContactPoint& c : run.stepper.contacts()) {
    left = left || c.pair == 7;
    right = right || c.pair == 11;
  }
  r.walls_touched = (left ? 1 : 0) + (right ? 1 : 0);
  r.unsolved = run.unsolved;
  return r;
}

TEST(ContactTasks, TheMisalignedInsertionJamsInTwoPointContact) {
  const InsertionSettings settings;
  const InsertionRun r = run_insertion(settings);
  std::printf(
      "insertion, monolithic, h = 1 ms: jammed %d at depth %.4f m (t = %.3f s; pins %.2f m); at the end "
      "depth %.4f m, %d contacts closed, %.0f N, %d walls of a hole touched\n",
      r.jammed ? 1 : 0, r.jam_depth, r.jam_time, settings.pin_length, r.final_depth, r.closed_at_end,
      r.normal_force_at_end, r.walls_touched);
  EXPECT_EQ(r.unsolved, 0);
  ASSERT_TRUE(r.jammed);
  EXPECT_NEAR(r.jam_depth, 0.180, 0.002);                  // contact_tasks.h's study
  EXPECT_LT(std::abs(r.final_depth - r.jam_depth), 1e-3);  // and stays there while the arm pushes on
  EXPECT_EQ(r.walls_touched, 2);
  EXPECT_GE(r.closed_at_end, 4);
}

// Part of the study contact_tasks.h quotes: the jam depth [m] by misalignment and pin length
// (socket 50 mm deeper than the pins), and no jam without a misalignment (the connector seats).
TEST(ContactTasks, TheJamDepthFollowsTheMisalignmentAndThePinLength) {
  const double deg = std::numbers::pi / 180.0;
  struct Case {
    double misalignment_deg, pin_length, jam_depth;  // jam_depth < 0: no jam
  };
  const Case cases[] = {{0.0, 0.4, -1.0},   {1.0, 0.35, -1.0},  {1.5, 0.4, 0.2250},
                        {2.5, 0.3, 0.1538}, {2.5, 0.5, 0.2292}, {5.0, 0.4, 0.1286}};
  for (const Case& c : cases) {
    InsertionSettings s;
    s.misalignment = c.misalignment_deg * deg;
    s.pin_length = c.pin_length;
    s.socket_depth = c.pin_length + 0.05;
    s.push_time = (c.pin_length + 0.05) / s.push_speed;
    const InsertionRun r = run_insertion(s);
    std::printf("misalignment %.1f°, pins %.2f m: jammed %d, depth %.4f m (final %.4f m)\n",
                c.misalignment_deg, c.pin_length, r.jammed ? 1 : 0, r.jam_depth, r.final_depth);
    EXPECT_EQ(r.unsolved, 0);
    if (c.jam_depth < 0.0) {
      EXPECT_FALSE(r.jammed);
      EXPECT_NEAR(r.final_depth, c.pin_length, 1e-3);  // seated: the plate on the socket
    } else {
      EXPECT_TRUE(r.jammed);
      EXPECT_NEAR(r.jam_depth, c.jam_depth, 0.002);
    }
  }
}

// Along both tasks' reference paths link 1 stays above its rest (10°, sim/model/machine_limits.h)
// and both cylinders within their strokes: the tasks fit the hydraulic crane as well.
TEST(ContactTasks, BothTasksStayWithinTheCylindersStrokes) {
  CraneParameters crane;
  crane.actuators = 2;
  const HydraulicParameters hydraulics;
  const double dead = 0.01;  // [m] (EndStopLimits)
  const Vec2 q0(crane.theta1_0, crane.theta2_0);
  const ContactTask tasks[] = {landing_task(), insertion_task()};
  for (const ContactTask& task : tasks) {
    double theta1_min = 10.0;
    double theta1_max = -10.0;
    double margin = 1.0;  // the least distance to an end of either stroke [m]
    const ArmKinematics& k = task.driver->kinematics();
    for (double t = 0.0; t <= task.duration; t += 0.01) {
      const ArmAngles a = k.inverse(task.driver->path().sample(t).pose);
      const Vec2 q(a.theta1, a.theta2);
      theta1_min = std::min(theta1_min, a.theta1);
      theta1_max = std::max(theta1_max, a.theta1);
      for (int i = 0; i < 2; ++i) {
        const double s0 = actuator_kinematics(crane, q0, Vec2::Zero(), i).s;
        const double s = actuator_kinematics(crane, q, Vec2::Zero(), i).s;
        margin = std::min(margin, 0.5 * hydraulics.l - dead - std::abs(s - s0));
      }
    }
    std::printf("%s: θ1 in [%.3f, %.3f] rad, strokes' ends ≥ %.1f mm away\n", task.name.c_str(), theta1_min,
                theta1_max, 1e3 * margin);
    EXPECT_GT(theta1_min, 10.0 * std::numbers::pi / 180.0) << task.name;
    EXPECT_GT(margin, 0.0) << task.name;
  }
}

}  // namespace
}  // namespace hilsim::sim::contact
