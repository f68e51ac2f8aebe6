// The natural-coordinate crane of the monolithic solver against independent computations: the
// constraints vanish on configurations built from angles, the Jacobian and Φ̇_q q̇ match finite
// differences, the energies equal those of the independent-coordinate model, and the static
// multipliers equal the ones the benchmark authors published in hydraulicManipulator_ref.csv.
#include "sim/monolithic/natural_crane.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/model/crane_model.h"
#include "sim/model/equilibrium.h"
#include "sim/monolithic/monolithic_solver.h"

namespace hilsim::sim::natural {
namespace {

CraneParameters odd_natural_crane() {
  CraneParameters c;
  c.L = 1.4;
  c.L_h = 0.7;
  c.x_B = 0.9;
  c.y_B = -0.15;
  return c;
}

TEST(NaturalCrane, ConfigurationsFromAnglesSatisfyTheConstraints) {
  for (const CraneParameters& c : {CraneParameters{}, odd_natural_crane()}) {
    for (double t1 : {0.1, 0.5235987755982988, 1.3}) {
      for (double t2 : {-2.0, 4.71238898038469, 0.4}) {
        const VecQ q = coordinates_from_angles(c, t1, t2);
        EXPECT_LT(constraints(c, q).norm(), 1e-15);
        const Eigen::Vector2d back = angles_from_coordinates(q);
        EXPECT_NEAR(std::remainder(back[0] - t1, 2 * M_PI), 0.0, 1e-14);
        EXPECT_NEAR(std::remainder(back[1] - t2, 2 * M_PI), 0.0, 1e-14);
      }
    }
  }
}

TEST(NaturalCrane, JacobianMatchesFiniteDifferences) {
  const CraneParameters c = odd_natural_crane();
  VecQ q;
  q << 0.31, 0.52, 0.64, 1.01, 1.2, 0.6, 0.77;  // deliberately off the constraint manifold
  const MatCQ J = constraint_jacobian(c, q);
  const double h = 1e-6;
  for (int j = 0; j < kCoordinates; ++j) {
    VecQ dq = VecQ::Zero();
    dq[j] = h;
    const VecC fd = (constraints(c, q + dq) - constraints(c, q - dq)) / (2 * h);
    EXPECT_LT((J.col(j) - fd).norm(), 1e-8) << "column " << j;
  }
}

TEST(NaturalCrane, JacobianRateTimesVelocityMatchesFiniteDifferences) {
  const CraneParameters c = odd_natural_crane();
  VecQ q, v;
  q << 0.31, 0.52, 0.64, 1.01, 1.2, 0.6, 0.77;
  v << 0.3, -0.2, 0.5, 0.1, -0.7, 0.9, 0.25;
  const double h = 1e-6;
  const VecC fd = (constraint_jacobian(c, q + h * v) - constraint_jacobian(c, q - h * v)) / (2 * h) * v;
  EXPECT_LT((jacobian_dot_times_velocity(v) - fd).norm(), 1e-8);
}

TEST(NaturalCrane, EnergiesEqualThoseOfTheIndependentModel) {
  // Along θ(t) the natural coordinates move consistently; ½ q̇ᵀ M q̇ with the rod lumped as m/3 at Q
  // must equal the kinetic energy of the distributed rod, and −Qᵀ_gravity q the potential energy.
  const CraneParameters c = odd_natural_crane();
  const Eigen::Vector2d theta(0.8, -1.9), theta_dot(1.3, -0.6);
  const double h = 1e-6;
  const VecQ q = coordinates_from_angles(c, theta[0], theta[1]);
  const VecQ q_dot = (coordinates_from_angles(c, theta[0] + h * theta_dot[0], theta[1] + h * theta_dot[1]) -
                      coordinates_from_angles(c, theta[0] - h * theta_dot[0], theta[1] - h * theta_dot[1])) /
                     (2 * h);
  EXPECT_NEAR(0.5 * q_dot.dot(mass_matrix(c) * q_dot), kinetic_energy(c, theta, theta_dot), 1e-6);
  EXPECT_NEAR(-gravity_forces(c).dot(q), potential_energy(c, theta), 1e-9);
  // The consistent velocity satisfies the velocity constraints.
  EXPECT_LT((constraint_jacobian(c, q) * q_dot).norm(), 1e-8);
}

TEST(NaturalCrane, StaticMultipliersMatchThePublishedReference) {
  // hydraulicManipulator_ref.csv, t = 0: lambda_1..5 = −8829, 0, −3433.5, 981, −8829 (F = 8829 N).
  const CraneParameters crane;
  const HydraulicParameters hyd;
  const Equilibrium eq = solve_equilibrium(crane, hyd);
  const ConstantValveCommand valve(eq.kappa);
  const MonolithicSolver solver(crane, hyd, eq, valve, MonolithicSettings{});
  const MonolithicState& x = solver.state();
  const double expected[] = {-8829.0, 0.0, -3433.5, 981.0, -8829.0};
  for (int i = 0; i < kConstraints; ++i) EXPECT_NEAR(x.lambda[i], expected[i], 1e-6) << "lambda_" << i + 1;
  EXPECT_LT(x.q_ddot.norm(), 1e-9);
  EXPECT_NEAR(x.q[kS], 0.5, 1e-15);
  EXPECT_LT(solver.violation(), 1e-15);
}

}  // namespace
}  // namespace hilsim::sim::natural
