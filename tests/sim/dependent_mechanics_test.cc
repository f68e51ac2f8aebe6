// ALI1 and ALI3-P (Rahikainen et al. 2020, §2.1) on the crane in dependent coordinates: each converges at its
// integrator's order (semi-implicit Euler 1, trapezoidal rule 2) to an RK4 solution of the
// independent-coordinate equations, keeps the constraints, and as the mechanics of a co-simulation
// agrees with the independent-coordinate mechanics on M1.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/cosim/crane_cosimulation.h"
#include "sim/model/crane_model.h"
#include "sim/multibody/ali1_integrator.h"
#include "sim/multibody/ali3p_integrator.h"
#include "sim/multibody/dependent_mechanics_subsystem.h"

namespace hilsim::sim {
namespace {

const CraneParameters kMechanicsCrane{};
const Eigen::Vector2d kTheta0(0.5235987755982988, 4.71238898038469);
const Eigen::Vector2d kThetaDot0(0.4, -2.5);  // link 2 swings: a lively test motion
constexpr double kForce = 8829.0;             // [N], constant actuator force
constexpr double kT = 0.5;                    // [s]

// The independent model integrated with RK4 at a fine step: θ(T).
Eigen::Vector2d independent_reference() {
  Eigen::Vector2d q = kTheta0, v = kThetaDot0;
  const double h = 1e-5;
  for (int k = 0; k < static_cast<int>(std::llround(kT / h)); ++k) {
    auto acc = [&](const Eigen::Vector2d& qq, const Eigen::Vector2d& vv) {
      return crane_accelerations(kMechanicsCrane, qq, vv, kForce);
    };
    const Eigen::Vector2d k1q = v, k1v = acc(q, v);
    const Eigen::Vector2d k2q = v + 0.5 * h * k1v, k2v = acc(q + 0.5 * h * k1q, v + 0.5 * h * k1v);
    const Eigen::Vector2d k3q = v + 0.5 * h * k2v, k3v = acc(q + 0.5 * h * k2q, v + 0.5 * h * k2v);
    const Eigen::Vector2d k4q = v + h * k3v, k4v = acc(q + h * k3q, v + h * k3v);
    q += h / 6 * (k1q + 2 * k2q + 2 * k3q + k4q);
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
  }
  return q;
}

DependentState initial_state() {
  const double h = 1e-7;
  DependentState st;
  st.x = dependent::coordinates_from_angles(kMechanicsCrane, kTheta0[0], kTheta0[1]);
  st.x_dot = (dependent::coordinates_from_angles(kMechanicsCrane, kTheta0[0] + h * kThetaDot0[0],
                                                 kTheta0[1] + h * kThetaDot0[1]) -
              dependent::coordinates_from_angles(kMechanicsCrane, kTheta0[0] - h * kThetaDot0[0],
                                                 kTheta0[1] - h * kThetaDot0[1])) /
             (2 * h);
  Ali1Integrator(kMechanicsCrane, Ali1Settings{}).accelerations(st, ActuatorLoad{kForce, 0.0});
  return st;
}

// θ(T) − θ_ref(T) [rad] for step h, and the largest ‖Φ‖ on the way.
std::pair<double, double> error(MechanicsFormulation f, double h, const Eigen::Vector2d& reference) {
  DependentState st = initial_state();
  Ali1Integrator ali1(kMechanicsCrane, Ali1Settings{});
  Ali3pIntegrator ali3p(kMechanicsCrane, Ali3pSettings{});
  double max_violation = 0.0;
  for (int k = 0; k < static_cast<int>(std::llround(kT / h)); ++k) {
    if (f == MechanicsFormulation::kAli1) {
      ali1.step(st, h, ActuatorLoad{kForce, 0.0});
    } else {
      EXPECT_TRUE(ali3p.step(st, h, ActuatorLoad{kForce, 0.0}).converged);
    }
    max_violation = std::max(max_violation, dependent::constraints(kMechanicsCrane, st.x).norm());
  }
  const Eigen::Vector2d theta = dependent::angles_from_coordinates(kMechanicsCrane, st.x);
  const double d2 = std::remainder(theta[1] - reference[1], 2 * M_PI);
  return {std::max(std::abs(theta[0] - reference[0]), std::abs(d2)), max_violation};
}

TEST(DependentMechanics, Ali1ConvergesAtFirstOrder) {
  const Eigen::Vector2d ref = independent_reference();
  const double e1 = error(MechanicsFormulation::kAli1, 2e-4, ref).first;
  const double e2 = error(MechanicsFormulation::kAli1, 1e-4, ref).first;
  const double e3 = error(MechanicsFormulation::kAli1, 5e-5, ref).first;
  EXPECT_NEAR(std::log2(e1 / e2), 1.0, 0.15);
  EXPECT_NEAR(std::log2(e2 / e3), 1.0, 0.15);
}

TEST(DependentMechanics, Ali3pConvergesAtSecondOrderAndKeepsTheConstraints) {
  const Eigen::Vector2d ref = independent_reference();
  const auto [e1, v1] = error(MechanicsFormulation::kAli3P, 4e-3, ref);
  const auto [e2, v2] = error(MechanicsFormulation::kAli3P, 2e-3, ref);
  const auto [e3, v3] = error(MechanicsFormulation::kAli3P, 1e-3, ref);
  EXPECT_NEAR(std::log2(e1 / e2), 2.0, 0.2);
  EXPECT_NEAR(std::log2(e2 / e3), 2.0, 0.2);
  EXPECT_LT(std::max({v1, v2, v3}), 1e-10);
}

class DependentCosim : public ::testing::TestWithParam<std::tuple<MechanicsFormulation, Coupling>> {};

TEST_P(DependentCosim, AgreesWithTheIndependentMechanicsOnM1) {
  // The acceptance: within 0.5 mm of the independent-coordinate co-simulation at H = 1 ms.
  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const StepManoeuvreM1 m1(eq.kappa);
  CosimSettings s;
  s.coupling = std::get<1>(GetParam());
  s.H = 1e-3;
  s.h_hyd = 2e-4;
  const RunResult independent = run_cosimulation(crane, hyd, eq, m1, s);
  s.mechanics = std::get<0>(GetParam());
  const RunResult dependent = run_cosimulation(crane, hyd, eq, m1, s);
  ASSERT_FALSE(dependent.diverged);
  ASSERT_EQ(dependent.samples.size(), independent.samples.size());
  double max_ds1 = 0.0, max_dtheta2 = 0.0;
  for (std::size_t i = 0; i < dependent.samples.size(); ++i) {
    max_ds1 = std::max(max_ds1, std::abs(dependent.samples[i].cyl[0].s - independent.samples[i].cyl[0].s));
    max_dtheta2 =
        std::max(max_dtheta2, std::abs(dependent.samples[i].theta[1] - independent.samples[i].theta[1]));
  }
  EXPECT_LT(max_ds1, 0.5e-3);
  EXPECT_LT(max_dtheta2, 1e-2);
  EXPECT_GT(max_ds1, 0.0);  // a different formulation, not the same code path
}

INSTANTIATE_TEST_SUITE_P(
    Formulations, DependentCosim,
    ::testing::Combine(::testing::Values(MechanicsFormulation::kAli1, MechanicsFormulation::kAli3P),
                       ::testing::Values(Coupling::kForceDisplacement, Coupling::kPressureDisplacement)),
    [](const auto& param_info) {
      return std::string(to_string(std::get<0>(param_info.param))) + "_" +
             std::string(to_string(std::get<1>(param_info.param)));
    });

TEST(DependentMechanics, SubsystemRejectsTheIndependentFormulation) {
  EXPECT_THROW(
      DependentMechanicsSubsystem(kMechanicsCrane, HydraulicParameters{}, Coupling::kPressureDisplacement,
                                  MechanicsFormulation::kIndependent, 1e-3, 1e-3, kTheta0, kForce),
      std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim
