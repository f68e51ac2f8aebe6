#include "sim/hydraulics/spool_lag.h"

#include <cmath>
#include <numbers>

namespace hilsim::sim {

SpoolLag::SpoolLag(double natural_frequency, double damping_ratio, double h) {
  // For a 2×2 A with trace τ and determinant δ: exp(A h) = e^{τh/2} [c I + s (A − τ/2 I)] with
  // μ² = τ²/4 − δ, c = cosh(μh), s = sinh(μh)/μ (cos and sin/|μ| when μ² < 0, c = 1 and s = h at μ = 0).
  const double w = 2.0 * std::numbers::pi * natural_frequency;
  Eigen::Matrix2d A;
  A << 0.0, 1.0, -w * w, -2.0 * damping_ratio * w;
  const double half_trace = -damping_ratio * w;
  const double mu2 = half_trace * half_trace - w * w;
  double c = 1.0, s = h;
  if (mu2 > 0.0) {
    const double mu = std::sqrt(mu2);
    c = std::cosh(mu * h);
    s = std::sinh(mu * h) / mu;
  } else if (mu2 < 0.0) {
    const double nu = std::sqrt(-mu2);
    c = std::cos(nu * h);
    s = std::sin(nu * h) / nu;
  }
  Phi_ = std::exp(half_trace * h) *
         (c * Eigen::Matrix2d::Identity() + s * (A - half_trace * Eigen::Matrix2d::Identity()));
}

}  // namespace hilsim::sim
