// The crane's model terms checked against independent computations: the mass matrix and the
// Coriolis and gravity terms against Lagrange's equations evaluated by finite differences of the
// energies written from the point kinematics, the actuator Jacobian against finite differences of
// s1, and the printed eq. (5) for the benchmark geometry.
#include "sim/model/crane_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace hilsim::sim {
namespace {

const CraneParameters kCrane{};

// Kinetic energy written directly from the point velocities (rod about A, m_p at Q, m_h at R),
// independently of mass_matrix().
double kinetic_energy_from_points(const Vec2& q, const Vec2& q_dot) {
  const double h = 1e-7;
  const CranePoints a = crane_points(kCrane, q - h * q_dot);
  const CranePoints b = crane_points(kCrane, q + h * q_dot);
  const Vec2 v_Q = (b.Q - a.Q) / (2 * h);
  const Vec2 v_R = (b.R - a.R) / (2 * h);
  const double J_A = kCrane.m * kCrane.L * kCrane.L / 3.0;  // uniform rod about its end
  return 0.5 * J_A * q_dot[0] * q_dot[0] + 0.5 * kCrane.m_p * v_Q.squaredNorm() +
         0.5 * kCrane.m_h * v_R.squaredNorm();
}

TEST(CraneModel, MassMatrixMatchesKineticEnergyOfThePoints) {
  const Vec2 q(0.7, -2.1);
  for (const Vec2& q_dot : {Vec2(1.0, 0.0), Vec2(0.0, 1.0), Vec2(0.6, -1.3)}) {
    EXPECT_NEAR(kinetic_energy(kCrane, q, q_dot), kinetic_energy_from_points(q, q_dot), 1e-5);
  }
}

TEST(CraneModel, MassMatrixIsSymmetricPositiveDefinite) {
  const Mat2 M = mass_matrix(kCrane, Vec2(0.3, 1.9));
  EXPECT_DOUBLE_EQ(M(0, 1), M(1, 0));
  EXPECT_GT(M.determinant(), 0.0);
  EXPECT_GT(M(0, 0), 0.0);
}

TEST(CraneModel, GravityForcesAreMinusGradientOfPotential) {
  const Vec2 q(0.4, 4.0);
  const double h = 1e-6;
  const Vec2 f = gravity_forces(kCrane, q);
  for (int i = 0; i < 2; ++i) {
    Vec2 dq = Vec2::Zero();
    dq[i] = h;
    const double dV = (potential_energy(kCrane, q + dq) - potential_energy(kCrane, q - dq)) / (2 * h);
    EXPECT_NEAR(f[i], -dV, 1e-4) << "coordinate " << i;
  }
}

TEST(CraneModel, CoriolisTermsSatisfyLagrangesEquations) {
  // c = Ṁ q̇ − ∂T/∂q, with Ṁ and ∂T/∂q from finite differences of the mass matrix.
  const Vec2 q(0.9, 2.5), q_dot(1.7, -0.8);
  const double h = 1e-6;
  const Mat2 M_dot = (mass_matrix(kCrane, q + h * q_dot) - mass_matrix(kCrane, q - h * q_dot)) / (2 * h);
  Vec2 dT_dq;
  for (int i = 0; i < 2; ++i) {
    Vec2 dq = Vec2::Zero();
    dq[i] = h;
    dT_dq[i] = (kinetic_energy(kCrane, q + dq, q_dot) - kinetic_energy(kCrane, q - dq, q_dot)) / (2 * h);
  }
  const Vec2 expected = M_dot * q_dot - dT_dq;
  const Vec2 c = velocity_forces(kCrane, q, q_dot);
  EXPECT_NEAR(c[0], expected[0], 1e-5);
  EXPECT_NEAR(c[1], expected[1], 1e-5);
}

TEST(CraneModel, ActuatorLengthMatchesPrintedEquationFiveForUnitLink) {
  for (double theta1 : {0.2, std::numbers::pi / 6, 1.1, 2.0}) {
    const ActuatorKinematics k = actuator_kinematics(kCrane, Vec2(theta1, 0.0), Vec2(1.0, 0.0));
    const double s1 = std::sqrt(1.0 - std::numbers::sqrt3 / 2.0 * std::cos(theta1));  // eq. (5), L = 1
    EXPECT_NEAR(k.s, s1, 1e-14);
    EXPECT_NEAR(k.J(0), std::numbers::sqrt3 * std::sin(theta1) / (4.0 * s1), 1e-14);
    EXPECT_EQ(k.J(1), 0.0);
  }
}

TEST(CraneModel, ActuatorJacobianAndItsRateMatchFiniteDifferences) {
  CraneParameters crane = kCrane;
  crane.L = 1.6;  // a geometry eq. (5) does not cover
  crane.x_B = 0.9;
  crane.y_B = -0.2;
  const Vec2 q(0.8, 1.0), q_dot(0.5, 0.3), q_ddot(-0.7, 0.2);
  const double h = 1e-6;
  const ActuatorKinematics k = actuator_kinematics(crane, q, q_dot);
  const double s_plus = actuator_kinematics(crane, q + h * q_dot, q_dot).s;
  const double s_minus = actuator_kinematics(crane, q - h * q_dot, q_dot).s;
  EXPECT_NEAR(k.s_dot, (s_plus - s_minus) / (2 * h), 1e-8);
  // s̈ along the trajectory q(t) = q + q̇ t + ½ q̈ t², by a second difference of s.
  auto s_at = [&](double t) {
    return actuator_kinematics(crane, q + q_dot * t + 0.5 * q_ddot * t * t, q_dot).s;
  };
  const double hh = 1e-4;
  const double s_ddot = (s_at(hh) - 2 * s_at(0) + s_at(-hh)) / (hh * hh);
  EXPECT_NEAR((k.J * q_ddot)(0) + k.J_dot_q_dot, s_ddot, 1e-6);
}

TEST(CraneModel, StaticForceHoldsTheCraneAtTheBenchmarkPose) {
  const Vec2 q(kCrane.theta1_0, kCrane.theta2_0);
  const double f_h = static_actuator_force(kCrane, q, Vec2::Zero());
  EXPECT_NEAR(f_h, 8829.0, 1e-9 * 8829.0);  // LIM benchmark 2021, §1.3: 8.829 kN
  const Vec2 q_ddot = crane_accelerations(kCrane, q, Vec2::Zero(), f_h);
  EXPECT_NEAR(q_ddot.norm(), 0.0, 1e-12);
}

TEST(CraneModel, FreeMotionConservesEnergy) {
  // Without actuator force the crane is conservative: a fine semi-implicit Euler run keeps
  // T + V within its O(h) error band.
  Vec2 q(kCrane.theta1_0, kCrane.theta2_0 + 0.3), q_dot(0.0, 0.0);
  const double E0 = kinetic_energy(kCrane, q, q_dot) + potential_energy(kCrane, q);
  const double h = 1e-5;
  double max_drift = 0.0;
  for (int k = 0; k < 100000; ++k) {
    q_dot += h * crane_accelerations(kCrane, q, q_dot, 0.0);
    q += h * q_dot;
    const double E = kinetic_energy(kCrane, q, q_dot) + potential_energy(kCrane, q);
    max_drift = std::max(max_drift, std::abs(E - E0));
  }
  EXPECT_LT(max_drift / (kCrane.g * 550.0), 1e-3);  // relative to a 1 m lift of all masses
}

}  // namespace
}  // namespace hilsim::sim
