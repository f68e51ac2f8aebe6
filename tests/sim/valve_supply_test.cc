// The hydraulic elements of a machine (sim/hydraulics/valve.h, spool_lag.h, supply.h,
// cylinder_hydraulics.h) against closed forms: a proportional valve's nominal flow at its nominal
// drop, its dead band and leakage, the spool's step response; the benchmark's valve against the
// hand-written flows of LIM benchmark 2021, eqs. (9)–(10) (sim/hydraulics/cylinder.h).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/hydraulics/cylinder.h"
#include "sim/hydraulics/cylinder_hydraulics.h"
#include "sim/hydraulics/spool_lag.h"
#include "sim/hydraulics/supply.h"
#include "sim/hydraulics/valve.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/machine_model.h"

namespace hilsim::sim {
namespace {

machine::ValveDescription proportional_valve() {
  machine::ValveDescription d;
  d.type = machine::ValveDescription::Type::kProportional;
  d.proportional.nominal_flow = 40.0 / 60000.0;  // 40 l/min
  d.proportional.nominal_pressure_drop = 3.5e6;  // at 35 bar per edge
  d.proportional.overlap = 0.1;
  d.proportional.leakage_flow = 0.3 / 60000.0;  // 0.3 l/min at 100 bar
  d.proportional.leakage_pressure_drop = 10e6;
  d.proportional.laminar_pressure_drop = 0.5e6;
  return d;
}

TEST(ProportionalValve, AFullyOpenEdgePassesItsNominalFlowAtItsNominalDrop) {
  const ValveModel v = ValveModel::from(proportional_valve());
  const double rho = 850.0, p_t = 0.2e6, dp_n = 3.5e6;
  // x = 1: P→2 and 1→T open. Chamber 2 at p_s − Δp_N, chamber 1 at p_T + Δp_N: each open edge passes
  // Q_N; each closed edge leaks G Δp.
  const double p_s = 20e6, p2 = p_s - dp_n, p1 = p_t + dp_n;
  const ValveFlows f = valve_flows(v, 1.0, rho, p_s, p_t, p1, p2);
  const double G = 0.3 / 60000.0 / 10e6;
  EXPECT_NEAR(f.q2, 40.0 / 60000.0 + G * dp_n - G * (p2 - p_t), 1e-15);
  EXPECT_NEAR(f.q1, G * (p_s - p1) - (40.0 / 60000.0 + G * dp_n), 1e-15);
  // Half open, a quarter of the drop: Q = Q_N / 2 · √(1/4) in the turbulent range (to the laminar
  // transition's share, (1 + (Δp_l/Δp)²)^(−1/4) against the nominal one's).
  const double dp = dp_n / 4.0, x = 0.1 + 0.9 * 0.5;
  const ValveFlows h = valve_flows(v, x, rho, p_t + dp, p_t, p_t, p_t);
  const double l2 = 0.5e6 * 0.5e6;
  const double expected = 40.0 / 60000.0 * 0.5 * std::sqrt(0.25) *
                          std::pow((1.0 + l2 / (dp * dp)) / (1.0 + l2 / (dp_n * dp_n)), -0.25);
  EXPECT_NEAR(h.q2 - G * dp, expected, 1e-15);
}

TEST(ProportionalValve, InsideItsDeadBandOnlyTheLeakagePasses) {
  const ValveModel v = ValveModel::from(proportional_valve());
  const double G = 0.3 / 60000.0 / 10e6, p_s = 25e6, p_t = 0.2e6, p1 = 4e6, p2 = 18e6;
  for (const double x : {-0.1, -0.05, 0.0, 0.07, 0.1}) {
    const ValveFlows f = valve_flows(v, x, 850.0, p_s, p_t, p1, p2);
    EXPECT_NEAR(f.q1, G * (p_s - p1) - G * (p1 - p_t), 1e-18) << x;
    EXPECT_NEAR(f.q2, G * (p_s - p2) - G * (p2 - p_t), 1e-18) << x;
    EXPECT_NEAR(f.supply, G * (p_s - p1) + G * (p_s - p2), 1e-18) << x;
  }
  // Just outside, the edges open.
  EXPECT_GT(valve_flows(v, 0.11, 850.0, p_s, p_t, p1, p2).q2, G * (p_s - p2) - G * (p2 - p_t) + 1e-7);
  // With both chambers blocked (q1 = q2 = 0 at the pressures between), P→T leaks Q_leak at Δp_leak.
  const double p_mid = 0.5 * (10.2e6 + 0.2e6);
  EXPECT_NEAR(valve_flows(v, 0.0, 850.0, 10.2e6, 0.2e6, p_mid, p_mid).supply, 0.3 / 60000.0, 1e-18);
}

TEST(ProportionalValve, FlowSlopesAreTheDerivativesOfTheFlows) {
  const ValveModel v = ValveModel::from(proportional_valve());
  for (const double x : {-0.8, -0.3, 0.0, 0.2, 0.95}) {
    for (const double p : {0.25e6, 0.6e6, 5e6, 19.9e6}) {
      double d1 = 0.0, d2 = 0.0;
      valve_flow_slopes(v, x, 850.0, 20e6, 0.2e6, p, p, d1, d2);
      const double e = 1.0;
      const ValveFlows a = valve_flows(v, x, 850.0, 20e6, 0.2e6, p + e, p + e);
      const ValveFlows b = valve_flows(v, x, 850.0, 20e6, 0.2e6, p - e, p - e);
      EXPECT_NEAR(d1, (a.q1 - b.q1) / (2 * e), 1e-6 * std::abs(d1) + 1e-20) << x << " " << p;
      EXPECT_NEAR(d2, (a.q2 - b.q2) / (2 * e), 1e-6 * std::abs(d2) + 1e-20) << x << " " << p;
    }
  }
}

TEST(SpoolLag, TheStepResponseIsTheSecondOrderLagsClosedForm) {
  // x(t) = 1 − e^{−ζωt} (cos ω_d t + ζ/√(1 − ζ²) sin ω_d t), ω_d = ω √(1 − ζ²), for a unit step.
  for (const double zeta : {0.3, 0.7}) {
    const double f_n = 50.0, w = 2 * std::numbers::pi * f_n, wd = w * std::sqrt(1 - zeta * zeta), h = 1e-4;
    const SpoolLag lag(f_n, zeta, h);
    SpoolState s;
    for (int k = 1; k <= 400; ++k) {
      s = lag.step(s, 0.5);
      const double t = k * h;
      const double x =
          0.5 * (1 - std::exp(-zeta * w * t) *
                         (std::cos(wd * t) + zeta / std::sqrt(1 - zeta * zeta) * std::sin(wd * t)));
      ASSERT_NEAR(s.x, x, 1e-12) << "zeta " << zeta << " t " << t;
    }
  }
  // Critically and over-damped: no overshoot, and the same exact step at any h.
  for (const double zeta : {1.0, 2.0}) {
    SpoolState fine, coarse;
    const SpoolLag small(50.0, zeta, 1e-5), big(50.0, zeta, 1e-3);
    for (int k = 0; k < 100; ++k) {
      for (int j = 0; j < 100; ++j) fine = small.step(fine, 1.0);
      coarse = big.step(coarse, 1.0);
      EXPECT_LE(coarse.x, 1.0);
      EXPECT_NEAR(fine.x, coarse.x, 1e-11);
    }
  }
}

TEST(SpoolLag, TheSpoolStopsAtTheEndsOfItsTravel) {
  const SpoolLag lag(50.0, 0.2, 1e-4);
  SpoolState s;
  double highest = 0.0;
  for (int k = 0; k < 1000; ++k) {
    s = lag.step(s, 1.0);  // an underdamped spool overshoots its command, the stop holds it at 1
    highest = std::max(highest, s.x);
  }
  EXPECT_EQ(highest, 1.0);
}

TEST(OpenCentreValve, ItsFlowsAreTheBenchmarksEquations) {
  const HydraulicParameters hyd;
  const machine::MachineModel model =
      machine::build_machine_model(machine::lim_crane_description(CraneParameters{}, hyd));
  const CylinderHydraulics c = CylinderHydraulics::from(model, 0, false);
  const double s0 = model.cylinders[0].retracted_length + 0.5 * (model.cylinders[0].stroke);
  for (const double kappa : {0.0, 0.3, 0.4543, 0.9, 1.0}) {
    for (const double s_dot : {-0.05, 0.0, 0.02}) {
      const Eigen::Vector2d p(3.2e6, 4.5e6);
      const Eigen::Vector2d ref = pressure_rates(hyd, s0, p, 0.48, s_dot, kappa);
      const Eigen::Vector2d got = chamber_pressure_rates(c, p, 0.48, s_dot, kappa, hyd.p_P);
      EXPECT_NEAR(got[0], ref[0], 1e-9 * std::abs(ref[0]) + 1e-6) << kappa;
      EXPECT_NEAR(got[1], ref[1], 1e-9 * std::abs(ref[1]) + 1e-6) << kappa;
    }
  }
  EXPECT_NEAR(cylinder_force(c, Eigen::Vector2d(3e6, 4e6), 0.01),
              actuator_force(hyd, Eigen::Vector2d(3e6, 4e6), 0.01), 1e-9);
}

TEST(Supply, APumpsLineBalancesItsFlowAgainstTheDrawAndTheReliefValve) {
  machine::MachineDescription d = machine::lim_crane_description(CraneParameters{}, HydraulicParameters{});
  machine::SupplyDescription pump;
  pump.name = "pump";
  pump.type = machine::SupplyDescription::Type::kPump;
  pump.pump_flow = 1e-3;
  pump.line_volume = 1e-3;
  pump.relief_pressure = 10e6;
  pump.relief_override = 0.5e6;
  d.supplies = {pump};
  const SupplyModel s = SupplyModel::from(machine::build_machine_model(d), 0);
  // Below cracking, the line fills with what the valves do not draw; at cracking plus the override the
  // relief valve passes the whole pump flow.
  EXPECT_NEAR(supply_pressure_rate(s, 5e6, 0.4e-3), bulk_modulus(s.fluid, 5e6) / 1e-3 * 0.6e-3, 1e-6);
  EXPECT_NEAR(supply_relief_flow(s, 10.5e6), 1e-3, 1e-18);
  EXPECT_NEAR(supply_pressure_rate(s, 10.5e6, 0.0), 0.0, 1e-6);
}

}  // namespace
}  // namespace hilsim::sim
