// The machine model (sim/machine/) against independent computations: the hand-derived crane of
// sim/model/crane_model.h (the LIM benchmark's equations, derived from its Table 1) for the LIM crane's
// description, and, for machines with prismatic joints and closed loops, the virtual-work form of
// Lagrange's equations M q̈ + c = f with every Jacobian and velocity term taken by finite differences of
// positions alone, from a position-only kinematics written here.
#include "sim/machine/machine_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <type_traits>

#include "sim/machine/dynamics.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/loop_closure.h"
#include "sim/machine/reduced_dynamics.h"
#include "sim/model/crane_model.h"
#include "tests/sim/finite_difference_dynamics.h"
#include "tests/sim/machine_fixtures.h"

namespace hilsim::sim::machine {
namespace {

// θ_abs = T q_rel: the benchmark's θ2 is link 2's absolute angle, the model's q2 its angle relative to
// link 1.
Eigen::Matrix2d relative_to_absolute() { return (Eigen::Matrix2d() << 1.0, 0.0, 1.0, 1.0).finished(); }

struct CraneState {
  Eigen::Vector2d theta;      // absolute angles [rad]
  Eigen::Vector2d theta_dot;  // [rad/s]
};

std::vector<CraneState> crane_states() {
  return {{{std::numbers::pi / 6, 3 * std::numbers::pi / 2}, {0.0, 0.0}},
          {{0.7, 4.1}, {0.3, -1.2}},
          {{0.2, 5.0}, {-0.8, 2.5}},
          {{1.1, 3.0}, {1.4, 0.2}}};
}

void expect_near_rel(double a, double b, double rel, const char* what) {
  EXPECT_NEAR(a, b, rel * std::max(1.0, std::abs(b))) << what;
}

class LimCraneModel : public ::testing::TestWithParam<int> {};

TEST_P(LimCraneModel, EqualsTheHandDerivedCraneAtEveryState) {
  CraneParameters crane;
  crane.actuators = GetParam();
  const HydraulicParameters hyd;
  const MachineModel model = build_machine_model(lim_crane_description(crane, hyd));
  ASSERT_EQ(model.coordinates(), 2);
  ASSERT_EQ(model.cylinder_count(), crane.actuators);
  MachineData data(model);
  const Eigen::Matrix2d T = relative_to_absolute();
  for (const CraneState& st : crane_states()) {
    const Eigen::Vector2d q = T.inverse() * st.theta, q_dot = T.inverse() * st.theta_dot;
    forward_kinematics(model, VecQ(q), VecQ(q_dot), data);
    MatQ M;
    mass_matrix(model, data, M);
    const Eigen::Matrix2d M_ref = T.transpose() * mass_matrix(crane, st.theta) * T;
    const Eigen::Vector2d c_ref = T.transpose() * velocity_forces(crane, st.theta, st.theta_dot);
    const Eigen::Vector2d f_ref = T.transpose() * gravity_forces(crane, st.theta);
    const VecQ c = bias_forces(model, data), f = gravity_forces(model, data);
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) expect_near_rel(M(i, j), M_ref(i, j), 1e-13, "M");
      expect_near_rel(c[i], c_ref[i], 1e-12, "c");
      expect_near_rel(f[i], f_ref[i], 1e-13, "f");
    }
    for (int k = 0; k < crane.actuators; ++k) {
      const CylinderKinematics ck = cylinder_kinematics(model, data, k);
      const ActuatorKinematics ref = actuator_kinematics(crane, st.theta, st.theta_dot, k);
      const Eigen::RowVector2d J_ref = ref.J * T;
      expect_near_rel(ck.s, ref.s, 1e-15, "s");
      expect_near_rel(ck.s_dot, ref.s_dot, 1e-14, "s_dot");
      expect_near_rel(ck.J[0], J_ref[0], 1e-14, "J");
      expect_near_rel(ck.J[1], J_ref[1], 1e-14, "J");
      expect_near_rel(ck.J_dot_q_dot, ref.J_dot_q_dot, 1e-13, "J_dot_q_dot");
    }
    EXPECT_NEAR(kinetic_energy(model, data), sim::kinetic_energy(crane, st.theta, st.theta_dot), 1e-11);
    EXPECT_NEAR(potential_energy(model, data), sim::potential_energy(crane, st.theta), 1e-10);
  }
}

