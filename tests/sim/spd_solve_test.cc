// The small LDLᵀ solve of the machines' mass matrices and mobilities (sim/machine/spd_solve.h)
// against Eigen's pivoted LDLᵀ, an independent factorisation, on random positive definite matrices
// of every size the fixed storage holds, several right-hand sides at once.
#include "sim/machine/spd_solve.h"

#include <gtest/gtest.h>

#include <random>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine {
namespace {

MatQ random_spd(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  MatQ B(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) B(i, j) = u(rng);
  }
  // Bᵀ B + n I: positive definite, condition number of order 10–100, with masses of mixed scale.
  MatQ M = B.transpose() * B + n * MatQ::Identity(n, n);
  for (int i = 0; i < n; ++i) {
    const double scale = std::pow(10.0, i % 3);  // kg·m², kg·m, kg of a machine's coordinates
    M.row(i) *= scale;
    M.col(i) *= scale;
  }
  return M;
}

TEST(SpdSolve, AgreesWithEigensPivotedLdltForEverySize) {
  std::mt19937 rng(7);
  for (int n = 1; n <= kMaxBodies; ++n) {
    const MatQ M = random_spd(n, rng);
    MatQK B(n, 3);
    for (int i = 0; i < n; ++i) {
      for (int c = 0; c < 3; ++c) B(i, c) = std::uniform_real_distribution<double>(-5.0, 5.0)(rng);
    }
    const MatQK expected = M.ldlt().solve(B);
    MatQK X = B;
    spd_solve_in_place(M, X);
    EXPECT_LT((X - expected).cwiseAbs().maxCoeff(), 1e-12 * expected.cwiseAbs().maxCoeff()) << "n = " << n;
    EXPECT_LT((M * X - B).cwiseAbs().maxCoeff(), 1e-10 * B.cwiseAbs().maxCoeff()) << "n = " << n;
  }
}

TEST(SpdSolve, OneFactorisationSolvesEachRightHandSideAlike) {
  std::mt19937 rng(11);
  const MatQ M = random_spd(5, rng);
  const SmallLdlt<kMaxBodies> ldlt(M);
  VecQ b = VecQ::LinSpaced(5, -2.0, 3.0), x = b;
  ldlt.solve_in_place(x);
  EXPECT_EQ(x, spd_solve(M, b));  // the same arithmetic, bit for bit
}

TEST(SpdSolve, AMatrixThatIsNotPositiveDefiniteGivesNoFiniteAnswer) {
  MatK W(2, 2);
  W << 1.0, 1.0, 1.0, 1.0;  // two cylinders that move the machine alike
  VecK x = VecK::Ones(2);
  spd_solve_in_place(W, x);
  EXPECT_FALSE(x.allFinite());
}

}  // namespace
}  // namespace hilsim::sim::machine
