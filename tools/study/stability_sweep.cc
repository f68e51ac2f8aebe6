#include "tools/study/stability_sweep.h"

#include <algorithm>

#include "sim/cosim/cosimulation.h"
#include "tools/io/input_error.h"
#include "tools/study/job_pool.h"
#include "tools/study/sweep_csv.h"

namespace hilsim::tools {

SweepPoint run_sweep_point(const scenario::Scenario& s, const RunInputs& in,
                           const sim::ReferenceCurve& reference, double H) {
  sim::CosimSettings settings = s.cosim;
  settings.H = H;  // h_M: the scenario's (--hM) when set, which every H must then be a multiple of; else H
  const sim::RunResult r = sim::run_cosimulation(in.model, in.equilibrium, in.scripted(), settings);
  SweepPoint point;
  point.H = H;
  point.diverged = r.diverged;
  point.verdict = sim::assess_stability(
      r.samples, r.diverged, reference,
      sim::StabilityCriterion{0.05, 0.0, *in.model->limits.diverged_pressure}, in.cylinders());
  return point;
}

SweepResult sweep_macro_steps(const scenario::Scenario& s, const RunInputs& in,
                              const sim::ReferenceCurve& reference, std::vector<double> H_list,
                              bool stop_at_first_unstable,
                              const std::function<void(const SweepPoint&)>& on_point,
                              const std::atomic<bool>* stop, int jobs) {
  std::sort(H_list.begin(), H_list.end());
  SweepResult result;
  bool ended_unstable = false;
  run_in_order<SweepPoint>(
      jobs, H_list.size(), [&](std::size_t i) { return run_sweep_point(s, in, reference, H_list[i]); },
      [&](std::size_t, SweepPoint&& point) {
        result.points.push_back(point);
        if (on_point) on_point(point);
        ended_unstable = stop_at_first_unstable && !point.verdict.stable;
        return !ended_unstable;
      },
      stop);
  result.largest_stable_H = largest_stable_H(result.points);
  result.interrupted = !ended_unstable && result.points.size() < H_list.size();
  return result;
}

sim::ReferenceCurve computed_reference(const scenario::Scenario& s, const RunInputs& in) {
  sim::CosimSettings fine = s.cosim;
  fine.coupling = sim::Coupling::kPressureDisplacement;
  fine.scheme = sim::CosimScheme::kJacobi;
  fine.extrapolation = sim::Extrapolation::kZeroOrderHold;
  fine.H = 5e-5;
  fine.h_mech = 0.0;
  fine.h_hyd = 5e-5;
  const sim::RunResult r = sim::run_cosimulation(in.model, in.equilibrium, in.scripted(), fine);
  if (r.diverged) throw io::InputError(s.source + ": the fine reference run diverged");
  return sim::reference_from_samples(r.samples);
}

}  // namespace hilsim::tools
