// ALI1 and ALI3-P (Rahikainen et al. 2020, §2.1) on the crane in dependent coordinates (its machine model's
// bodies, sim/machine/body_coordinates.h): each converges at its integrator's order (semi-implicit Euler 1,
// trapezoidal rule 2) to an RK4 solution of the hand-derived independent-coordinate equations
// (sim/model/crane_model.h), keeps the constraints, and as the mechanics of a co-simulation agrees
// with the independent-coordinate mechanics on M1.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/cosim/cosimulation.h"
#include "sim/machine/kinematics.h"
#include "sim/model/crane_model.h"
#include "sim/multibody/ali1_integrator.h"
#include "sim/multibody/ali3p_integrator.h"
#include "sim/multibody/dependent_mechanics_subsystem.h"
#include "tests/sim/lim_machine.h"

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

const std::shared_ptr<const machine::MachineModel>& crane_model() {
  static const std::shared_ptr<const machine::MachineModel> m = test::lim_model();
  return m;
}

CylinderLoads constant_force() {
  return CylinderLoads{machine::VecK::Constant(1, kForce), machine::VecK::Zero(1)};
}

DependentState initial_state() {
  const machine::MachineModel& m = *crane_model();
  machine::MachineData data(m);
  // The tree's coordinates: link 2 relative to link 1.
  const Eigen::Vector2d q(kTheta0[0], kTheta0[1] - kTheta0[0]),
      q_dot(kThetaDot0[0], kThetaDot0[1] - kThetaDot0[0]);
  machine::forward_kinematics(m, machine::VecQ(q), machine::VecQ(q_dot), data);
  DependentState st;
  machine::body_state(m, data, st.x, st.x_dot);
  st.lambda = machine::VecC::Zero(machine::joint_row_count(m));
  Ali1Integrator(crane_model(), Ali1Settings{}).accelerations(st, constant_force());
  return st;
}

// θ(T) − θ_ref(T) [rad] for step h, and the largest ‖Φ‖ on the way.
std::pair<double, double> error(MechanicsFormulation f, double h, const Eigen::Vector2d& reference) {
  DependentState st = initial_state();
  Ali1Integrator ali1(crane_model(), Ali1Settings{});
  Ali3pIntegrator ali3p(crane_model(), Ali3pSettings{});
  double max_violation = 0.0;
  for (int k = 0; k < static_cast<int>(std::llround(kT / h)); ++k) {
    if (f == MechanicsFormulation::kAli1) {
      ali1.step(st, h, constant_force());
    } else {
      EXPECT_TRUE(ali3p.step(st, h, constant_force()).converged);
    }
    max_violation = std::max(max_violation, machine::joint_constraints(*crane_model(), st.x).norm());
  }
  const Eigen::Vector2d theta(st.x[2], st.x[5]);  // the bodies' angles: θ1, θ2
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
  const test::LimRun crane;
  const StepManoeuvreM1 m1(crane.kappa0());
  CosimSettings s;
  s.coupling = std::get<1>(GetParam());
  s.H = 1e-3;
  s.h_hyd = 2e-4;
  const RunResult independent = crane.run(m1, s);
  s.mechanics = std::get<0>(GetParam());
  const RunResult dependent = crane.run(m1, s);
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
  EXPECT_THROW(DependentMechanicsSubsystem(crane_model(), Coupling::kPressureDisplacement,
                                           MechanicsFormulation::kIndependent, 1e-3, 1e-3,
                                           crane_model()->initial_q, machine::VecK::Constant(1, kForce)),
               std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim
