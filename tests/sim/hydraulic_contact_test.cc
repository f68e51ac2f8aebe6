// The contact tasks in hydraulic mode (sim/contact/hydraulic_task.h): the crane's two cylinders move
// links 1 and 2 of the arm, coupled f-s to it as the crane's own co-simulation couples them. From
// the static equilibrium with κ held there the arm stays put; a κ step moves the tool the way the
// cylinder's extension says, as far as the crane's own co-simulation moves with the same step; a
// simple κ script sets the landing's box down on its platform.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "sim/contact/contact_plan.h"
#include "sim/contact/hydraulic_task.h"
#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/cosimulation.h"
#include "sim/cosim/machine_plan.h"
#include "sim/model/crane_model.h"
#include "sim/model/equilibrium.h"
#include "tests/sim/lim_machine.h"

namespace hilsim::sim::contact::hydraulic_mode_test {
namespace {

constexpr double kStep = 1e-3;  // H = h [s]

CraneParameters two_actuator_crane() {
  CraneParameters crane;
  crane.actuators = 2;
  return crane;
}

// The landing in hydraulic mode, its cylinders driven by `kappa1`, `kappa2`, coupled as `coupling`.
RunResult run_landing(ContactCoupling coupling, const ValveCommand& kappa1, const ValveCommand& kappa2,
                      double duration, HydraulicContactTask& h) {
  ContactHydraulics cylinders{h.model, h.equilibrium};
  cylinders.valves = {&kappa1, &kappa2};
  ContactCouplingSettings s;
  s.coupling = coupling;
  s.interface_stiffness = 1e8;
  s.interface_damping = 1e4;
  s.H = s.h = kStep;
  s.duration = duration;
  Plan plan = build_contact_plan(h.task.systems, s, *h.driver, &cylinders);
  return run_plan(plan);
}

HydraulicContactTask hydraulic_landing() {
  return hydraulic_task(landing_task({}, two_actuator_crane()), two_actuator_crane(), HydraulicParameters{});
}

TEST(HydraulicContact, TheEquilibriumCarriesTheToolsWeightOnTheCylinders) {
  const CraneParameters crane = two_actuator_crane();
  const Equilibrium bare = solve_equilibrium(crane, HydraulicParameters{});
  const HydraulicContactTask h = hydraulic_landing();
  const Equilibrium eq = crane_equilibrium(h.equilibrium);
  EXPECT_EQ(eq.actuators, 2);
  EXPECT_NEAR(eq.s, bare.s, 1e-12);
  EXPECT_NEAR(eq.actuator2.s, bare.actuator2.s, 1e-12);
  // The box (50 kg) hangs under R: the crane's m_h of 100 kg becomes 150 kg, so each cylinder's
  // force is the bare crane's plus half of m_h's share.
  CraneParameters heavier = crane;
  heavier.m_h += 50.0;
  const Eigen::Vector2d f = static_actuator_forces(heavier, eq.q, Eigen::Vector2d::Zero());
  EXPECT_NEAR(eq.f_h, f[0], 1e-6 * std::abs(f[0]));
  EXPECT_NEAR(eq.actuator2.f_h, f[1], 1e-6);  // [N]: link 2 hangs straight down, cylinder 2 holds ~0
  EXPECT_GT(std::abs(eq.f_h), std::abs(bare.f_h));
}

// κ held at the equilibrium's: the monolithic reference and the couplings that stay stable at
// K_i = 1e8 N/m (the signal-based kinematics–force does not, as in guided mode: contact_plan_test.cc)
// hold the box within 0.5 mm of its start over 2 s.
TEST(HydraulicContact, HeldAtTheEquilibriumTheArmStaysPut) {
  for (ContactCoupling c :
       {ContactCoupling::kMonolithic, ContactCoupling::kModelModel, ContactCoupling::kKinematicsModel}) {
    HydraulicContactTask h = hydraulic_landing();
    const ConstantValveCommand k1(h.equilibrium.cylinders[0].command), k2(h.equilibrium.cylinders[1].command);
    const RunResult r = run_landing(c, k1, k2, 2.0, h);
    ASSERT_FALSE(r.diverged) << to_string(c);
    const Sample& first = r.samples.front();
    double worst = 0.0;
    for (const Sample& s : r.samples)
      worst = std::max(worst, std::hypot(s.tool_x - first.tool_x, s.tool_y - first.tool_y));
    std::printf("%-16s held at kappa0: max drift %.3e m, p1 %.4g -> %.4g Pa\n",
                std::string(to_string(c)).c_str(), worst, first.cyl[0].p1, r.samples.back().cyl[0].p1);
    EXPECT_LT(worst, 5e-4) << to_string(c);
    EXPECT_NEAR(r.samples.back().cyl[0].s, h.equilibrium.cylinders[0].s, 5e-4) << to_string(c);
  }
}

// The crane's own co-simulation (mechanics + the same two cylinders, f-s, H = 1 ms) with the same
// κ step on cylinder 1 as the hydraulic arm: s1 moves the same way and about as far, and the tool
// goes where R goes.
TEST(HydraulicContact, AKappaStepMovesTheToolAsTheCranesCylinderSays) {
  const double dk = 0.01, t_step = 0.2, duration = 1.2;
  HydraulicContactTask h = hydraulic_landing();
  const double k1 = h.equilibrium.cylinders[0].command, k2 = h.equilibrium.cylinders[1].command;
  const TableManoeuvre step1({{t_step, k1}, {t_step + 1e-3, k1 + dk}});
  const ConstantValveCommand hold2(k2);
  const RunResult arm = run_landing(ContactCoupling::kModelModel, step1, hold2, duration, h);
  ASSERT_FALSE(arm.diverged);

  const CraneParameters crane = two_actuator_crane();
  const test::LimRun lim(2);
  const TableManoeuvre crane_step1({{t_step, lim.kappa0(0)}, {t_step + 1e-3, lim.kappa0(0) + dk}});
  const ConstantValveCommand crane_hold2(lim.kappa0(1));
  CosimSettings cs;
  cs.coupling = Coupling::kForceDisplacement;
  cs.H = kStep;
  cs.duration = duration;
  Plan crane_plan = lim.plan(crane_step1, cs, &crane_hold2);
  const RunResult ref = run_plan(crane_plan);
  ASSERT_FALSE(ref.diverged);

  const double ds_arm = arm.samples.back().cyl[0].s - arm.samples.front().cyl[0].s;
  const double ds_crane = ref.samples.back().cyl[0].s - ref.samples.front().cyl[0].s;
  const auto R_y = [&](const Sample& s) {
    return crane_points(crane, Eigen::Vector2d(s.theta[0], s.theta[1])).R.y();
  };
  const double dy_crane = R_y(ref.samples.back()) - R_y(ref.samples.front());
  const double dy_tool = arm.samples.back().tool_y - arm.samples.front().tool_y;
  std::printf("kappa1 + %.2f for %.1f s: s1 %+.4f m (crane %+.4f m), tool y %+.4f m (crane's R %+.4f m)\n",
              dk, duration - t_step, ds_arm, ds_crane, dy_tool, dy_crane);
  // κ above κ0 feeds chamber 1: the cylinder retracts, link 1 comes down, and the tool with it.
  EXPECT_LT(ds_crane, -1e-3);
  EXPECT_LT(ds_arm, -1e-3);
  EXPECT_LT(dy_tool, -1e-3);
  EXPECT_GT(ds_arm / ds_crane, 0.5);
  EXPECT_LT(ds_arm / ds_crane, 2.0);
  EXPECT_GT(dy_tool / dy_crane, 0.5);
  EXPECT_LT(dy_tool / dy_crane, 2.0);
}

// The κ of each cylinder that holds the arm alone, without its tool, at the link angles q [rad].
Eigen::Vector2d arm_only_kappa(const HydraulicContactTask& h, const Eigen::Vector2d& q) {
  CoupledSystems bare = h.task.systems;
  bare.tool.bodies[bare.tool_body].gravity_mass = 0.0;
  const machine::MachineEquilibrium eq = arm_equilibrium(two_actuator_crane(), *h.model, bare, q);
  return {eq.cylinders[0].command, eq.cylinders[1].command};
}

// A simple κ script: cylinder 1 retracts (κ1 = κ0 + 0.02) and brings the box down onto the
// platform (it touches at 2.1 s), then, from 2.4 s, both valves go to `rest` within 0.1 s; without
// `rest` the script keeps lowering to its end.
RunResult land(ContactCoupling coupling, const std::optional<Eigen::Vector2d>& rest, double duration) {
  HydraulicContactTask h = hydraulic_landing();
  const double k1 = h.equilibrium.cylinders[0].command, k2 = h.equilibrium.cylinders[1].command;
  const double t_down = 0.2, t_rest = 2.4;  // [s]
  std::vector<TableManoeuvre::Point> p1 = {{t_down, k1}, {t_down + 0.1, k1 + 0.02}};
  std::vector<TableManoeuvre::Point> p2 = {{t_down, k2}};
  if (rest) {
    p1.insert(p1.end(), {{t_rest, k1 + 0.02}, {t_rest + 0.1, (*rest)[0]}});
    p2.insert(p2.end(), {{t_rest, k2}, {t_rest + 0.1, (*rest)[1]}});
  }
  const TableManoeuvre kappa1(p1), kappa2(p2);
  return run_landing(coupling, kappa1, kappa2, duration, h);
}

// The κ that holds the arm alone where the box sits on the platform: the steady force of a
// cylinder whose piston stands still is set by κ alone, so a valve left at the κ that holds arm and
// box leaves the platform nothing to carry, one still lowering presses the box into it (3 kN here),
// and one that holds the arm alone lets the platform carry the box. Found by landing once and
// reading the angles the arm came to rest at.
// The contact force a HIL controller gets (sim::ContactSensors): the tool side's or the monolithic
// system's closed contacts, the sample's normal_force; the arm side senses none.
TEST(HydraulicContact, TheToolsSideSensesTheContactForceOfTheSample) {
  for (ContactCoupling c : {ContactCoupling::kMonolithic, ContactCoupling::kModelModel}) {
    HydraulicContactTask h = hydraulic_landing();
    const double k1 = h.equilibrium.cylinders[0].command;
    const TableManoeuvre kappa1({{0.2, k1}, {0.3, k1 + 0.02}});
    const ConstantValveCommand kappa2(h.equilibrium.cylinders[1].command);
    ContactHydraulics cylinders{h.model, h.equilibrium};
    cylinders.valves = {&kappa1, &kappa2};
    ContactCouplingSettings s;
    s.coupling = c;
    s.duration = 2.5;  // landed at about 2.1 s
    Plan plan = build_contact_plan(h.task.systems, s, *h.driver, &cylinders);
    const RunResult r = run_plan(plan);
    ASSERT_GT(r.samples.back().normal_force, 1000.0) << to_string(c);  // the lowering valve presses it down
    int sensing = 0;
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const auto* sensors = dynamic_cast<const ContactSensors*>(&plan.subsystem(i));
      if (!sensors || !sensors->senses_contacts()) continue;
      ++sensing;
      EXPECT_EQ(sensors->contact_normal_force(), r.samples.back().normal_force) << plan.subsystem(i).name();
    }
    EXPECT_EQ(sensing, 1) << to_string(c);
  }
}

TEST(HydraulicContact, ASimpleKappaScriptLandsTheBoxOnThePlatform) {
  const HydraulicContactTask h = hydraulic_landing();
  const RunResult first = land(ContactCoupling::kMonolithic, std::nullopt, 2.4);
  ASSERT_FALSE(first.diverged);
  const Sample& rested = first.samples.back();
  const Eigen::Vector2d rest = arm_only_kappa(h, Eigen::Vector2d(rested.theta[0], rested.theta[1]));
  const double weight = 50.0 * 9.81;                           // the box's [N]
  const double platform_top = LandingSettings{}.platform_top;  // [m]
  for (ContactCoupling c : {ContactCoupling::kMonolithic, ContactCoupling::kModelModel}) {
    const RunResult r = land(c, rest, 4.0);
    ASSERT_FALSE(r.diverged) << to_string(c);
    const Sample& end = r.samples.back();
    std::printf(
        "%-12s landed: box at (%.4f, %.4f) m, theta %.2e rad, %d contacts, normal force %.1f N (weight %.1f "
        "N), kappa (%.5f, %.5f)\n",
        std::string(to_string(c)).c_str(), end.tool_x, end.tool_y, end.tool_theta, end.contacts,
        end.normal_force, weight, rest[0], rest[1]);
    EXPECT_EQ(end.contacts, 2) << to_string(c);
    EXPECT_NEAR(end.normal_force, weight, 0.1 * weight) << to_string(c);
    EXPECT_NEAR(end.tool_y - 0.5 * LandingSettings{}.box_height, platform_top, 1e-4) << to_string(c);
    EXPECT_LT(std::abs(end.tool_theta), 1e-3) << to_string(c);
    EXPECT_LT(std::hypot(end.tool_xdot, end.tool_ydot), 1e-4) << to_string(c);
  }
}

}  // namespace
}  // namespace hilsim::sim::contact::hydraulic_mode_test
