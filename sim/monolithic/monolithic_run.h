// A whole run of the monolithic solver: one sample per step, with the constraint violation and the
// Newton iterations of every step.
#pragma once

#include <cstdint>
#include <functional>
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

// Runs settings.duration from the static equilibrium. `on_progress(done, total)` is called every
// few percent when given.
MonolithicRunResult run_monolithic(const CraneParameters& crane, const HydraulicParameters& hyd,
                                   const Equilibrium& eq, const ValveCommand& valve,
                                   const MonolithicSettings& settings,
                                   const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

}  // namespace hilsim::sim
