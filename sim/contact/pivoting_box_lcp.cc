#include "sim/contact/pivoting_box_lcp.h"

#include <algorithm>
#include <cmath>

namespace hilsim::sim::contact {
namespace {

constexpr double kRelativeTolerance = 1e-10;
// Steps that may flip every infeasible row without reducing their number (Júdice & Pires' p̄).
constexpr int kBlockBudget = 3;

double max_abs(const Eigen::VectorXd& x, int n) noexcept {
  return n == 0 ? 0.0 : x.head(n).cwiseAbs().maxCoeff();
}

}  // namespace

PivotingBoxLcpSolver::PivotingBoxLcpSolver(int capacity)
    : capacity_(capacity),
      sets_(capacity, RowSet::kFree),
      infeasible_(capacity, 0),
      free_rows_(capacity, 0),
      free_matrix_(capacity, capacity),
      free_rhs_(capacity),
      w_(capacity) {}

void PivotingBoxLcpSolver::initial_sets(const BoxLcp& p, Eigen::VectorXd& lambda) noexcept {
  for (int i = 0; i < p.size; ++i) {
    if (p.lower[i] == p.upper[i]) {
      sets_[i] = RowSet::kFixed;
    } else if (lambda[i] <= p.lower[i]) {
      sets_[i] = RowSet::kLower;
    } else if (lambda[i] >= p.upper[i]) {
      sets_[i] = RowSet::kUpper;
    } else {
      sets_[i] = RowSet::kFree;
    }
  }
}

bool PivotingBoxLcpSolver::solve_free_rows(const BoxLcp& p, Eigen::VectorXd& lambda) noexcept {
  int nf = 0;
  for (int i = 0; i < p.size; ++i) {
    switch (sets_[i]) {
      case RowSet::kFree:
        free_rows_[nf++] = i;
        break;
      case RowSet::kLower:
      case RowSet::kFixed:
        lambda[i] = p.lower[i];
        break;
      case RowSet::kUpper:
        lambda[i] = p.upper[i];
        break;
    }
  }
  for (int a = 0; a < nf; ++a) {
    const int i = free_rows_[a];
    double rhs = -p.q[i];
    for (int j = 0; j < p.size; ++j) {
      if (sets_[j] != RowSet::kFree) rhs -= p.matrix(i, j) * lambda[j];
    }
    free_rhs_[a] = rhs;
    for (int b = 0; b <= a; ++b) free_matrix_(a, b) = p.matrix(i, free_rows_[b]);
  }
  if (nf == 0) return true;
  Eigen::Ref<Eigen::MatrixXd> block = free_matrix_.topLeftCorner(nf, nf);
  const Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> llt(block);  // reads and overwrites the lower triangle
  if (llt.info() != Eigen::Success) return false;
  llt.solveInPlace(free_rhs_.head(nf));
  for (int a = 0; a < nf; ++a) lambda[free_rows_[a]] = free_rhs_[a];
  return free_rhs_.head(nf).allFinite();
}

int PivotingBoxLcpSolver::find_infeasible(const BoxLcp& p, const Eigen::VectorXd& lambda) noexcept {
  const int n = p.size;
  w_.head(n).noalias() = p.matrix.topLeftCorner(n, n) * lambda.head(n);
  w_.head(n) += p.q.head(n);
  const double tol_w = kRelativeTolerance * (1.0 + max_abs(p.q, n));
  const double tol_lambda = kRelativeTolerance * (1.0 + max_abs(lambda, n));
  int count = 0;
  for (int i = 0; i < n; ++i) {
    bool bad = false;
    switch (sets_[i]) {
      case RowSet::kFree:
        bad = lambda[i] < p.lower[i] - tol_lambda || lambda[i] > p.upper[i] + tol_lambda;
        break;
      case RowSet::kLower:
        bad = w_[i] < -tol_w;
        break;
      case RowSet::kUpper:
        bad = w_[i] > tol_w;
        break;
      case RowSet::kFixed:
        break;
    }
    infeasible_[i] = bad ? 1 : 0;
    count += bad ? 1 : 0;
  }
  return count;
}

void PivotingBoxLcpSolver::flip(int row, const BoxLcp& p, const Eigen::VectorXd& lambda) noexcept {
  switch (sets_[row]) {
    case RowSet::kFree:
      sets_[row] = lambda[row] < p.lower[row] ? RowSet::kLower : RowSet::kUpper;
      break;
    case RowSet::kLower:
    case RowSet::kUpper:
      sets_[row] = RowSet::kFree;
      break;
    case RowSet::kFixed:
      break;
  }
}

LcpResult PivotingBoxLcpSolver::solve(const BoxLcp& p, Eigen::VectorXd& lambda) {
  if (p.size > capacity_) return {LcpStatus::kUnsupported, 0, 0.0};
  initial_sets(p, lambda);
  const int max_steps = 10 * p.size + 50;
  int fewest = p.size + 1;
  int budget = kBlockBudget;
  for (int step = 1; step <= max_steps; ++step) {
    if (!solve_free_rows(p, lambda)) return {LcpStatus::kSingular, step, box_lcp_residual(p, lambda)};
    const int count = find_infeasible(p, lambda);
    if (count == 0) {
      for (int i = 0; i < p.size; ++i) lambda[i] = std::clamp(lambda[i], p.lower[i], p.upper[i]);
      return {LcpStatus::kSolved, step, box_lcp_residual(p, lambda)};
    }
    if (count < fewest || budget > 0) {
      budget = count < fewest ? kBlockBudget : budget - 1;
      fewest = std::min(fewest, count);
      for (int i = 0; i < p.size; ++i) {
        if (infeasible_[i] != 0) flip(i, p, lambda);
      }
    } else {
      int last = p.size - 1;
      while (infeasible_[last] == 0) --last;
      flip(last, p, lambda);
    }
  }
  return {LcpStatus::kNotConverged, max_steps, box_lcp_residual(p, lambda)};
}

}  // namespace hilsim::sim::contact
