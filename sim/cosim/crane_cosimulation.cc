#include "sim/cosim/crane_cosimulation.h"

#include <algorithm>

#include "sim/cosim/manager.h"

namespace hilsim::sim {

CraneSample sample_plan(Plan& plan, std::int64_t n, std::vector<ProbeValues>& probes) {
  probes.resize(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) plan.subsystem(i).probe(n, probes[i]);
  return plan.assembly().sample(n, probes);
}

RunResult run_plan(Plan& plan, const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  CosimManager manager(plan.subsystems(), plan.graph());
  std::vector<ProbeValues> probes(plan.size());
  RunResult result;
  const std::int64_t total = plan.communication_points();
  result.samples.reserve(static_cast<std::size_t>(total + 1));
  result.samples.push_back(sample_plan(plan, 0, probes));
  const std::int64_t report_every = std::max<std::int64_t>(1, total / 20);
  for (std::int64_t n = 0; n < total; ++n) {
    manager.step();
    if (!manager.healthy()) {
      result.diverged = true;
      break;
    }
    result.samples.push_back(sample_plan(plan, n + 1, probes));
    if (on_progress && (n + 1) % report_every == 0) on_progress(n + 1, total);
  }
  return result;
}

RunResult run_cosimulation(const CraneParameters& crane, const HydraulicParameters& hyd, const Equilibrium& eq,
                           const ValveCommand& valve, const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress,
                           const ValveCommand* valve2) {
  Plan plan = build_crane_plan(crane, hyd, eq, settings, CraneValves{&valve, valve2});
  return run_plan(plan, on_progress);
}

}  // namespace hilsim::sim
