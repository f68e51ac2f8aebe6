#include "tools/hilsim/stability_sweep.h"

#include <algorithm>

#include "sim/cosim/crane_cosimulation.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {

SweepResult sweep_macro_steps(const config::Scenario& s, const RunInputs& in,
                              const sim::ReferenceCurve& reference, std::vector<double> H_list,
                              bool stop_at_first_unstable,
                              const std::function<void(const SweepPoint&)>& on_point,
                              const std::atomic<bool>* stop) {
  std::sort(H_list.begin(), H_list.end());
  SweepResult result;
  bool all_stable_so_far = true;
  for (double H : H_list) {
    if (stop && stop->load()) {
      result.interrupted = true;
      break;
    }
    sim::CosimSettings settings = s.cosim;
    settings.H = H;
    settings.h_mech = 0.0;
    const sim::RunResult r = sim::run_cosimulation(s.crane, s.hydraulics, in.equilibrium, *in.valve, settings);
    SweepPoint point;
    point.H = H;
    point.diverged = r.diverged;
    point.verdict = sim::assess_stability(r.samples, r.diverged, reference, sim::StabilityCriterion{},
                                          s.crane.actuators);
    result.points.push_back(point);
    if (on_point) on_point(point);
    if (point.verdict.stable && all_stable_so_far) result.largest_stable_H = H;
    if (!point.verdict.stable) {
      all_stable_so_far = false;
      if (stop_at_first_unstable) break;
    }
  }
  return result;
}

sim::ReferenceCurve computed_reference(const config::Scenario& s, const RunInputs& in) {
  sim::CosimSettings fine = s.cosim;
  fine.coupling = sim::Coupling::kPressureDisplacement;
  fine.scheme = sim::CosimScheme::kJacobi;
  fine.extrapolation = sim::Extrapolation::kZeroOrderHold;
  fine.H = 5e-5;
  fine.h_mech = 0.0;
  fine.h_hyd = 5e-5;
  const sim::RunResult r = sim::run_cosimulation(s.crane, s.hydraulics, in.equilibrium, *in.valve, fine);
  if (r.diverged) throw io::InputError(s.source + ": the fine reference run diverged");
  return sim::reference_from_samples(r.samples);
}

}  // namespace hilsim::tools
