// The hydraulic cylinder of LIM benchmark 2021, eqs. (8)–(13): the bulk modulus law, the flow directions, and
// the analytic Jacobian against finite differences.
#include "sim/hydraulics/cylinder.h"

#include <gtest/gtest.h>

#include "sim/model/crane_model.h"

namespace hilsim::sim {
namespace {

const HydraulicParameters kHyd{};

TEST(Cylinder, BulkModulusFollowsEquationEleven) {
  // β(0) = 1/a; at 5 MPa from the formula by hand.
  EXPECT_NEAR(bulk_modulus(kHyd, 0.0), 1.0 / 6.53e-10, 1.0);
  const double p = 5e6;
  const double expected = (1 + 6.53e-10 * p - 1.19e-18 * p * p) / (6.53e-10 - 2 * 1.19e-18 * p);
  EXPECT_DOUBLE_EQ(bulk_modulus(kHyd, p), expected);
  // By hand: (1 + 3.265e-3 − 2.975e-5) / (6.53e-10 − 1.19e-11) = 1.56487 GPa, a typical mineral oil.
  EXPECT_NEAR(expected, 1.56487e9, 1e4);
}

TEST(Cylinder, BulkModulusDerivativeMatchesFiniteDifference) {
  const double p = 3e6, h = 10.0;
  EXPECT_NEAR(bulk_modulus_derivative(kHyd, p),
              (bulk_modulus(kHyd, p + h) - bulk_modulus(kHyd, p - h)) / (2 * h), 1e-4);
}

TEST(Cylinder, OrificeCarriesFlowOneWayOnly) {
  EXPECT_GT(orifice_flow(kHyd, 1e-4, 2e6, 1e6), 0.0);
  EXPECT_EQ(orifice_flow(kHyd, 1e-4, 1e6, 2e6), 0.0);
  // Q = a c_d sqrt(2 Δp / ρ)
  EXPECT_DOUBLE_EQ(orifice_flow(kHyd, 1e-4, 2e6, 1e6), 1e-4 * 0.67 * std::sqrt(2 * 1e6 / 850.0));
}

TEST(Cylinder, ExtendingCompressesChamberOne) {
  // Valve closed to both chambers' outflow balance aside, ṡ > 0 raises p1 and lowers p2.
  const Vec2 p(3e6, 3e6);
  const Vec2 rest = pressure_rates(kHyd, 0.5, p, 0.5, 0.0, 0.5);
  const Vec2 moving = pressure_rates(kHyd, 0.5, p, 0.5, 0.01, 0.5);
  EXPECT_GT(moving[0], rest[0]);
  EXPECT_LT(moving[1], rest[1]);
  const Vec2 l = chamber_lengths(kHyd, 0.5, 0.6);
  EXPECT_NEAR(l[0], 0.221 - 0.1, 1e-15);
  EXPECT_NEAR(l[1], 0.221 + 0.1, 1e-15);
}

TEST(Cylinder, OpeningTheValveTowardsChamberOneRaisesP1) {
  const Vec2 p(3.17e6, 4.53e6);
  EXPECT_GT(pressure_rates(kHyd, 0.5, p, 0.5, 0.0, 0.6)[0], pressure_rates(kHyd, 0.5, p, 0.5, 0.0, 0.4)[0]);
}

TEST(Cylinder, JacobianMatchesFiniteDifferences) {
  const Vec2 p(3.2e6, 4.4e6);
  const double s0 = 0.5, s = 0.53, s_dot = 0.02, kappa = 0.43;
  const PressureRateJacobian jac = pressure_rate_jacobian(kHyd, s0, p, s, s_dot, kappa);
  auto rates = [&](const Vec2& pp, double ss, double sd, double k) {
    return pressure_rates(kHyd, s0, pp, ss, sd, k);
  };
  const double hp = 1.0, hs = 1e-7, hk = 1e-8;
  for (int i = 0; i < 2; ++i) {
    Vec2 dp = Vec2::Zero();
    dp[i] = hp;
    const Vec2 fd = (rates(p + dp, s, s_dot, kappa) - rates(p - dp, s, s_dot, kappa)) / (2 * hp);
    EXPECT_NEAR((jac.d_p.col(i) - fd).norm() / fd.norm(), 0.0, 1e-6) << "column " << i;
  }
  const Vec2 fd_s = (rates(p, s + hs, s_dot, kappa) - rates(p, s - hs, s_dot, kappa)) / (2 * hs);
  EXPECT_NEAR((jac.d_s - fd_s).norm() / fd_s.norm(), 0.0, 1e-6);
  const Vec2 fd_sd = (rates(p, s, s_dot + hs, kappa) - rates(p, s, s_dot - hs, kappa)) / (2 * hs);
  EXPECT_NEAR((jac.d_s_dot - fd_sd).norm() / fd_sd.norm(), 0.0, 1e-6);
  const Vec2 fd_k = (rates(p, s, s_dot, kappa + hk) - rates(p, s, s_dot, kappa - hk)) / (2 * hk);
  EXPECT_NEAR((jac.d_kappa - fd_k).norm() / fd_k.norm(), 0.0, 1e-6);
}

TEST(Cylinder, ForceFollowsEquationEight) {
  EXPECT_DOUBLE_EQ(actuator_force(kHyd, Vec2(3e6, 4e6), 0.01), 1e6 * 65e-4 - 1e5 * 0.01);
}

}  // namespace
}  // namespace hilsim::sim
