// The step's own box-LCP solver (sim/contact/pivoting_box_lcp.h) against Siconos Numerics
// (sim/contact/siconos_box_lcp.h) on random symmetric positive-definite problems of 1 to 12 rows
// with bounds of every kind (free, one-sided, boxes, fixed rows).
//
// How close they must be. For an SPD M with extreme eigenvalues μ_min, μ_max, any λ is within
//   ‖λ − λ*‖₂ ≤ κ ‖r(λ)‖₂,  κ = (1 + μ_max)/μ_min,
// of the solution λ*, r being the natural map λ − Π(λ − Mλ − q) (box_lcp.h). Siconos' relay PGS stops
// when ‖r‖₂ ≤ tol (1 + ‖q‖₂); the pivoting solver's answer is exact up to its Cholesky solve, whose
// residual r_own it reports. So the two may differ by at most κ (tol (1 + ‖q‖₂) + r_own), which the
// test asserts problem by problem with Siconos' tol = 1e-12; κ is at most about 2e3 here, so the
// bound is ~1e-9 at worst. Against Siconos' exact Lemke both residuals are rounding: the bound is
// κ (r_own + r_lemke) plus 1e-12 for the rounding of r itself. Lemke takes finite bounds only, and
// boxes of positive width only: on fixed rows (λ_low = λ_upp, whose rows of relay_to_lcp's LCP are
// degenerate) Siconos 4.4's Lemke was seen to stop with info 1 and λ = λ_low (residual 0.78 on a
// 9-row problem with 4 fixed rows, which the pivoting solver solved to 6e-17).
#include <gtest/gtest.h>

#include <random>

#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/siconos_box_lcp.h"
#include "tests/sim/contact_scenes.h"

namespace hilsim::sim::contact {
namespace {

using test_scenes::random_box_lcp;
using test_scenes::RandomBoxLcp;

double error_amplification(const Eigen::MatrixXd& m) {
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(m);
  return (1.0 + eig.eigenvalues().maxCoeff()) / eig.eigenvalues().minCoeff();
}

TEST(ContactSolvers, PivotingAgreesWithSiconosPgsOnRandomProblems) {
  constexpr double kTol = 1e-12;
  std::mt19937 rng(20260321);
  PivotingBoxLcpSolver own(12);
  SiconosBoxLcpSolver siconos(12, SiconosMethod::kRelayPgs, kTol, 200000);
  double worst_ratio = 0.0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + trial % 12;
    const RandomBoxLcp r = random_box_lcp(rng, n, false);
    const BoxLcp problem{n, r.matrix, r.q, r.lower, r.upper};
    Eigen::VectorXd a = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
    const LcpResult ra = own.solve(problem, a);
    const LcpResult rb = siconos.solve(problem, b);
    ASSERT_EQ(ra.status, LcpStatus::kSolved) << "trial " << trial;
    ASSERT_EQ(rb.status, LcpStatus::kSolved) << "trial " << trial;
    const double bound = error_amplification(r.matrix) * (kTol * (1.0 + r.q.norm()) + ra.residual);
    const double difference = (a - b).norm();
    EXPECT_LE(difference, bound) << "trial " << trial << " n " << n;
    worst_ratio = std::max(worst_ratio, difference / bound);
  }
  std::printf("pivoting vs Siconos relay PGS: largest difference / bound = %.3g\n", worst_ratio);
}

TEST(ContactSolvers, PivotingAgreesWithSiconosLemkeOnFiniteBounds) {
  std::mt19937 rng(314159);
  PivotingBoxLcpSolver own(12);
  SiconosBoxLcpSolver lemke(12, SiconosMethod::kRelayLemke, 1e-12, 10000);
  double worst = 0.0;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + trial % 12;
    const RandomBoxLcp r = random_box_lcp(rng, n, true);
    const BoxLcp problem{n, r.matrix, r.q, r.lower, r.upper};
    Eigen::VectorXd a = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
    const LcpResult ra = own.solve(problem, a);
    const LcpResult rb = lemke.solve(problem, b);
    ASSERT_EQ(ra.status, LcpStatus::kSolved) << "trial " << trial;
    ASSERT_EQ(rb.status, LcpStatus::kSolved) << "trial " << trial;
    const double bound = error_amplification(r.matrix) * (ra.residual + rb.residual) + 1e-12;
    EXPECT_LE((a - b).norm(), bound) << "trial " << trial << " n " << n;
    worst = std::max(worst, (a - b).norm());
  }
  std::printf("pivoting vs Siconos relay Lemke: largest difference %.3g\n", worst);
}

TEST(ContactSolvers, SiconosLemkeRefusesInfiniteBounds) {
  Eigen::MatrixXd m(1, 1);
  m << 2.0;
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, -1.0);
  const Eigen::VectorXd lower = Eigen::VectorXd::Zero(1);
  const Eigen::VectorXd upper = Eigen::VectorXd::Constant(1, kInfinity);
  SiconosBoxLcpSolver lemke(1, SiconosMethod::kRelayLemke);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(1);
  EXPECT_EQ(lemke.solve(BoxLcp{1, m, q, lower, upper}, x).status, LcpStatus::kUnsupported);
}

TEST(ContactSolvers, PivotingSolvesAKnownTwoRowProblem) {
  // M = [2 1; 1 2], q = (−1, −1), λ_0 ∈ [0, 0.2], λ_1 free: unconstrained (1/3, 1/3) puts λ_0 past its
  // upper bound, so λ_0 = 0.2, λ_1 = (1 − 0.2)/2 = 0.4, and w_0 = 2·0.2 + 0.4 − 1 = −0.2 ≤ 0 at U.
  Eigen::MatrixXd m(2, 2);
  m << 2.0, 1.0, 1.0, 2.0;
  const Eigen::VectorXd q = Eigen::VectorXd::Constant(2, -1.0);
  Eigen::VectorXd lower(2), upper(2);
  lower << 0.0, -kInfinity;
  upper << 0.2, kInfinity;
  PivotingBoxLcpSolver own(2);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(2);
  const LcpResult r = own.solve(BoxLcp{2, m, q, lower, upper}, x);
  ASSERT_EQ(r.status, LcpStatus::kSolved);
  EXPECT_NEAR(x[0], 0.2, 1e-15);
  EXPECT_NEAR(x[1], 0.4, 1e-15);
}

}  // namespace
}  // namespace hilsim::sim::contact
