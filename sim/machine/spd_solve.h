// Solves M X = B in place for a machine's small symmetric positive definite matrix M: a mass matrix
// (dofs × dofs) or a mobility A M⁻¹ Aᵀ at the cylinders, by the factorisation M = L D Lᵀ (L unit
// lower triangular, D diagonal; Golub and Van Loan 2013, Alg. 4.1.2) and two triangular
// substitutions. Without pivoting: a positive definite M needs none.
//
// Written out rather than Eigen's: the machines are small (1 to 6 degrees of freedom), and at those
// sizes Eigen's decompositions, dynamic or fixed-size, spend more on their generality (run-time
// sizes, blocks, strides, calls) than on the arithmetic: a 2 × 2 solve of the LIM crane took 55 ns
// through them, a quarter of its mechanics step. LDLᵀ rather than Cholesky, and D's reciprocals
// multiplied rather than divided: no square root and n divisions, off the dependency chain. The loops
// run on the matrices' fixed maximal storage; nothing allocates. M must be positive definite (a mass
// matrix is; a mobility is when the cylinders move the machine independently); otherwise the result
// holds infinities or NaN.
#pragma once

#include <Eigen/Dense>
#include <array>

namespace hilsim::sim::machine {

// X ← M⁻¹ X; M square (n ≤ its maximal size), X with n rows.
// The factorisation of one M, to solve for several right-hand sides. kMax: M's maximal size.
template <int kMax>
class SmallLdlt {
 public:
  template <class Mat>
  explicit SmallLdlt(const Mat& M) : n_(static_cast<int>(M.rows())) {
    for (int j = 0; j < n_; ++j) {
      double d = M(j, j);
      for (int k = 0; k < j; ++k) d -= L_[j][k] * L_[j][k] * D_[k];
      D_[j] = d;
      E_[j] = 1.0 / d;
      for (int i = j + 1; i < n_; ++i) {
        double v = M(i, j);
        for (int k = 0; k < j; ++k) v -= L_[i][k] * L_[j][k] * D_[k];
        L_[i][j] = v * E_[j];
      }
    }
  }

  // X ← M⁻¹ X, X with M's rows.
  template <class Rhs>
  void solve_in_place(Rhs& X) const {
    for (Eigen::Index c = 0; c < X.cols(); ++c) {
      for (int i = 1; i < n_; ++i) {  // L y = b
        double v = X(i, c);
        for (int k = 0; k < i; ++k) v -= L_[i][k] * X(k, c);
        X(i, c) = v;
      }
      for (int i = n_ - 1; i >= 0; --i) {  // D Lᵀ x = y
        double v = X(i, c) * E_[i];
        for (int k = i + 1; k < n_; ++k) v -= L_[k][i] * X(k, c);
        X(i, c) = v;
      }
    }
  }

 private:
  // Filled as they are computed, not zeroed first (a tenth of a small solve): L's strict lower
  // triangle L_[i][k], k < i, D and D's reciprocals E.
  int n_;
  std::array<std::array<double, kMax>, kMax> L_;  // NOLINT
  std::array<double, kMax> D_, E_;                // NOLINT
};

// X ← M⁻¹ X; M square (n ≤ its maximal size), X with n rows.
template <class Mat, class Rhs>
void spd_solve_in_place(const Mat& M, Rhs& X) {
  SmallLdlt<Mat::MaxRowsAtCompileTime>(M).solve_in_place(X);
}

// M⁻¹ b.
template <class Mat, class Vec>
Vec spd_solve(const Mat& M, Vec b) {
  spd_solve_in_place(M, b);
  return b;
}

}  // namespace hilsim::sim::machine
