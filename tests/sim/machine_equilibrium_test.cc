// The static equilibrium of any machine (sim/machine/machine_equilibrium.h): the LIM crane's against
// the published values (LIM benchmark 2021, eq. 18; Peiret et al. 2018, Table 3) and the hand-written
// Newton iteration of eqs. (16)–(17) (sim/model/equilibrium.h); for other valves and a pump, the
// invariants that define it (no flow into any chamber, the forces balanced, the pump's flow balanced).
#include "sim/machine/machine_equilibrium.h"

#include <gtest/gtest.h>

#include "sim/hydraulics/cylinder_hydraulics.h"
#include "sim/hydraulics/supply.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/reduced_dynamics.h"
#include "sim/model/equilibrium.h"
#include "tests/sim/machine_fixtures.h"

namespace hilsim::sim::machine {
namespace {

TEST(MachineEquilibrium, TheLimCraneHoldsAtThePublishedPressuresAndValvePosition) {
  const MachineModel model =
      build_machine_model(lim_crane_description(CraneParameters{}, HydraulicParameters{}));
  const MachineEquilibrium eq = solve_machine_equilibrium(model);
  ASSERT_EQ(eq.cylinders.size(), 1u);
  const CylinderEquilibrium& c = eq.cylinders[0];
  EXPECT_NEAR(c.force, 8829.0, 0.5);  // LIM benchmark 2021, §1.3
  EXPECT_NEAR(c.p[0], 3.1708e6, 50.0);
  EXPECT_NEAR(c.p[1], 4.5292e6, 50.0);
  EXPECT_NEAR(c.command, 0.4543, 5e-5);
  // The hand-written iteration of eqs. (16)–(17) on the hand-derived crane: the same root.
  const Equilibrium ref = solve_equilibrium(CraneParameters{}, HydraulicParameters{});
  EXPECT_NEAR(c.p[0], ref.p[0], 1e-8 * ref.p[0]);
  EXPECT_NEAR(c.p[1], ref.p[1], 1e-8 * ref.p[1]);
  EXPECT_NEAR(c.command, ref.kappa, 1e-12);
  EXPECT_NEAR(c.force, ref.f_h, 1e-9 * ref.f_h);
}

TEST(MachineEquilibrium, TheDoubleCraneHoldsAsTheHandWrittenIterationDoes) {
  CraneParameters crane;
  crane.actuators = 2;
  const MachineModel model = build_machine_model(lim_crane_description(crane, HydraulicParameters{}));
  const MachineEquilibrium eq = solve_machine_equilibrium(model);
  const Equilibrium ref = solve_equilibrium(crane, HydraulicParameters{});
  for (int k = 0; k < 2; ++k) {
    const ActuatorEquilibrium a = ref.actuator(k);
    EXPECT_NEAR(eq.cylinders[k].force, a.f_h, 1e-9 * std::abs(a.f_h)) << k;
    EXPECT_NEAR(eq.cylinders[k].p[0], a.p[0], 1e-8 * a.p[0]) << k;
    EXPECT_NEAR(eq.cylinders[k].p[1], a.p[1], 1e-8 * a.p[1]) << k;
    EXPECT_NEAR(eq.cylinders[k].command, a.kappa, 1e-12) << k;
  }
  EXPECT_NEAR(eq.cylinders[1].command, 0.5, 5e-3);  // Peiret et al. 2018, §4.1.1: κ2 = 0.5
}

// No net inflow into any chamber, and the pressures push what holds the machine.
void expect_holds(const MachineModel& model, const MachineEquilibrium& eq) {
  MachineData data(model);
  forward_kinematics(model, eq.q, VecQ::Zero(model.coordinates()), data);
  ReducedDynamics rd;
  reduced_dynamics(model, data, rd);
  VecK f(model.cylinder_count());
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const CylinderHydraulics c = CylinderHydraulics::from(model, k, false);
    const CylinderEquilibrium& e = eq.cylinders[k];
    const double p_s = eq.supply_pressure[model.cylinders[k].supply];
    const Eigen::Vector2d q = chamber_inflows(c, e.p, 0.0, e.command, p_s);
    EXPECT_LT(std::abs(q[0]), 1e-14) << model.cylinders[k].name;
    EXPECT_LT(std::abs(q[1]), 1e-14) << model.cylinders[k].name;
    f[k] = pressure_force(c, e.p);
  }
  EXPECT_LT(independent_accelerations(rd, f).lpNorm<Eigen::Infinity>(), 1e-6);
}

MachineDescription with_proportional_valves(MachineDescription d) {
  for (CylinderDescription& c : d.cylinders) {
    c.valve.type = ValveDescription::Type::kProportional;
    c.valve.proportional.nominal_flow = 1e-3;
    c.valve.proportional.overlap = 0.1;
  }
  return d;
}

TEST(MachineEquilibrium, ClosedCentreValvesHoldTheLoadWithNoFlow) {
  const MachineModel model = build_machine_model(with_proportional_valves(test_machines::slider_arm()));
  const MachineEquilibrium eq = solve_machine_equilibrium(model);
  expect_holds(model, eq);
  // Holding needs only the leakage: every spool sits just outside its dead band, or inside it.
  for (const CylinderEquilibrium& c : eq.cylinders) EXPECT_LT(std::abs(c.command), 0.11) << c.force;
}

TEST(MachineEquilibrium, APumpsLinePressureBalancesItsFlow) {
  MachineDescription d = with_proportional_valves(test_machines::four_bar_arm());
  d.supplies[0].type = SupplyDescription::Type::kPump;
  d.supplies[0].pump_flow = 5e-4;
  d.supplies[0].line_volume = 1e-3;
  d.supplies[0].relief_pressure = 18e6;
  d.supplies[0].relief_override = 1e6;
  const MachineModel model = build_machine_model(d);
  const MachineEquilibrium eq = solve_machine_equilibrium(model);
  expect_holds(model, eq);
  // At rest the closed-centre valves draw only their leakage: the relief valve passes the rest.
  const SupplyModel s = SupplyModel::from(model, 0);
  const double p_s = eq.supply_pressure[0];
  EXPECT_GT(p_s, 18e6);
  EXPECT_LT(p_s, 19e6);
  const CylinderHydraulics c = CylinderHydraulics::from(model, 0, false);
  const double drawn = valve_flows(c.valve, eq.cylinders[0].command, c.fluid.density, p_s, c.tank_pressure,
                                   eq.cylinders[0].p[0], eq.cylinders[0].p[1])
                           .supply;
  EXPECT_NEAR(s.pump_flow - drawn - supply_relief_flow(s, p_s), 0.0, 1e-15);
}

TEST(MachineEquilibrium, ALoadTheSupplyCannotHoldIsRefusedNamingTheCylinder) {
  MachineDescription d = lim_crane_description(CraneParameters{}, HydraulicParameters{});
  d.supplies[0].pressure = 1.2e6;  // 8.8 kN need at least 1.36 MPa across 65 cm²
  const MachineModel model = build_machine_model(d);
  try {
    solve_machine_equilibrium(model);
    FAIL() << "no error";
  } catch (const MachineError& e) {
    EXPECT_EQ(e.key(), "cylinders[0]");
    EXPECT_NE(std::string(e.what()).find("cylinder 'cylinder1' cannot hold the machine at rest"),
              std::string::npos)
        << e.what();
  }
}

TEST(MachineEquilibrium, APoseNoCylinderCanHoldIsRefused) {
  CraneParameters crane;
  crane.theta2_0 = 4.0;  // link 2 not plumb, and no cylinder on it
  const MachineModel model = build_machine_model(lim_crane_description(crane, HydraulicParameters{}));
  try {
    solve_machine_equilibrium(model);
    FAIL() << "no error";
  } catch (const MachineError& e) {
    EXPECT_EQ(e.key(), "joints");
    EXPECT_NE(std::string(e.what()).find("no pose at rest"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace hilsim::sim::machine
