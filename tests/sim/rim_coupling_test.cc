// The reduced-interface-model coupling (Peiret et al. 2018, Algorithm 2), the schemes and extrapolations
// beside it, and the coupling-error monitor (Rahikainen et al. 2020, §2.3.2), against the published findings.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/analysis/stability.h"
#include "sim/cosim/cosimulation.h"
#include "sim/model/crane_model.h"
#include "tests/sim/lim_machine.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::sim {
namespace {

const ReferenceCurve& lim_reference() {
  static const ReferenceCurve ref = io::read_reference(std::string(HILSIM_SOURCE_DIR) +
                                                       "/config/reference/lim/hydraulicManipulator_ref.csv");
  return ref;
}

RunResult run(int actuators, Coupling coupling, double H, double h_hyd, double duration = 10.0,
              Extrapolation extrapolation = Extrapolation::kZeroOrderHold,
              CosimScheme scheme = CosimScheme::kJacobi, RimForce force = RimForce::kAverage) {
  const test::LimRun crane(actuators);
  const StepManoeuvreM1 m1(crane.kappa0());
  CosimSettings s;
  s.coupling = coupling;
  s.scheme = scheme;
  s.extrapolation = extrapolation;
  s.rim_force = force;
  s.H = H;
  s.h_hyd = h_hyd;
  s.duration = duration;
  return crane.run(m1, s);
}

bool stable(const RunResult& r, const ReferenceCurve& ref, int actuators) {
  return assess_stability(r.samples, r.diverged, ref, StabilityCriterion{}, actuators).stable;
}

TEST(RimCoupling, OneMicroStepPerMacroStepIsThePressureDisplacementCoupling) {
  for (RimForce force : {RimForce::kAverage, RimForce::kEndOfStep}) {
    const RunResult rim = run(1, Coupling::kReducedInterface, 2e-4, 2e-4, 10.0, Extrapolation::kZeroOrderHold,
                              CosimScheme::kJacobi, force);
    const RunResult ps = run(1, Coupling::kPressureDisplacement, 2e-4, 2e-4);
    ASSERT_EQ(rim.samples.size(), ps.samples.size());
    double max_dev = 0.0;
    for (std::size_t i = 0; i < ps.samples.size(); ++i) {
      max_dev = std::max(max_dev, std::abs(rim.samples[i].cyl[0].s - ps.samples[i].cyl[0].s));
    }
    EXPECT_LT(max_dev, 1e-9);  // [m]
  }
}

// extrapolation_has_effect() against runs: for every coupling, scheme and micro step, linear
// extrapolation changes s1 over M1 exactly when the rule says it can (the RIM with h_M = H and the
// mechanics upstream takes one step per macro step at the polynomial's newest sample: the hold).
TEST(RimCoupling, ExtrapolationChangesTheRunExactlyWhereItHasAnEffect) {
  const test::LimRun crane(1);
  const StepManoeuvreM1 m1(crane.kappa0());
  int without_effect = 0;
  for (Coupling c :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    for (CosimScheme scheme : {CosimScheme::kJacobi, CosimScheme::kGaussSeidelMechanicsFirst,
                               CosimScheme::kGaussSeidelHydraulicsFirst}) {
      for (double h_mech : {0.0, 5e-4}) {
        CosimSettings s;
        s.coupling = c;
        s.scheme = scheme;
        s.H = 1e-3;
        s.h_mech = h_mech;
        s.h_hyd = 1e-4;
        s.duration = 7.0;  // past M1's first valve step (t = 6 s)
        const RunResult hold = crane.run(m1, s);
        s.extrapolation = Extrapolation::kLinear;
        const RunResult linear = crane.run(m1, s);
        double max_ds = 0.0;  // [m]
        for (std::size_t i = 0; i < hold.samples.size(); ++i)
          max_ds = std::max(max_ds, std::abs(hold.samples[i].cyl[0].s - linear.samples[i].cyl[0].s));
        SCOPED_TRACE(std::string(to_string(c)) + ", scheme " + std::to_string(static_cast<int>(scheme)) +
                     ", h_M " + std::to_string(h_mech));
        EXPECT_EQ(max_ds > 0.0, extrapolation_has_effect(s)) << "max |ds1| = " << max_ds;
        if (!extrapolation_has_effect(s)) ++without_effect;
      }
    }
  }
  EXPECT_EQ(without_effect, 2);  // the RIM, h_M = H, Jacobi and Gauss-Seidel mechanics first
  // One hydraulic step per macro step (H = h_H = 0.2 ms, the benchmark's h_H): forward Euler reads
  // its inputs at the step's start only, the trapezoidal rule inside and at the end as well, and the
  // f-s hydraulics return a force damped with ṡ at the step's end. The coupling monitor's dE follows
  // the extrapolation either way.
  for (Coupling c : {Coupling::kForceDisplacement, Coupling::kPressureDisplacement}) {
    for (HydraulicIntegrator integrator :
         {HydraulicIntegrator::kForwardEuler, HydraulicIntegrator::kTrapezoidal}) {
      CosimSettings s;
      s.coupling = c;
      s.H = s.h_hyd = 2e-4;
      s.hydraulics_integrator = integrator;
      s.duration = 7.0;
      const RunResult hold = crane.run(m1, s);
      s.extrapolation = Extrapolation::kLinear;
      const RunResult linear = crane.run(m1, s);
      ASSERT_FALSE(hold.diverged || linear.diverged);
      double max_ds = 0.0, max_dE = 0.0;
      for (std::size_t i = 0; i < hold.samples.size(); ++i) {
        max_ds = std::max(max_ds, std::abs(hold.samples[i].cyl[0].s - linear.samples[i].cyl[0].s));
        max_dE = std::max(max_dE, std::abs(hold.samples[i].dE - linear.samples[i].dE));
      }
      SCOPED_TRACE(std::string(to_string(c)) + ", integrator " +
                   std::to_string(static_cast<int>(integrator)));
      EXPECT_EQ(max_ds > 0.0, extrapolation_has_effect(s)) << "max |ds1| = " << max_ds;
      EXPECT_EQ(extrapolation_has_effect(s),
                c == Coupling::kForceDisplacement || integrator != HydraulicIntegrator::kForwardEuler);
      EXPECT_GT(max_dE, 0.0);
    }
  }
}

TEST(RimCoupling, StaysStableWhereDirectZohFailsOnTheSingleActuatedCrane) {
  // Peiret et al. 2018, §5.1.1: direct ZOH loses stability at h_M = 15 ms; RIM stays stable at 25 ms and
  // beyond.
  EXPECT_FALSE(stable(run(1, Coupling::kForceDisplacement, 15e-3, 2e-4), lim_reference(), 1));
  EXPECT_TRUE(stable(run(1, Coupling::kReducedInterface, 25e-3, 2e-4), lim_reference(), 1));
  EXPECT_TRUE(stable(run(1, Coupling::kReducedInterface, 30e-3, 2e-4), lim_reference(), 1));
}

TEST(RimCoupling, StaysStableWhereDirectZohFailsOnTheDoubleActuatedCrane) {
  // Peiret et al. 2018, §5.1.2: direct ZOH fails above 3 ms; RIM stays stable at 20 ms.
  const ReferenceCurve fine =
      reference_from_samples(run(2, Coupling::kPressureDisplacement, 5e-5, 5e-5).samples);
  EXPECT_TRUE(stable(run(2, Coupling::kForceDisplacement, 3e-3, 2e-4), fine, 2));
  EXPECT_FALSE(stable(run(2, Coupling::kForceDisplacement, 4e-3, 2e-4), fine, 2));
  EXPECT_TRUE(stable(run(2, Coupling::kReducedInterface, 20e-3, 2e-4), fine, 2));
}

TEST(RimCoupling, AverageForceIsMoreAccurateThanEndOfStepAtLargeSteps) {
  const double avg =
      compare_with_reference(run(1, Coupling::kReducedInterface, 30e-3, 2e-4).samples, lim_reference())
          .s1.value;
  const double end =
      compare_with_reference(run(1, Coupling::kReducedInterface, 30e-3, 2e-4, 10.0,
                                 Extrapolation::kZeroOrderHold, CosimScheme::kJacobi, RimForce::kEndOfStep)
                                 .samples,
                             lim_reference())
          .s1.value;
  EXPECT_LT(avg, end);
}

TEST(CouplingMonitor, ResidualEnergyFallsAtFirstOrderWithZeroOrderHold) {
  for (Coupling c :
       {Coupling::kForceDisplacement, Coupling::kPressureDisplacement, Coupling::kReducedInterface}) {
    double previous = 0.0;
    for (double H : {2e-3, 1e-3, 0.5e-3}) {
      const double dE = std::abs(run(1, c, H, 5e-5).samples.back().dE);
      EXPECT_GT(dE, 0.0);
      if (previous > 0.0) {
        EXPECT_NEAR(previous / dE, 2.0, 0.3) << to_string(c) << " H = " << H;  // halving H halves δE
      }
      previous = dE;
    }
  }
}

TEST(CouplingMonitor, ResidualEnergyRisesSteeplyNearTheStabilityLimit) {
  const double far = std::abs(run(1, Coupling::kForceDisplacement, 5e-3, 2e-4).samples.back().dE);
  const double near = std::abs(run(1, Coupling::kForceDisplacement, 14e-3, 2e-4).samples.back().dE);
  EXPECT_GT(near, 10.0 * far * (14.0 / 5.0));  // far more than the first-order growth
}

TEST(CouplingMonitor, VanishesWhileTheCraneRests) {
  const RunResult r = run(1, Coupling::kForceDisplacement, 1e-3, 2e-4, 2.0);
  EXPECT_NEAR(r.samples.back().dE, 0.0, 1e-12);
}

TEST(Extrapolation, LinearInputsImproveForceDisplacementAccuracy) {
  const double zoh =
      compare_with_reference(run(1, Coupling::kForceDisplacement, 5e-3, 2e-4).samples, lim_reference())
          .s1.value;
  const double linear =
      compare_with_reference(
          run(1, Coupling::kForceDisplacement, 5e-3, 2e-4, 10.0, Extrapolation::kLinear).samples,
          lim_reference())
          .s1.value;
  const double quadratic =
      compare_with_reference(
          run(1, Coupling::kForceDisplacement, 5e-3, 2e-4, 10.0, Extrapolation::kQuadratic).samples,
          lim_reference())
          .s1.value;
  EXPECT_LT(linear, 0.5 * zoh);
  EXPECT_LT(quadratic, 0.5 * zoh);
}

TEST(Schemes, GaussSeidelConvergesToTheReference) {
  for (CosimScheme scheme :
       {CosimScheme::kGaussSeidelMechanicsFirst, CosimScheme::kGaussSeidelHydraulicsFirst}) {
    const double coarse = compare_with_reference(run(1, Coupling::kForceDisplacement, 5e-3, 2e-4, 10.0,
                                                     Extrapolation::kZeroOrderHold, scheme)
                                                     .samples,
                                                 lim_reference())
                              .s1.value;
    const double fine = compare_with_reference(run(1, Coupling::kForceDisplacement, 5e-5, 5e-5, 10.0,
                                                   Extrapolation::kZeroOrderHold, scheme)
                                                   .samples,
                                               lim_reference())
                            .s1.value;
    EXPECT_LT(fine, 3e-5);
    EXPECT_LT(fine, coarse);
  }
}

}  // namespace
}  // namespace hilsim::sim

namespace hilsim::sim {
namespace {

TEST(EnergyBalance, ClosesAsTheStepShrinks) {
  // (T + V) − (T + V)_0 − W_actuator: first-order error of semi-implicit Euler, so it shrinks with H.
  const double coarse =
      std::abs(run(1, Coupling::kPressureDisplacement, 2e-3, 2e-4).samples.back().E_balance);
  const double fine =
      std::abs(run(1, Coupling::kPressureDisplacement, 0.5e-3, 1e-4).samples.back().E_balance);
  EXPECT_LT(fine, 0.5 * coarse);
  // Against the energy the actuator moves: the swing of the potential energy over the manoeuvre.
  const RunResult r = run(1, Coupling::kPressureDisplacement, 0.5e-3, 1e-4);
  double V_min = 1e300, V_max = -1e300;
  for (const Sample& x : r.samples) {
    const double V = potential_energy(CraneParameters{}, Eigen::Vector2d(x.theta[0], x.theta[1]));
    V_min = std::min(V_min, V);
    V_max = std::max(V_max, V);
  }
  EXPECT_GT(V_max - V_min, 100.0);  // [J]
  EXPECT_LT(fine, 1e-3 * (V_max - V_min));
}

}  // namespace
}  // namespace hilsim::sim
