// The double-actuated crane of Peiret et al. 2018, §4.1.1: the second actuator's kinematics against eq. (34)
// and finite differences, the equilibrium of Table 3, and the interface dynamics (eqs. 11–13)
// against the full model.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"
#include "sim/model/equilibrium.h"

namespace hilsim::sim {
namespace {

CraneParameters two_actuators() {
  CraneParameters c;
  c.actuators = 2;
  return c;
}

TEST(DoubleActuator, SecondActuatorIsHalfTheDistanceToR) {
  // M − P = (Q + R)/2 − P = R/2 because Q = 2P: s2 = |R|/2 and ṡ2 = R·Ṙ/(4 s2), eq. (34).
  const CraneParameters crane = two_actuators();
  const Vec2 q(0.7, 4.0), q_dot(0.3, -0.9);
  const ActuatorKinematics a = actuator_kinematics(crane, q, q_dot, 1);
  const CranePoints pts = crane_points(crane, q);
  EXPECT_NEAR(a.s, 0.5 * pts.R.norm(), 1e-14);
  const double h = 1e-7;
  const Vec2 R_dot = (crane_points(crane, q + h * q_dot).R - crane_points(crane, q - h * q_dot).R) / (2 * h);
  EXPECT_NEAR(a.s_dot, pts.R.dot(R_dot) / (4 * a.s), 1e-8);
}

TEST(DoubleActuator, SecondActuatorJacobianRateMatchesFiniteDifferences) {
  const CraneParameters crane = two_actuators();
  const Vec2 q(0.8, 3.9), q_dot(0.5, 0.3), q_ddot(-0.7, 0.2);
  const ActuatorKinematics a = actuator_kinematics(crane, q, q_dot, 1);
  auto s_at = [&](double t) {
    return actuator_kinematics(crane, q + q_dot * t + 0.5 * q_ddot * t * t, q_dot, 1).s;
  };
  const double hh = 1e-4;
  EXPECT_NEAR((a.J * q_ddot)(0) + a.J_dot_q_dot, (s_at(hh) - 2 * s_at(0) + s_at(-hh)) / (hh * hh), 1e-6);
}

TEST(DoubleActuator, EquilibriumMatchesTable3OfSeed004) {
  const Equilibrium eq = solve_equilibrium(two_actuators(), HydraulicParameters{});
  // Actuator 1 as in the single-actuated crane; actuator 2 carries no load at this pose.
  EXPECT_NEAR(eq.kappa, 0.45434559, 5e-9);
  EXPECT_NEAR(eq.p[0], 3170846.2, 0.5);
  EXPECT_NEAR(eq.actuator2.kappa, 0.5, 1e-12);
  EXPECT_NEAR(eq.actuator2.p[0], 3.85e6, 1e-3);
  EXPECT_NEAR(eq.actuator2.p[1], 3.85e6, 1e-3);
  EXPECT_NEAR(eq.actuator2.s, std::sqrt(3.0) / 4.0, 1e-14);  // |R|/2 with R = (√3/2, 0)
  const Vec2 f_h(eq.f_h, eq.actuator2.f_h);
  EXPECT_LT(crane_accelerations(two_actuators(), eq.q, Vec2::Zero(), f_h).norm(), 1e-10);
}

TEST(InterfaceDynamics, EffectiveMassAtTheInitialPoseByHand) {
  // A = [[√3/4, 0], [−1/4, 1/4]], M = [[1250/3, −25], [−25, 25]]: M̃ = A⁻ᵀ M A⁻¹ = diag(2087.0, 400).
  const InterfaceDynamics id =
      interface_dynamics(two_actuators(), Vec2(std::numbers::pi / 6, 1.5 * std::numbers::pi), Vec2::Zero());
  EXPECT_NEAR(id.M_eff(0, 0), (1250.0 / 3.0 - 25.0) * 16.0 / 3.0, 1e-9);
  EXPECT_NEAR(id.M_eff(1, 1), 400.0, 1e-9);
  EXPECT_NEAR(id.M_eff(0, 1), 0.0, 1e-9);
}

TEST(InterfaceDynamics, ReducedModelPredictsTheActuatorAccelerations) {
  // M̃ s̈ = f̃ + f_h must give the same s̈ as the full model's A q̈ + Ȧ q̇, for one and two actuators.
  for (int n : {1, 2}) {
    CraneParameters crane;
    crane.actuators = n;
    const Vec2 q(0.6, 4.3), q_dot(0.4, -1.1), f_h(9000.0, n == 2 ? -300.0 : 0.0);
    const InterfaceDynamics id = interface_dynamics(crane, q, q_dot);
    const InterfaceKinematics ik = interface_kinematics(crane, q, q_dot);
    const Vec2 q_ddot = crane_accelerations(crane, q, q_dot, f_h);
    const Vec2 s_ddot_full = ik.A * q_ddot + ik.A_dot_q_dot;
    const Eigen::MatrixXd M = id.M_eff.topLeftCorner(n, n);
    const Eigen::VectorXd s_ddot_rim = M.inverse() * (id.f_eff.head(n) + f_h.head(n));
    for (int k = 0; k < n; ++k) EXPECT_NEAR(s_ddot_rim[k], s_ddot_full[k], 1e-9) << n << " actuators";
  }
}

}  // namespace
}  // namespace hilsim::sim
