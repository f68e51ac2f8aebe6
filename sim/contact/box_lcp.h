// The box-constrained (mixed) LCP of one step, Peiret et al. (contact tasks), eq. (34) with the limits of eq.
// (28):
//   find λ with λ_low ≤ λ ≤ λ_upp and w = M λ + q such that for every row i
//     λ_i = λ_low,i  ⇒ w_i ≥ 0,    λ_i = λ_upp,i  ⇒ w_i ≤ 0,    λ_low,i < λ_i < λ_upp,i  ⇒ w_i = 0,
// i.e. w = γ_low − γ_upp with 0 ≤ γ_low ⊥ λ − λ_low ≥ 0 and 0 ≤ γ_upp ⊥ λ_upp − λ ≥ 0, where
// M = A M⁻¹ Aᵀ + C and q = A M⁻¹ p − b + φ (lcp_assembly.h). Bounds may be infinite (bilateral
// rows: both; normal contacts: the upper) or equal (friction with no normal impulse yet). Siconos
// Numerics calls the same problem a "Relay" problem: −(M λ + q) ∈ N_[λ_low, λ_upp](λ).
//
// Its residual is the natural map r(λ) = λ − Π_[λ_low, λ_upp](λ − w), zero exactly at a solution;
// Siconos' relay solvers stop on ‖r‖₂ / (1 + ‖q‖₂) ≤ tol. For a symmetric positive-definite M with
// extreme eigenvalues μ_min ≤ μ_max, any λ lies within ‖λ − λ*‖₂ ≤ (1 + μ_max)/μ_min · ‖r(λ)‖₂ of the
// (unique) solution λ*: the error bound the solvers' agreement is judged by
// (tests/sim/contact_solver_test.cc).
#pragma once

#include <Eigen/Dense>

namespace hilsim::sim::contact {

// A view of the problem's first `size` rows; the storage has at least that many.
struct BoxLcp {
  int size = 0;
  const Eigen::MatrixXd& matrix;  // M (top-left size × size block)
  const Eigen::VectorXd& q;
  const Eigen::VectorXd& lower;
  const Eigen::VectorXd& upper;
};

enum class LcpStatus { kSolved, kNotConverged, kSingular, kUnsupported };

struct LcpResult {
  LcpStatus status = LcpStatus::kSolved;
  int iterations = 0;     // pivoting steps or sweeps
  double residual = 0.0;  // ‖r(λ)‖₂ of the returned λ (natural map, above)
};

class BoxLcpSolver {
 public:
  virtual ~BoxLcpSolver() = default;
  // Solves `problem`; `lambda` holds an initial guess on entry (its first problem.size entries) and
  // the solution on return.
  virtual LcpResult solve(const BoxLcp& problem, Eigen::VectorXd& lambda) = 0;
};

// ‖r(λ)‖₂ of the natural map. Allocates nothing.
double box_lcp_residual(const BoxLcp& problem, const Eigen::VectorXd& lambda) noexcept;

}  // namespace hilsim::sim::contact
