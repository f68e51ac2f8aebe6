// Static equilibrium against the values published in LIM benchmark 2021, §1.3, the LIM reference file's first
// row and 004 Table 3.
#include "sim/model/equilibrium.h"

#include <gtest/gtest.h>

#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {
namespace {

TEST(Equilibrium, ReproducesThePublishedInitialState) {
  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  // Seven significant digits, from the first row of hydraulicManipulator_ref.csv.
  EXPECT_NEAR(eq.f_h, 8829.0, 0.0005);
  EXPECT_NEAR(eq.s, 0.5, 5e-8);
  EXPECT_NEAR(eq.p[0], 3170846.2, 0.5);
  EXPECT_NEAR(eq.p[1], 4529153.8, 0.5);
  EXPECT_NEAR(eq.kappa, 0.45434559, 5e-9);
  EXPECT_LE(eq.iterations, 10);
}

TEST(Equilibrium, AccelerationsAndPressureRatesVanish) {
  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const double f_h = actuator_force(hyd, eq.p, 0.0);
  EXPECT_NEAR(f_h, eq.f_h, 1e-8);
  EXPECT_LT(crane_accelerations(crane, eq.q, Vec2::Zero(), f_h).norm(), 1e-10);
  const Vec2 p_dot = pressure_rates(hyd, eq.s, eq.p, eq.s, 0.0, eq.kappa);
  EXPECT_LT(p_dot.norm(), 1e-3);  // [Pa/s], against β ṡ-scale terms of 1e9
}

TEST(Equilibrium, ThreeIterationsGiveThePublishedFourDigits) {
  // LIM benchmark 2021 reports p1 = 3.1708 MPa, p2 = 4.5292 MPa, κ0 = 0.4543 after three Newton iterations.
  EquilibriumOptions three;
  three.max_iterations = 3;
  three.pressure_tolerance = 1e30;  // stop after the iterations, not on convergence
  three.kappa_tolerance = 1e30;
  HydraulicParameters hyd;
  Vec2 p;
  double kappa = 0.0;
  Eigen::Vector3d residual;
  EquilibriumOptions one = three;
  one.max_iterations = 1;
  solve_hydraulic_equilibrium(hyd, 8829.0, 0.5, one, p, kappa, residual);
  const double kappa_after_one = kappa;
  // Run the three iterations by hand, each from the previous.
  Eigen::Vector3d z = three.initial_guess;
  for (int i = 0; i < 3; ++i) {
    one.initial_guess = z;
    solve_hydraulic_equilibrium(hyd, 8829.0, 0.5, one, p, kappa, residual);
    z << p, kappa;
  }
  EXPECT_NEAR(p[0] / 1e6, 3.1708, 0.5e-4);
  EXPECT_NEAR(p[1] / 1e6, 4.5292, 0.5e-4);
  EXPECT_NEAR(kappa, 0.4543, 0.5e-4);
  EXPECT_NE(kappa_after_one, kappa);  // the iteration does move
}

TEST(Equilibrium, PressuresAreSymmetricAboutTheMeanOfPumpAndTank) {
  // With equal chambers and complementary valve areas, p1 + p2 = p_P + p_T at rest.
  const Equilibrium eq = solve_equilibrium(CraneParameters{}, HydraulicParameters{});
  EXPECT_NEAR(eq.p[0] + eq.p[1], 7.7e6, 1e-3);
}

}  // namespace
}  // namespace hilsim::sim
