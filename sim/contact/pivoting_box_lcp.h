// A box-constrained LCP solver (box_lcp.h) for the real-time step: block principal pivoting after
// Júdice & Pires (1994), for a symmetric positive-definite M (Peiret et al. (contact tasks) M = A M⁻¹ Aᵀ + C
// with C > 0, §6: "will never become rank deficient due to the term C").
//
// Each row is free (F), at its lower bound (L), at its upper bound (U) or fixed (λ_low = λ_upp). For
// a guess of these sets the free impulses solve the linear system of the F rows,
//   M_FF λ_F = −(q_F + M_F,N λ_N)   (N: the rows held at a bound, λ_N their bounds),
// by Cholesky; the guess is the solution when every free λ is inside its bounds and every held row's
// w = M λ + q points the way its bound allows (w ≥ 0 at L, w ≤ 0 at U). Otherwise the infeasible rows
// change sets: a free row past a bound goes to that bound, a held row with the wrong sign of w is
// freed. All of them at once while their number falls (or for at most 3 steps when it does not);
// then one at a time, the last infeasible row (Murty's rule, finite for the plain LCP with a
// P-matrix; the step limit 10 n + 50 guards the box case, and a problem that reaches it is reported).
// An exact solution of the final linear system: the answer is as accurate as that Cholesky solve,
// not a tolerance away. Signs are judged with a tolerance 1e-10 (1 + max |q|) on w and
// 1e-10 (1 + max |λ|) on λ, far above the solve's rounding for the conditions met here, so that a
// row that sits exactly at w = 0 does not flip back and forth on rounding.
//
// Storage for `capacity` rows is reserved at construction; solve allocates nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/contact/box_lcp.h"

namespace hilsim::sim::contact {

class PivotingBoxLcpSolver final : public BoxLcpSolver {
 public:
  explicit PivotingBoxLcpSolver(int capacity);
  // Problems larger than the capacity are refused (kUnsupported).
  LcpResult solve(const BoxLcp& problem, Eigen::VectorXd& lambda) override;

 private:
  enum class RowSet : std::uint8_t { kFree, kLower, kUpper, kFixed };

  void initial_sets(const BoxLcp& p, Eigen::VectorXd& lambda) noexcept;
  bool solve_free_rows(const BoxLcp& p, Eigen::VectorXd& lambda) noexcept;
  // Marks the infeasible rows in infeasible_ and returns their number.
  int find_infeasible(const BoxLcp& p, const Eigen::VectorXd& lambda) noexcept;
  void flip(int row, const BoxLcp& p, const Eigen::VectorXd& lambda) noexcept;

  int capacity_;
  std::vector<RowSet> sets_;
  std::vector<std::uint8_t> infeasible_;
  std::vector<int> free_rows_;
  Eigen::MatrixXd free_matrix_;  // M_FF, factored in place
  Eigen::VectorXd free_rhs_;
  Eigen::VectorXd w_;
};

}  // namespace hilsim::sim::contact
