#include "sim/contact/siconos_box_lcp.h"

#include <NonSmoothDrivers.h>
#include <NumericsMatrix.h>
#include <RelayProblem.h>
#include <SolverOptions.h>
#include <relay_cst.h>

#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace hilsim::sim::contact {
namespace {

int solver_id(SiconosMethod method) {
  switch (method) {
    case SiconosMethod::kRelayPgs:
      return SICONOS_RELAY_PGS;
    case SiconosMethod::kRelayLemke:
      return SICONOS_RELAY_LEMKE;
    case SiconosMethod::kRelayEnum:
      return SICONOS_RELAY_ENUM;
  }
  return SICONOS_RELAY_PGS;
}

}  // namespace

SiconosBoxLcpSolver::SiconosBoxLcpSolver(int capacity, SiconosMethod method, double tolerance,
                                         int max_iterations)
    : capacity_(capacity),
      method_(method),
      matrix_(static_cast<std::size_t>(capacity) * capacity),
      q_(capacity),
      lower_(capacity),
      upper_(capacity),
      z_(capacity),
      w_(capacity) {
  if (!(tolerance > 0.0) || max_iterations < 1) {
    throw std::invalid_argument("Siconos solver: tolerance must be > 0 and max_iterations ≥ 1");
  }
  options_ = solver_options_create(solver_id(method));
  if (options_ == nullptr) throw std::runtime_error("Siconos solver: solver_options_create failed");
  options_->dparam[SICONOS_DPARAM_TOL] = tolerance;
  options_->iparam[SICONOS_IPARAM_MAX_ITER] = max_iterations;
}

// solver_options_delete frees what the options hold but not the struct solver_options_create
// malloc'd (Siconos 4.4, SolverOptions.c): that is the caller's.
SiconosBoxLcpSolver::~SiconosBoxLcpSolver() {
  solver_options_delete(options_);
  std::free(options_);
}

LcpResult SiconosBoxLcpSolver::solve(const BoxLcp& p, Eigen::VectorXd& lambda) {
  const int n = p.size;
  if (n > capacity_) return {LcpStatus::kUnsupported, 0, 0.0};
  if (n == 0) return {LcpStatus::kSolved, 0, 0.0};
  for (int i = 0; i < n; ++i) {
    if (method_ != SiconosMethod::kRelayPgs && (std::isinf(p.lower[i]) || std::isinf(p.upper[i]))) {
      return {LcpStatus::kUnsupported, 0, 0.0};
    }
    for (int j = 0; j < n; ++j) matrix_[static_cast<std::size_t>(j) * n + i] = p.matrix(i, j);
    q_[i] = p.q[i];
    lower_[i] = p.lower[i];
    upper_[i] = p.upper[i];
    z_[i] = lambda[i];
  }
  NumericsMatrix m;
  NM_null(&m);
  NM_fill(&m, NM_DENSE, n, n, matrix_.data());
  RelayProblem problem{n, &m, q_.data(), lower_.data(), upper_.data()};
  const int info = relay_driver(&problem, z_.data(), w_.data(), options_);
  for (int i = 0; i < n; ++i) lambda[i] = z_[i];
  const LcpResult result{info == 0 ? LcpStatus::kSolved : LcpStatus::kNotConverged,
                         options_->iparam[SICONOS_IPARAM_ITER_DONE], box_lcp_residual(p, lambda)};
  return result;
}

}  // namespace hilsim::sim::contact