TEST_P(LimCraneModel, InterfaceDynamicsAndStaticForcesEqualTheHandDerivedOnes) {
  CraneParameters crane;
  crane.actuators = GetParam();
  const MachineModel model = build_machine_model(lim_crane_description(crane, HydraulicParameters{}));
  MachineData data(model);
  const Eigen::Matrix2d T = relative_to_absolute();
  ReducedDynamics rd;
  for (const CraneState& st : crane_states()) {
    forward_kinematics(model, VecQ(T.inverse() * st.theta), VecQ(T.inverse() * st.theta_dot), data);
    reduced_dynamics(model, data, rd);
    const InterfaceDynamics id = interface_dynamics(rd);
    const sim::InterfaceDynamics ref = sim::interface_dynamics(crane, st.theta, st.theta_dot);
    const int n = crane.actuators;
    for (int i = 0; i < n; ++i) {
      expect_near_rel(id.f_eff[i], ref.f_eff[i], 1e-11, "f_eff");
      for (int j = 0; j < n; ++j) expect_near_rel(id.M_eff(i, j), ref.M_eff(i, j), 1e-12, "M_eff");
    }
    const VecK f_static = static_cylinder_forces(rd);
    const Eigen::Vector2d f_ref = static_actuator_forces(crane, st.theta, st.theta_dot);
    for (int i = 0; i < n; ++i) expect_near_rel(f_static[i], f_ref[i], 1e-11, "static force");
  }
}

INSTANTIATE_TEST_SUITE_P(OneAndTwoActuators, LimCraneModel, ::testing::Values(1, 2));

TEST(LimCraneModel, TheBenchmarksEquilibriumForceIsThePublishedOne) {
  // LIM benchmark 2021, §1.3: f_h = 8.829 kN and s1 = 0.5 m at θ1 = π/6 (Table 1).
  const MachineModel model =
      build_machine_model(lim_crane_description(CraneParameters{}, HydraulicParameters{}));
  MachineData data(model);
  forward_kinematics(model, model.initial_q, VecQ::Zero(2), data);
  ReducedDynamics rd;
  reduced_dynamics(model, data, rd);
  EXPECT_NEAR(rd.s[0], 0.5, 1e-15);
  EXPECT_NEAR(static_cylinder_forces(rd)[0], 8829.0, 0.5);
}

TEST(MachineModel, AnExcavatorLikeChainWithAPrismaticJointMatchesFiniteDifferences) {
  const MachineModel model = build_machine_model(test_machines::slider_arm());
  VecQ q = model.initial_q, q_dot(model.coordinates());
  q_dot << 0.4, -0.7, 0.9;
  expect_matches_finite_differences(model, q, q_dot);
  q[0] += 0.3;
  q[1] -= 0.05;
  q[2] += 0.8;
  expect_matches_finite_differences(model, q, q_dot);
}

TEST(MachineModel, ALinkageWithAClosedLoopMatchesFiniteDifferences) {
  const MachineModel model = build_machine_model(test_machines::four_bar_arm());
  ASSERT_EQ(model.loop_rows, 2);
  VecQ q = model.initial_q, q_dot = VecQ::Zero(model.coordinates());
  for (int i : model.independent) q_dot[i] = 0.5;
  MachineData data(model);
  forward_kinematics(model, q, q_dot, data);
  MatLQ Phi_q;
  VecL bias;
  loop_jacobian(model, data, Phi_q, bias);
  loop_velocities(model, Phi_q, q_dot);
  // Tree terms hold whether or not the loops are closed; the loop's Jacobian and bias by differences.
  expect_matches_finite_differences(model, q, q_dot);
  forward_kinematics(model, q, q_dot, data);
  loop_jacobian(model, data, Phi_q, bias);
  const auto Phi = [&](const VecQ& x) -> VecL {
    MachineData d(model);
    forward_kinematics(model, x, VecQ::Zero(model.coordinates()), d);
    return loop_constraints(model, d);
  };
  for (int i = 0; i < model.coordinates(); ++i) {
    const VecL col = first_difference(Phi, q, i);
    for (int r = 0; r < model.loop_rows; ++r) EXPECT_NEAR(Phi_q(r, i), col[r], 1e-8);
  }
  const VecL bias_fd = second_difference(Phi, q, q_dot);
  for (int r = 0; r < model.loop_rows; ++r) EXPECT_NEAR(bias[r], bias_fd[r], 1e-5);
  EXPECT_LT(Phi(q).lpNorm<Eigen::Infinity>(), 1e-12);           // the assembly closed the loop
  EXPECT_LT((Phi_q * q_dot).lpNorm<Eigen::Infinity>(), 1e-12);  // and the velocities satisfy it
}

}  // namespace
}  // namespace hilsim::sim::machine
