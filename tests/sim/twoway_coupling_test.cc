// The two-way model-based coupling (coupling.h kTwoWay): the hydraulics integrate the mechanics' RIM,
// the mechanics integrate a reduced model of the hydraulics (reduced_cylinder_model.h) implicitly at
// h_M. Against p-s (which it is at one micro step per macro step) and against a fine p-s solution.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <tuple>

#include "sim/analysis/stability.h"
#include "sim/cosim/crane_cosimulation.h"
#include "sim/model/crane_model.h"

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
  CraneParameters crane;
  crane.actuators = c.actuators;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const StepManoeuvreM1 m1(eq.kappa);
  const SinusoidalManoeuvreM2 m2(eq.kappa);
  CosimSettings s;
  s.coupling = c.coupling;
  s.scheme = c.scheme;
  s.preview = c.preview;
  s.H = c.H;
  s.h_mech = c.h_mech;
  s.h_hyd = c.h_hyd;
  s.duration = c.duration;
  return run_cosimulation(crane, hyd, eq, c.manoeuvre == TwoWayManoeuvre::kM1 ? static_cast<const ValveCommand&>(m1)
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
  return compare_with_reference(r.samples, twoway_fine(c.actuators, c.manoeuvre)).s1.value;
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
    gap = std::max(gap, std::abs(a.samples[i].s1 - b.samples[i].s1));
    gap = std::max(gap, std::abs(a.samples[i].s2 - b.samples[i].s2));
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
        EXPECT_LT(max_s1_gap(twoway, ps), 1e-9)  // [m]
            << actuators << " actuators, scheme " << static_cast<int>(scheme) << ", preview "
            << static_cast<int>(preview);
      }
    }
  }
}

TEST(TwoWayCoupling, WithinHalfAMillimetreAtOneHundredMilliseconds) {
  for (int actuators : {1, 2}) {
    for (TwoWayManoeuvre m : {TwoWayManoeuvre::kM1, TwoWayManoeuvre::kM2}) {
      for (KappaPreview preview : {KappaPreview::kScript, KappaPreview::kNone}) {
        TwoWayCase c;
        c.actuators = actuators;
        c.manoeuvre = m;
        c.preview = preview;
        EXPECT_LE(twoway_error(c), 5e-4) << actuators << " actuators, M" << (m == TwoWayManoeuvre::kM1 ? 1 : 2)
                                         << ", preview " << (preview == KappaPreview::kScript ? "script" : "none");
      }
    }
  }
}

TEST(TwoWayCoupling, StableFromFiveMillisecondsToOneSecond) {
  for (const auto& [actuators, m] : {std::pair{1, TwoWayManoeuvre::kM1}, std::pair{2, TwoWayManoeuvre::kM2}}) {
    for (double H : {5e-3, 50e-3, 0.2, 0.5, 1.0}) {
      TwoWayCase c;
      c.actuators = actuators;
      c.manoeuvre = m;
      c.H = H;
      EXPECT_TRUE(twoway_stable(c)) << actuators << " actuators, H = " << H << " s";
    }
  }
}

}  // namespace
}  // namespace hilsim::sim
