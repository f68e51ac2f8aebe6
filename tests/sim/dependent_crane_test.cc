// The crane in the dependent coordinates of Peiret et al. 2018, eq. (21) against independent computations:
// constraints vanish on configurations built from angles, Jacobians match finite differences, the
// energies equal those of the independent-coordinate model, and the ALI1 accelerations equal the
// independent model's (eq. 1) for any consistent state and actuator force.
#include "sim/multibody/dependent_crane.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/model/crane_model.h"
#include "sim/multibody/ali1_integrator.h"

namespace hilsim::sim::dependent {
namespace {

CraneParameters odd_crane() {
  CraneParameters c;
  c.L = 1.3;
  c.L_h = 0.6;
  c.x_B = 0.8;
  c.y_B = -0.1;
  return c;
}

// x and ẋ of the configuration θ moving at θ̇ (central differences of coordinates_from_angles).
std::pair<VecX, VecX> consistent_state(const CraneParameters& c, const Eigen::Vector2d& th,
                                       const Eigen::Vector2d& th_dot) {
  const double h = 1e-6;
  const VecX x = coordinates_from_angles(c, th[0], th[1]);
  const VecX x_dot = (coordinates_from_angles(c, th[0] + h * th_dot[0], th[1] + h * th_dot[1]) -
                      coordinates_from_angles(c, th[0] - h * th_dot[0], th[1] - h * th_dot[1])) /
                     (2 * h);
  return {x, x_dot};
}

TEST(DependentCrane, ConfigurationsFromAnglesSatisfyTheConstraints) {
  const CraneParameters c = odd_crane();
  for (double t1 : {0.2, 0.7, 1.4}) {
    for (double t2 : {-1.57, 0.3, 2.8}) {
      const VecX x = coordinates_from_angles(c, t1, t2);
      EXPECT_LT(constraints(c, x).norm(), 1e-15);
      EXPECT_NEAR(angles_from_coordinates(c, x)[1], t2, 1e-14);
    }
  }
}

TEST(DependentCrane, JacobiansMatchFiniteDifferences) {
  const CraneParameters c = odd_crane();
  VecX x, v;
  x << 0.41, 0.33, 0.9, 1.1, 0.2;  // off the manifold on purpose
  v << 0.2, -0.5, 0.8, -0.3, 0.6;
  const double h = 1e-6;
  const MatCX D = constraint_jacobian(c, x);
  for (int j = 0; j < kCoordinates; ++j) {
    VecX dx = VecX::Zero();
    dx[j] = h;
    EXPECT_LT((D.col(j) - (constraints(c, x + dx) - constraints(c, x - dx)) / (2 * h)).norm(), 1e-8) << j;
  }
  const VecC fd = (constraint_jacobian(c, x + h * v) - constraint_jacobian(c, x - h * v)) / (2 * h) * v;
  EXPECT_LT((jacobian_dot_times_velocity(c, x, v) - fd).norm(), 1e-8);
  // D_i = ∂s1/∂x (Peiret et al. 2018, eq. 23).
  const Actuator a = actuator(c, x, v);
  EXPECT_NEAR(a.s_dot, (actuator(c, x + h * v, v).s - actuator(c, x - h * v, v).s) / (2 * h), 1e-8);
}

TEST(DependentCrane, EnergiesEqualThoseOfTheIndependentModel) {
  const CraneParameters c = odd_crane();
  const Eigen::Vector2d th(0.7, -2.2), th_dot(0.9, 1.6);
  const auto [x, x_dot] = consistent_state(c, th, th_dot);
  EXPECT_NEAR(0.5 * x_dot.dot(mass_matrix(c) * x_dot), kinetic_energy(c, th, th_dot), 1e-6);
  // Potential energy: −∫ g · dx along the manifold equals V(θ); check its gradient instead.
  const double h = 1e-6;
  const Eigen::Vector2d f = gravity_forces(c, th);  // −∂V/∂θ
  for (int i = 0; i < 2; ++i) {
    Eigen::Vector2d dth = Eigen::Vector2d::Zero();
    dth[i] = h;
    const VecX dx = (coordinates_from_angles(c, th[0] + dth[0], th[1] + dth[1]) -
                     coordinates_from_angles(c, th[0] - dth[0], th[1] - dth[1])) /
                    (2 * h);
    EXPECT_NEAR(gravity_forces(c, x).dot(dx), f[i], 1e-6) << "virtual work along θ" << i + 1;
  }
}

TEST(DependentCrane, Ali1AccelerationsEqualTheIndependentModels) {
  const CraneParameters c = odd_crane();
  const Eigen::Vector2d th(0.6, -1.2), th_dot(0.8, -1.5);
  const double f_h = 7500.0;
  const auto [x, x_dot] = consistent_state(c, th, th_dot);
  DependentState st;
  st.x = x;
  st.x_dot = x_dot;
  Ali1Integrator ali1(c, Ali1Settings{});
  const int iterations = ali1.accelerations(st, ActuatorLoad{f_h, 0.0});
  EXPECT_LE(iterations, 5);
  const Eigen::Vector2d th_ddot = crane_accelerations(c, th, th_dot, f_h);
  EXPECT_NEAR(st.x_ddot[kTheta1], th_ddot[0], 1e-6);
  // R̈ from the independent model: R = Q(θ1) + L_h e(θ2).
  const double h = 1e-4;
  auto R_at = [&](double t) {
    const Eigen::Vector2d q = th + th_dot * t + 0.5 * th_ddot * t * t;
    const VecX xx = coordinates_from_angles(c, q[0], q[1]);
    return Eigen::Vector2d(xx[kXR], xx[kYR]);
  };
  const Eigen::Vector2d R_ddot = (R_at(h) - 2 * R_at(0) + R_at(-h)) / (h * h);
  EXPECT_NEAR(st.x_ddot[kXR], R_ddot[0], 1e-4);
  EXPECT_NEAR(st.x_ddot[kYR], R_ddot[1], 1e-4);
  // The multipliers enforce Φ̈ = 0 to the iteration's tolerance.
  EXPECT_LT((constraint_jacobian(c, x) * st.x_ddot + jacobian_dot_times_velocity(c, x, x_dot)).norm(), 1e-6);
}

}  // namespace
}  // namespace hilsim::sim::dependent
