// The machine's limits in whole runs and in one cylinder with a prescribed motion: a controller that
// holds the valve open ends against a stop, finite, with the stop reported; a piston pulled faster
// than the pump can fill stays at or above the vapour pressure; a chamber compressed against a
// closed valve stays under the relief valve's bound; and limits that never engage change no bit.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/analysis/limit_report.h"
#include "sim/cosim/cosimulation.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/hydraulics/circuit.h"
#include "tests/sim/lim_machine.h"

namespace hilsim::sim {
namespace {

CosimSettings hil_settings(double duration) {
  CosimSettings s;  // p-s Jacobi, H = 1 ms, h_H = 0.2 ms
  s.duration = duration;
  s.hydraulics_integrator = HydraulicIntegrator::kTrapezoidal;  // as the shipped HIL scenarios
  s.limits.enabled = true;
  return s;
}

bool all_finite(const RunResult& r) {
  for (const Sample& x : r.samples) {
    if (!std::isfinite(x.cyl[0].s) || !std::isfinite(x.cyl[0].p1) || !std::isfinite(x.cyl[0].p2) ||
        !std::isfinite(x.theta[0]))
      return false;
  }
  return !r.diverged;
}

bool reported(const std::vector<LimitEvent>& events, LimitKind kind, const std::string& where) {
  for (const LimitEvent& e : events) {
    if (e.kind == kind && e.where == where) return true;
  }
  return false;
}

struct HeldValveRun {
  RunResult result;
  std::vector<LimitEvent> events;
};

HeldValveRun hold_valve(double kappa, const CosimSettings& s) {
  const test::LimRun crane(1, {}, s.limits);
  const ConstantValveCommand valve(kappa);
  HeldValveRun run{crane.run(valve, s), {}};
  run.events = find_limit_events(run.result.samples, *crane.model, s);
  return run;
}

TEST(LimitsRun, AControllerHoldingKappaAt052EndsOnLinkOnesRest) {
  // κ = 0.52 > κ0 lowers the crane; s cannot fall below 0.366 m (link 1 horizontal), inside the
  // stroke, so link 1's rest is the stop it meets.
  const HeldValveRun run = hold_valve(0.52, hil_settings(20.0));
  ASSERT_TRUE(all_finite(run.result));
  EXPECT_DOUBLE_EQ(run.result.samples.back().t, 20.0);
  EXPECT_NEAR(run.result.samples.back().theta[0], JointStopLimits{}.theta1_min, 2e-3);
  EXPECT_TRUE(reported(run.events, LimitKind::kJointStop, "joint1, lower"));
  const std::string line = describe(run.events.front());
  EXPECT_NE(line.find("joint on its limit (joint1, lower)"), std::string::npos) << line;
}

TEST(LimitsRun, AControllerHoldingKappaAt040EndsAgainstTheExtendedEndStop) {
  const HeldValveRun run = hold_valve(0.40, hil_settings(20.0));
  ASSERT_TRUE(all_finite(run.result));
  const double stroke_max = 0.5 + 0.5 * HydraulicParameters{}.l - EndStopLimits{}.dead_length;
  const Sample& end = run.result.samples.back();
  // At the stop, within the static penetration of the full pump force (49 kN / 1e8 N/m ≈ 0.5 mm).
  EXPECT_GT(end.cyl[0].s, stroke_max - 1e-4);
  EXPECT_LT(end.cyl[0].s, stroke_max + 1e-3);
  EXPECT_NEAR(end.cyl[0].s_dot, 0.0, 1e-3);
  EXPECT_TRUE(reported(run.events, LimitKind::kEndStop, "actuator 1, extended"));
}

TEST(LimitsRun, WithoutLimitsTheSameControllerLeavesTheMachineAndTheReportSaysSo) {
  CosimSettings s = hil_settings(20.0);
  s.limits.enabled = false;
  const HeldValveRun run = hold_valve(0.52, s);
  EXPECT_TRUE(reported(run.events, LimitKind::kBeyondJointRange, "joint1, lower"));
  const std::string cause = divergence_cause(run.events);
  EXPECT_NE(cause.find("limits"), std::string::npos) << cause;
}

TEST(LimitsRun, OpenLoopM1AndM2RunSixtySecondsFiniteOnTheRest) {
  const test::LimRun crane(1, {}, hil_settings(60.0).limits);
  const StepManoeuvreM1 m1(crane.kappa0());
  const SinusoidalManoeuvreM2 m2(crane.kappa0());
  for (const ValveCommand* valve :
       {static_cast<const ValveCommand*>(&m1), static_cast<const ValveCommand*>(&m2)}) {
    for (HydraulicIntegrator integrator :
         {HydraulicIntegrator::kForwardEuler, HydraulicIntegrator::kTrapezoidal}) {
      CosimSettings s = hil_settings(60.0);
      s.hydraulics_integrator = integrator;
      const RunResult r = crane.run(*valve, s);
      ASSERT_TRUE(all_finite(r));
      EXPECT_DOUBLE_EQ(r.samples.back().t, 60.0);
      const std::vector<LimitEvent> events = find_limit_events(r.samples, *crane.model, s);
      EXPECT_TRUE(reported(events, LimitKind::kJointStop, "joint1, lower"));
    }
  }
}

TEST(LimitsRun, LimitsThatNeverEngageChangeNoBit) {
  // The first 10 s of M1 stay far from every limit: with them modelled the run is the benchmark's.
  const test::LimRun crane;
  const StepManoeuvreM1 m1(crane.kappa0());
  for (Coupling coupling :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    CosimSettings off;
    off.coupling = coupling;
    CosimSettings on = off;
    on.limits.enabled = true;
    const RunResult a = crane.run(m1, off);
    const RunResult b = crane.run(m1, on);
    ASSERT_EQ(a.samples.size(), b.samples.size());
    for (std::size_t i = 0; i < a.samples.size(); ++i) {
      ASSERT_EQ(a.samples[i].cyl[0].s, b.samples[i].cyl[0].s) << i;
      ASSERT_EQ(a.samples[i].cyl[0].p1, b.samples[i].cyl[0].p1) << i;
      ASSERT_EQ(a.samples[i].cyl[0].p2, b.samples[i].cyl[0].p2) << i;
      ASSERT_EQ(a.samples[i].E_balance, b.samples[i].E_balance) << i;
    }
  }
}

// One cylinder of the benchmark, its actuator moved at a constant rate ṡ from s0 with the valve at κ.
struct PrescribedRun {
  double p_min[2] = {INFINITY, INFINITY}, p_max[2] = {-INFINITY, -INFINITY};
  double cavity_max = 0.0;  // [m³]
};

// `limits`: the machine's (relief valves, cavitation) modelled.
PrescribedRun move_piston(bool limits, double s_dot, double kappa, double duration) {
  MachineLimits machine;
  machine.enabled = limits;
  const test::LimRun crane(1, {}, machine);
  const machine::CylinderEquilibrium& eq = crane.eq.cylinders[0];
  const ConstantValveCommand valve(kappa);
  const double H = 1e-3, h = 1e-4;
  HydraulicsOptions options;
  options.integrator = HydraulicIntegrator::kTrapezoidal;
  std::array<CircuitCylinder, kMaxCircuitCylinders> cyl{};
  cyl[0] = CircuitCylinder{eq.s, eq.p, eq.command, &valve, cylinder_limits(*crane.model, 0, limits)};
  HydraulicsSubsystem cylinder(machine_circuits(*crane.model, limits)[0], H, h, cyl, 0.0, options);
  PrescribedRun run;
  for (std::int64_t n = 0; n < static_cast<std::int64_t>(duration / H); ++n) {
    const double u[2] = {eq.s + s_dot * static_cast<double>(n) * H, s_dot};
    cylinder.set_inputs(n, u);
    for (std::int64_t j = 0; j < cylinder.micro_steps(); ++j) {
      cylinder.micro_step(n, j);
      for (int i = 0; i < 2; ++i) {
        run.p_min[i] = std::min(run.p_min[i], cylinder.pressures()[i]);
        run.p_max[i] = std::max(run.p_max[i], cylinder.pressures()[i]);
      }
      run.cavity_max = std::max(run.cavity_max, cylinder.cavities().maxCoeff());
    }
    cylinder.end_macro_step(n);
  }
  return run;
}

TEST(LimitsCylinder, APistonPulledFasterThanThePumpFillsCavitatesAtTheVapourPressure) {
  // κ = 1: chamber 2 has no way from the pump (a_o = 0) and its tank orifice only lets oil out, so
  // extending at 0.2 m/s (chamber 2 grows by 1.3 l/s) stretches it; 0.4 s stays inside the stroke.
  const double p_v = CavitationLimits{}.vapour_pressure;
  const PrescribedRun with = move_piston(true, 0.2, 1.0, 0.4);
  EXPECT_GE(with.p_min[1], p_v);
  EXPECT_EQ(with.p_min[1], p_v);     // it did reach the floor...
  EXPECT_GT(with.cavity_max, 1e-4);  // ...and held a cavity (of the order of 0.2 m/s · a_p · 0.4 s)
  const PrescribedRun without = move_piston(false, 0.2, 1.0, 0.4);
  EXPECT_LT(without.p_min[1], 0.0);  // the benchmark's law: a tension no liquid holds
}

TEST(LimitsCylinder, AChamberCompressedAgainstAClosedValveStaysUnderTheReliefBound) {
  // κ = 1: chamber 1 has no way to the tank (a_o = 0) and its pump orifice only lets oil in, so
  // extending at 0.05 m/s compresses it; the relief valve must pass a_p ṡ = 0.33 l/s.
  const MachineLimits machine;
  const HydraulicParameters hyd;
  const double s_dot = 0.05;
  const PrescribedRun with = move_piston(true, s_dot, 1.0, 1.0);
  // At most the cracking pressure plus what passes the displaced flow: p_c + a_p ṡ / gain.
  const double bound = machine.relief.cracking_pressure + hyd.a_p * s_dot / machine.relief.flow_gain;
  EXPECT_GT(with.p_max[0], machine.relief.cracking_pressure);
  EXPECT_LE(with.p_max[0], bound * (1 + 1e-9));
  const PrescribedRun without = move_piston(false, s_dot, 1.0, 1.0);
  EXPECT_GT(without.p_max[0], 5 * bound);
}

}  // namespace
}  // namespace hilsim::sim
