// The stability sweep that `hilsim sweep` prints and `hilsim report` tabulates: one run per macro
// step H, judged by sim/analysis/stability.h against a reference curve.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "sim/analysis/stability.h"
#include "tools/run/run_inputs.h"

namespace hilsim::tools {

struct SweepPoint {
  double H = 0.0;  // [s]
  bool diverged = false;
  sim::StabilityVerdict verdict;
};

struct SweepResult {
  std::vector<SweepPoint> points;  // in increasing H
  double largest_stable_H = 0.0;   // largest H up to which every run is stable [s]; 0 if none
  bool interrupted = false;        // `stop` was set before every H had run
};

// Runs `scenario` at every H of `H_list` (sorted first), `jobs` runs at once (job_pool.h: the
// points come in increasing H whatever `jobs` is). With `stop_at_first_unstable` the sweep ends at
// the first unstable H, which is all the largest stable H needs. `on_point` sees each run, in
// order, on the calling thread. `stop` (a signal's request, stop_on_signals.h) lets no further run
// start.
SweepResult sweep_macro_steps(const scenario::Scenario& scenario, const RunInputs& in,
                              const sim::ReferenceCurve& reference, std::vector<double> H_list,
                              bool stop_at_first_unstable,
                              const std::function<void(const SweepPoint&)>& on_point = {},
                              const std::atomic<bool>* stop = nullptr, int jobs = 1);

// One run of the sweep: `scenario` at macro step H (the mechanics' step the scenario's h_M when set,
// else H), judged against `reference`. A diverged run ends at the first communication point it is
// found at.
SweepPoint run_sweep_point(const scenario::Scenario& scenario, const RunInputs& in,
                           const sim::ReferenceCurve& reference, double H);

// A fine p-s run (H = h_H = 0.05 ms, the LIM reference's step) of the scenario, for manoeuvres and
// cranes without a published reference curve.
sim::ReferenceCurve computed_reference(const scenario::Scenario& scenario, const RunInputs& in);

}  // namespace hilsim::tools
