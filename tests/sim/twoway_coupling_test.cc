// The two-way model-based coupling (coupling.h kTwoWay): the hydraulics integrate the mechanics' RIM,
// the mechanics integrate a reduced model of the hydraulics (reduced_cylinder_model.h) implicitly at
// h_M. Against p-s (which it is at one micro step per macro step) and against a fine p-s solution.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "sim/analysis/stability.h"
#include "sim/cosim/cosimulation.h"
#include "sim/cosim/machine_plan.h"
#include "sim/model/crane_model.h"
#include "tests/sim/lim_machine.h"

namespace hilsim::sim {
namespace {

enum class TwoWayManoeuvre { kM1, kM2 };

struct TwoWayCase {
  int actuators = 1;
  TwoWayManoeuvre manoeuvre = TwoWayManoeuvre::kM1;
  Coupling coupling = Coupling::kTwoWay;
  CosimScheme scheme = CosimScheme::kJacobi;
  KappaPreview preview = KappaPreview::kScript;
  double H = 0.1;        // [s]
  double h_mech = 1e-3;  // [s]
  double h_hyd = 2e-4;   // [s]
  double duration = 10.0;
};

RunResult twoway_run(const TwoWayCase& c) {
  const test::LimRun crane(c.actuators);
  const StepManoeuvreM1 m1(crane.kappa0());
  const SinusoidalManoeuvreM2 m2(crane.kappa0());
  CosimSettings s;
  s.coupling = c.coupling;
  s.scheme = c.scheme;
  s.preview = c.preview;
  s.H = c.H;
  s.h_mech = c.h_mech;
  s.h_hyd = c.h_hyd;
  s.duration = c.duration;
  return crane.run(c.manoeuvre == TwoWayManoeuvre::kM1 ? static_cast<const ValveCommand&>(m1)
                                                       : static_cast<const ValveCommand&>(m2),
                   s);
}

// The fine solution the issue measures against: p-s at H = h_M = h_H = 0.05 ms, 10 s.
const ReferenceCurve& twoway_fine(int actuators, TwoWayManoeuvre manoeuvre) {
  static std::map<std::pair<int, TwoWayManoeuvre>, ReferenceCurve> cache;
  const auto key = std::make_pair(actuators, manoeuvre);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  TwoWayCase c;
  c.actuators = actuators;
  c.manoeuvre = manoeuvre;
  c.coupling = Coupling::kPressureDisplacement;
  c.H = c.h_mech = c.h_hyd = 5e-5;
  return cache.emplace(key, reference_from_samples(twoway_run(c).samples)).first->second;
}

double twoway_error(const TwoWayCase& c) {
  const RunResult r = twoway_run(c);
  if (r.diverged) return INFINITY;
  return compare_at_communication_points(r.samples, twoway_fine(c.actuators, c.manoeuvre)).s1.value;
}

bool twoway_stable(const TwoWayCase& c) {
  const RunResult r = twoway_run(c);
  return assess_stability(r.samples, r.diverged, twoway_fine(c.actuators, c.manoeuvre), StabilityCriterion{},
                          c.actuators)
      .stable;
}

double max_s1_gap(const RunResult& a, const RunResult& b) {
  EXPECT_EQ(a.samples.size(), b.samples.size());
  double gap = 0.0;
  for (std::size_t i = 0; i < std::min(a.samples.size(), b.samples.size()); ++i) {
    gap = std::max(gap, std::abs(a.samples[i].cyl[0].s - b.samples[i].cyl[0].s));
    gap = std::max(gap, std::abs(a.samples[i].cyl[1].s - b.samples[i].cyl[1].s));
  }
  return gap;
}

TEST(TwoWayCoupling, OneMicroStepPerMacroStepIsThePressureDisplacementCoupling) {
  for (int actuators : {1, 2}) {
    for (CosimScheme scheme : {CosimScheme::kJacobi, CosimScheme::kGaussSeidelMechanicsFirst,
                               CosimScheme::kGaussSeidelHydraulicsFirst}) {
      for (KappaPreview preview : {KappaPreview::kScript, KappaPreview::kNone}) {
        TwoWayCase c;
        c.actuators = actuators;
        c.scheme = scheme;
        c.preview = preview;
        c.H = c.h_mech = c.h_hyd = 2e-4;
        c.duration = 3.0;
        const RunResult twoway = twoway_run(c);
        c.coupling = Coupling::kPressureDisplacement;
        const RunResult ps = twoway_run(c);
        ASSERT_FALSE(twoway.diverged);
        const std::string what = std::to_string(actuators) + " actuators, scheme " +
                                 std::to_string(static_cast<int>(scheme)) + ", preview " +
                                 std::to_string(static_cast<int>(preview));
        EXPECT_LT(max_s1_gap(twoway, ps), 1e-9) << what;  // [m]
        // The monitor's terms are p-s's too (coupling_monitor.h).
        EXPECT_NEAR(twoway.samples.back().dE, ps.samples.back().dE,
                    1e-9 * (1.0 + std::abs(ps.samples.back().dE)))
            << what;
      }
    }
  }
}

// The measure: h_H = 0.2 ms, h_M = 1 ms, against p-s at 0.05 ms, at the communication points.
// Beside the bound, the coupling's own share: what H = 100 ms adds to the same scheme at H = h_M
// (measured: M1 0.023 against 0.026 mm, M2 0.126 against 0.126 mm with the preview; 0.196 mm on M2
// without it).
TEST(TwoWayCoupling, WithinHalfAMillimetreAtOneHundredMilliseconds) {
  for (int actuators : {1, 2}) {
    for (TwoWayManoeuvre m : {TwoWayManoeuvre::kM1, TwoWayManoeuvre::kM2}) {
      for (KappaPreview preview : {KappaPreview::kScript, KappaPreview::kNone}) {
        TwoWayCase c;
        c.actuators = actuators;
        c.manoeuvre = m;
        c.preview = preview;
        const double at_100ms = twoway_error(c);
        c.H = c.h_mech;
        const double at_h_M = twoway_error(c);
        const std::string what = std::to_string(actuators) + " actuators, M" +
                                 (m == TwoWayManoeuvre::kM1 ? "1" : "2") + ", preview " +
                                 (preview == KappaPreview::kScript ? "script" : "none");
        EXPECT_LE(at_100ms, 5e-4) << what;           // [m]
        EXPECT_LE(at_100ms - at_h_M, 1e-4) << what;  // [m]
      }
    }
  }
}

// Every H on a 5 ms grid to 100 ms and 200, 500, 1000 ms; M1 and M2, one and two actuators, both
// previews (184 runs of 10 s, ~2 s in all).
TEST(TwoWayCoupling, StableFromFiveMillisecondsToOneSecond) {
  std::vector<double> grid;
  for (int i = 1; i <= 20; ++i) grid.push_back(5e-3 * i);
  for (double H : {0.2, 0.5, 1.0}) grid.push_back(H);
  for (int actuators : {1, 2}) {
    for (TwoWayManoeuvre m : {TwoWayManoeuvre::kM1, TwoWayManoeuvre::kM2}) {
      for (KappaPreview preview : {KappaPreview::kScript, KappaPreview::kNone}) {
        for (double H : grid) {
          TwoWayCase c;
          c.actuators = actuators;
          c.manoeuvre = m;
          c.preview = preview;
          c.H = H;
          EXPECT_TRUE(twoway_stable(c))
              << actuators << " actuators, M" << (m == TwoWayManoeuvre::kM1 ? 1 : 2) << ", H = " << H << " s";
        }
      }
    }
  }
}

TEST(TwoWayCoupling, MonitorVanishesWhileTheCraneRests) {
  TwoWayCase c;
  c.duration = 2.0;                                         // M1 holds κ0 until t_a = 2 s
  EXPECT_NEAR(twoway_run(c).samples.back().dE, 0.0, 1e-9);  // [J]
}

TEST(TwoWayCoupling, MonitorGrowsWithTheMacroStepAndTheBalanceIsTheMechanics) {
  // δE is the energy the two sides' models disagree on: it grows with H (measured on M2: −9.9 J at
  // 10 ms, −13 J at 100 ms, −50 J at 1 s). The energy balance is the mechanics' own integrator's at
  // h_M, whatever H (−3.4633 J at every H).
  std::vector<Sample> last;
  for (double H : {10e-3, 0.1, 1.0}) {
    TwoWayCase c;
    c.manoeuvre = TwoWayManoeuvre::kM2;
    c.H = H;
    last.push_back(twoway_run(c).samples.back());
  }
  EXPECT_LT(std::abs(last[0].dE), std::abs(last[1].dE));
  EXPECT_LT(std::abs(last[1].dE), std::abs(last[2].dE));
  EXPECT_NEAR(last[0].E_balance, last[1].E_balance, 1e-3);  // [J]
  EXPECT_NEAR(last[0].E_balance, last[2].E_balance, 1e-3);
}

TEST(TwoWayCoupling, KappaBeyondTheUnpreviewedReachIsClampedAndReported) {
  // A valve step of 0.15 inside a 100 ms macro step: without a preview the model spans the κ last
  // applied ± 0.1, so the mechanics clamp κ until the next communication point, and say so.
  const test::LimRun crane;
  const double kappa0 = crane.kappa0();
  const TableManoeuvre step({{0.0, kappa0}, {1.0, kappa0}, {1.001, kappa0 + 0.15}});
  CosimSettings s;
  s.coupling = Coupling::kTwoWay;
  s.H = 0.1;
  s.h_mech = 1e-3;
  s.duration = 1.5;
  for (KappaPreview preview : {KappaPreview::kNone, KappaPreview::kScript}) {
    s.preview = preview;
    Plan plan = crane.plan(step, s);
    ASSERT_FALSE(run_plan(plan).diverged);
    const std::string report = twoway_model_report(plan);
    if (preview == KappaPreview::kNone) {
      EXPECT_NE(report.find("clamped to it) at 99 mechanics micro step(s)"), std::string::npos) << report;
    } else {
      EXPECT_EQ(report, "");  // the preview spans the step
    }
  }
}

TEST(TwoWayCoupling, TheMechanicsStepDefaultsToAMillisecondAndIsBoundedByFive) {
  CosimSettings s;
  s.coupling = Coupling::kTwoWay;
  s.H = 0.1;
  EXPECT_DOUBLE_EQ(mechanics_step(s), 1e-3);
  s.H = 2.5e-3;
  EXPECT_DOUBLE_EQ(mechanics_step(s), 2.5e-3 / 3.0);
  s.H = 0.5e-3;
  EXPECT_DOUBLE_EQ(mechanics_step(s), 0.5e-3);
  s.coupling = Coupling::kPressureDisplacement;
  s.H = 0.1;
  EXPECT_DOUBLE_EQ(mechanics_step(s), 0.1);  // the other couplings: h_M = H unless set
  const test::LimRun crane;
  const StepManoeuvreM1 m1(crane.kappa0());
  s.coupling = Coupling::kTwoWay;
  s.h_mech = 10e-3;
  EXPECT_THROW(crane.plan(m1, s), std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim
