// A whole run of the monolithic solver: one sample per step, with the constraint violation and the
// Newton iterations of every step.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/monolithic/monolithic_solver.h"

namespace hilsim::sim {

struct MonolithicRunResult {
  std::vector<Sample> samples;         // t_0 and the end of every step
  std::vector<double> violation;       // ‖Φ‖₂ at each sample [m²]
  std::vector<int> iterations;         // Newton iterations of the step that ended at each sample (0 at t_0)
  std::int64_t unconverged_steps = 0;  // steps that reached max_iterations
  bool diverged = false;               // a state became non-finite; samples stop before it
};

// The crane sample of the solver's current state. θ1, θ2 are taken on the branch nearest to
// `previous` (the last sample's angles), so that they are continuous along a run.
Sample monolithic_sample(const MonolithicSolver& solver, const HydraulicParameters& hyd,
                         const Eigen::Vector2d& previous);

// The steps of a run of `solver` (the crane's MonolithicSolver or a machine's) over settings.duration:
// one sample per step, `sample_of(solver, previous)` taking the sample at the solver's state, the
// previous one given; the run stops at the first unhealthy state.
template <typename Solver, typename SampleOf>
MonolithicRunResult run_monolithic_steps(Solver& solver, const MonolithicSettings& settings,
                                         SampleOf sample_of,
                                         const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  if (!(std::isfinite(settings.duration) && settings.duration >= 0.0))
    throw std::invalid_argument("duration must be a non-negative number of seconds");
  const auto total = static_cast<std::int64_t>(std::floor(settings.duration / settings.h + 1e-9));
  MonolithicRunResult result;
  result.samples.reserve(static_cast<std::size_t>(total + 1));
  result.violation.reserve(static_cast<std::size_t>(total + 1));
  result.iterations.reserve(static_cast<std::size_t>(total + 1));
  result.samples.push_back(sample_of(solver, nullptr));
  result.violation.push_back(solver.violation());
  result.iterations.push_back(0);
  const std::int64_t report_every = std::max<std::int64_t>(1, total / 20);
  for (std::int64_t n = 0; n < total; ++n) {
    const MonolithicStepReport report = solver.step();
    if (!solver.healthy()) {
      result.diverged = true;
      break;
    }
    if (!report.converged) ++result.unconverged_steps;
    result.samples.push_back(sample_of(solver, &result.samples.back()));
    result.violation.push_back(report.violation);
    result.iterations.push_back(report.iterations);
    if (on_progress && (n + 1) % report_every == 0) on_progress(n + 1, total);
  }
  return result;
}

// Runs settings.duration from the static equilibrium. `on_progress(done, total)` is called every
// few percent when given.
MonolithicRunResult run_monolithic(const CraneParameters& crane, const HydraulicParameters& hyd,
                                   const Equilibrium& eq, const ValveCommand& valve,
                                   const MonolithicSettings& settings,
                                   const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

}  // namespace hilsim::sim
