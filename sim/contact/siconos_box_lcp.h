// The box-constrained LCP of a step (box_lcp.h) solved by Siconos Numerics 4.4 (Debian
// libsiconos-numerics-dev), as its "Relay" problem, −(M λ + q) ∈ N_[λ_low, λ_upp](λ)
// (RelayProblem.h, Relay_Solvers.h), through relay_driver:
//   kRelayPgs    projected Gauss–Seidel (relay_pgs). The only Siconos relay solver that takes
//                infinite bounds as they are (a bilateral row, a contact's normal); iterative: stops
//                on ‖λ − Π(λ − w)‖₂ / (1 + ‖q‖₂) ≤ tolerance, and prints a line on stdout when it
//                does not converge within max_iterations sweeps.
//   kRelayLemke  Lemke's pivoting method on the equivalent LCP of twice the size (relay_to_lcp:
//   kRelayEnum   λ − λ_low and the upper multiplier as unknowns, λ_upp − λ_low in its q), or
//                enumeration of that LCP's active sets: exact, but only for finite bounds (a problem
//                with an infinite bound is refused as kUnsupported).
// MLCP solvers would take the bilateral rows as equalities but not a two-sided friction bound.
//
// Siconos allocates inside every solve: relay_pgs mallocs its diagonal, and relay_compute_error a
// vector at every sweep; Lemke and enumeration build the 2n LCP on the heap. Measured with the malloc
// counter of tests/allocation_counter.h (test ContactAllocation.SiconosAllocatesInsideEverySolve):
// a step of its 10-row test system (a box on an incline carrying a servoed pendulum) calls malloc 3
// to 1062 times with relay PGS (one per sweep, plus two), and one 6-row solve with relay Lemke 22
// times. So it stays out of the real-time threads; there pivoting_box_lcp.h solves the same problem
// without allocating, checked against this one (tests/sim/contact_solver_test.cc).
#pragma once

#include <vector>

#include "sim/contact/box_lcp.h"

struct SolverOptions;  // Siconos' (SolverOptions.h)

namespace hilsim::sim::contact {

enum class SiconosMethod { kRelayPgs, kRelayLemke, kRelayEnum };

class SiconosBoxLcpSolver final : public BoxLcpSolver {
 public:
  // For problems of up to `capacity` rows; tolerance and max_iterations as Siconos' dparam[TOL]
  // and iparam[MAX_ITER] (sweeps of PGS, pivots of Lemke).
  SiconosBoxLcpSolver(int capacity, SiconosMethod method, double tolerance = 1e-12,
                      int max_iterations = 100000);
  ~SiconosBoxLcpSolver() override;
  SiconosBoxLcpSolver(const SiconosBoxLcpSolver&) = delete;
  SiconosBoxLcpSolver& operator=(const SiconosBoxLcpSolver&) = delete;

  LcpResult solve(const BoxLcp& problem, Eigen::VectorXd& lambda) override;

 private:
  int capacity_;
  SiconosMethod method_;
  SolverOptions* options_ = nullptr;
  // Contiguous column-major copies in the layout Siconos reads (leading dimension = size).
  std::vector<double> matrix_, q_, lower_, upper_, z_, w_;
};

}  // namespace hilsim::sim::contact
