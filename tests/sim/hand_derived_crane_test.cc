// The machine model's mechanics (sim/cosim/mechanics_subsystem.h, on the LIM crane's description)
// against the crane written by hand (tests/sim/oracle/hand_derived_mechanics.h, the equations of
// sim/model/crane_model.h): the same plan with either mechanics, every coupling, one and two
// actuators, manoeuvres M1 and M2 over their 10 s. Each cylinder's length stays within 1e-9 m of the
// oracle's: the model is the same crane to rounding, in other arithmetic (relative coordinates, the
// generic tree recursion, a general LDLT).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <tuple>

#include "sim/cosim/machine_plan.h"
#include "sim/model/equilibrium.h"
#include "tests/sim/lim_machine.h"
#include "tests/sim/oracle/hand_derived_mechanics.h"

namespace hilsim::sim {
namespace {

using OracleCase = std::tuple<Coupling, int, bool>;  // coupling, actuators, M2

CosimSettings oracle_settings(Coupling coupling) {
  CosimSettings s;
  s.coupling = coupling;
  s.H = coupling == Coupling::kTwoWay ? 10e-3 : 1e-3;
  s.h_mech = coupling == Coupling::kTwoWay ? 1e-3 : 0.0;
  s.h_hyd = 2e-4;
  s.duration = 10.0;
  return s;
}

RunResult run_with(const test::LimRun& crane, const ValveCommand& valve, const CosimSettings& s,
                   bool oracle) {
  const MachineValves valves = crane.valves(valve);
  std::unique_ptr<Subsystem> mechanics;
  if (oracle) {
    CraneParameters params;
    params.actuators = crane.model->cylinder_count();
    const Equilibrium eq = crane_equilibrium(crane.eq);
    auto hand = std::make_unique<oracle::HandDerivedMechanics>(params, HydraulicParameters{}, s.coupling, s.H,
                                                               mechanics_step(s), eq.q, s.extrapolation);
    if (s.coupling == Coupling::kTwoWay)
      hand->use_reduced_hydraulics(twoway_reduced_hydraulics(*crane.model, crane.eq, s, valves));
    mechanics = std::move(hand);
  }
  Plan plan = build_machine_plan(crane.model, crane.eq, s, valves, std::move(mechanics));
  return run_plan(plan);
}

class HandDerivedCrane : public ::testing::TestWithParam<OracleCase> {};

TEST_P(HandDerivedCrane, TheModelsCylindersFollowTheOraclesWithinANanometre) {
  const auto [coupling, actuators, m2] = GetParam();
  const test::LimRun crane(actuators);
  const StepManoeuvreM1 m1_valve(crane.kappa0());
  const SinusoidalManoeuvreM2 m2_valve(crane.kappa0());
  const ValveCommand& valve = m2 ? static_cast<const ValveCommand&>(m2_valve) : m1_valve;
  const CosimSettings s = oracle_settings(coupling);
  const RunResult model = run_with(crane, valve, s, false);
  const RunResult hand = run_with(crane, valve, s, true);
  ASSERT_FALSE(model.diverged);
  ASSERT_FALSE(hand.diverged);
  ASSERT_EQ(model.samples.size(), hand.samples.size());
  double worst = 0.0, worst_p = 0.0;
  for (std::size_t i = 0; i < model.samples.size(); ++i) {
    for (int k = 0; k < actuators; ++k) {
      worst = std::max(worst, std::abs(model.samples[i].cyl[k].s - hand.samples[i].cyl[k].s));
      worst_p = std::max(worst_p, std::abs(model.samples[i].cyl[k].p1 - hand.samples[i].cyl[k].p1));
    }
  }
  std::printf("%s, %d actuator(s), %s: max |ds| = %.3e m, max |dp1| = %.3e Pa over %zu points\n",
              std::string(to_string(coupling)).c_str(), actuators, m2 ? "M2" : "M1", worst, worst_p,
              model.samples.size());
  EXPECT_LE(worst, 1e-9);
}

INSTANTIATE_TEST_SUITE_P(EveryCoupling, HandDerivedCrane,
                         ::testing::Combine(::testing::Values(Coupling::kForceDisplacement,
                                                              Coupling::kPressureDisplacement,
                                                              Coupling::kReducedInterface, Coupling::kTwoWay),
                                            ::testing::Values(1, 2), ::testing::Bool()),
                         [](const auto& param_info) {
                           return std::string(to_string(std::get<0>(param_info.param))) + "_" +
                                  std::to_string(std::get<1>(param_info.param)) + "act_" +
                                  (std::get<2>(param_info.param) ? "M2" : "M1");
                         });

}  // namespace
}  // namespace hilsim::sim
