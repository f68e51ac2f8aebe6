#include "sim/cosim/cosimulation.h"

#include <algorithm>

#include "sim/cosim/manager.h"

namespace hilsim::sim {

Sample sample_plan(Plan& plan, std::int64_t n, std::vector<ProbeValues>& probes) {
  probes.resize(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) plan.subsystem(i).probe(n, probes[i]);
  return plan.assembly().sample(n, probes);
}

namespace {

// The one loop of the offline run: steps the plan and hands each sample to `sink` (a template, so
// that the kept-samples run of the benchmarks pays no call through a std::function per point).
// Returns true when it diverged.
template <typename Sink>
bool walk_plan(Plan& plan, Sink&& sink, const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  CosimManager manager(plan.subsystems(), plan.graph());
  std::vector<ProbeValues> probes(plan.size());
  const std::int64_t total = plan.communication_points();
  sink(sample_plan(plan, 0, probes));
  const std::int64_t report_every = std::max<std::int64_t>(1, total / 20);
  for (std::int64_t n = 0; n < total; ++n) {
    manager.step();
    if (!manager.healthy()) return true;
    sink(sample_plan(plan, n + 1, probes));
    if (on_progress && (n + 1) % report_every == 0) on_progress(n + 1, total);
  }
  return false;
}

}  // namespace

RunResult run_plan(Plan& plan, const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  RunResult result;
  // Reserved up to a bound: a long run grows the vector rather than failing before its first step.
  constexpr std::int64_t kReserveLimit = std::int64_t{1} << 22;
  result.samples.reserve(static_cast<std::size_t>(std::min(plan.communication_points() + 1, kReserveLimit)));
  result.diverged = walk_plan(
      plan, [&result](Sample&& x) { result.samples.push_back(x); }, on_progress);
  return result;
}

StreamedRun stream_plan(Plan& plan, const std::function<void(const Sample&)>& on_sample,
                        const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  StreamedRun run;
  run.diverged = walk_plan(
      plan,
      [&run, &on_sample](Sample&& x) {
        on_sample(x);
        run.last = x;
        ++run.samples;
      },
      on_progress);
  return run;
}

RunResult run_cosimulation(const std::shared_ptr<const machine::MachineModel>& model,
                           const machine::MachineEquilibrium& eq, const MachineValves& valves,
                           const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress) {
  Plan plan = build_machine_plan(model, eq, settings, valves);
  return run_plan(plan, on_progress);
}

}  // namespace hilsim::sim
