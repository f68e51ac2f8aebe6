// The limit report read from samples: episodes, extremes, the kinds with the limits on and off, the
// coupling monitor's verdict, and the cause a diverged run is given.
#include "sim/analysis/limit_report.h"

#include <gtest/gtest.h>

#include "tests/sim/lim_machine.h"

namespace hilsim::sim {
namespace {

struct Fixture {
  test::LimRun crane;
  HydraulicParameters hyd;
  const machine::MachineModel& model() const { return *crane.model; }
  Sample rest() const {
    const machine::CylinderEquilibrium& e = crane.eq.cylinders[0];
    Sample x;
    x.cyl[0].s = e.s;
    x.cyl[0].p1 = e.p[0];
    x.cyl[0].p2 = e.p[1];
    x.cyl[0].kappa = e.command;
    x.q[0] = x.theta[0] = crane.eq.q[0];
    return x;
  }
};

TEST(LimitReport, CountsEpisodesAndKeepsTheExtreme) {
  const Fixture f;
  CosimSettings s;
  s.limits.enabled = true;
  s.hydraulics_integrator = HydraulicIntegrator::kTrapezoidal;  // no step limit near the stroke's end
  std::vector<Sample> samples;
  const double stroke_max = f.crane.eq.cylinders[0].s + 0.5 * f.hyd.l - s.limits.end_stops.dead_length;
  for (int n = 0; n < 10; ++n) {
    Sample x = f.rest();
    x.t = n * 1e-3;
    if (n == 2 || n == 3 || n == 7) x.cyl[0].s = stroke_max + 1e-4 * n;  // two episodes: 2–3 and 7
    samples.push_back(x);
  }
  const std::vector<LimitEvent> events = find_limit_events(samples, f.model(), s);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, LimitKind::kEndStop);
  EXPECT_EQ(events[0].where, "actuator 1, extended");
  EXPECT_EQ(events[0].episodes, 2);
  EXPECT_DOUBLE_EQ(events[0].first_t, 2e-3);
  EXPECT_DOUBLE_EQ(events[0].extreme, stroke_max + 7e-4);
  EXPECT_EQ(limit_report_lines(events, s.limits.enabled)[0].rfind(
                "limits: end stop (actuator 1, extended): first at t = 0.002 s, "
                "2 episodes",
                0),
            0u);
  EXPECT_EQ(limit_report_lines({}, s.limits.enabled), std::vector<std::string>{"limits: none reached"});
  EXPECT_TRUE(limit_report_lines({}, false).empty());
}

TEST(LimitReport, WithoutLimitsTheFirstImpossibleStateNamesTheCause) {
  const Fixture f;
  const CosimSettings s;  // limits off
  std::vector<Sample> samples(3, f.rest());
  samples[1].t = 1.0;
  samples[1].cyl[0].p2 = -2e5;  // a tension
  samples[2].t = 2.0;
  samples[2].q[0] = samples[2].theta[0] = -0.1;  // below link 1's rest (10°), which is not modelled
  const std::vector<LimitEvent> events = find_limit_events(samples, f.model(), s);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, LimitKind::kNegativePressure);
  EXPECT_EQ(events[1].kind, LimitKind::kBeyondJointRange);
  EXPECT_EQ(events[1].where, "joint1, lower");
  const std::string cause = divergence_cause(events);
  EXPECT_NE(
      cause.find("left its physical limits first: pressure below zero (absolute) (actuator 1, chamber 2)"),
      std::string::npos)
      << cause;
  EXPECT_NE(cause.find("--limits on"), std::string::npos) << cause;
}

TEST(LimitReport, TheCouplingMonitorAndTheHydraulicStepAreNumericalCauses) {
  const Fixture f;
  CosimSettings s;
  std::vector<Sample> samples(2, f.rest());
  samples[1].t = 0.5;
  samples[1].dE = -2e3;
  std::vector<LimitEvent> events = find_limit_events(samples, f.model(), s);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, LimitKind::kCouplingError);
  EXPECT_NE(divergence_cause(events).find("reduce H"), std::string::npos);
  // The LIM crane's limit is kCouplingErrorLimit: 1 % of its cylinder's work is less.
  EXPECT_EQ(coupling_error_limit(f.model()), kCouplingErrorLimit);
  EXPECT_EQ(events[0].limit, kCouplingErrorLimit);
  EXPECT_NE(numerical_fault_report(events).find("numerically wrong from t = 0.5 s"), std::string::npos);
  LimitMonitor monitor(f.model(), s);
  monitor.observe(samples[0]);
  EXPECT_FALSE(monitor.numerical_fault());
  monitor.observe(samples[1]);
  samples[1].dE = 0.0;
  monitor.observe(samples[1]);
  EXPECT_TRUE(monitor.numerical_fault());  // held once seen
  // A chamber 1 cm short at forward Euler's h_H = 0.2 ms is far beyond its stability limit; the
  // trapezoidal rule has none.
  samples[1].dE = 0.0;
  samples[1].cyl[0].s = f.crane.eq.cylinders[0].s + 0.5 * f.hyd.l - 0.01;
  events = find_limit_events(samples, f.model(), s);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events[0].kind, LimitKind::kUnstableStep);
  EXPECT_NE(divergence_cause(events).find("trapezoidal"), std::string::npos);
  s.hydraulics_integrator = HydraulicIntegrator::kTrapezoidal;
  EXPECT_TRUE(find_limit_events(samples, f.model(), s).empty());
  EXPECT_NE(divergence_cause({}).find("reduce H or h_H"), std::string::npos);
  // Limits that engaged are named, not denied ("no limit was reached").
  const LimitEvent stop{LimitKind::kEndStop, "actuator 1, extended", 0.634, 1, 0.7115};
  const std::string cause = divergence_cause({stop});
  EXPECT_EQ(cause.find("no limit was reached"), std::string::npos) << cause;
  EXPECT_NE(cause.find("the machine's limits engaged first (end stop (actuator 1, extended)"),
            std::string::npos)
      << cause;
}

}  // namespace
}  // namespace hilsim::sim
