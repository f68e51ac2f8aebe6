#include "sim/contact/box_lcp.h"

#include <algorithm>
#include <cmath>

namespace hilsim::sim::contact {

double box_lcp_residual(const BoxLcp& problem, const Eigen::VectorXd& lambda) noexcept {
  const int n = problem.size;
  double sum = 0.0;
  for (int i = 0; i < n; ++i) {
    const double w = problem.matrix.row(i).head(n).dot(lambda.head(n)) + problem.q[i];
    const double projected = std::clamp(lambda[i] - w, problem.lower[i], problem.upper[i]);
    const double r = lambda[i] - projected;
    sum += r * r;
  }
  return std::sqrt(sum);
}

}  // namespace hilsim::sim::contact
