#include "tools/run/offline_run.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/analysis/limit_report.h"
#include "sim/cosim/cosimulation.h"
#include "sim/cosim/machine_plan.h"
#include "tools/io/atomic_file.h"
#include "tools/io/telemetry_stream.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/run/run_events.h"
#include "tools/run/run_outputs.h"

namespace hilsim::tools {

// The co-simulation offline: the samples stream through — rows to the CSV, the telemetry, the limit
// monitor, and only those the reference comparison reads are kept (its span and one after), so a run
// of any length needs constant memory. Exit status as offline_run.h says.
int run_offline(const scenario::Scenario& s, const RunInputs& in,
                const std::optional<sim::ReferenceCurve>& reference, bool quiet,
                const std::optional<std::string>& events_path) {
  // Opened before the run so that an unwritable output fails at once; the output itself is replaced
  // only by the complete CSV.
  std::optional<io::TrajectoryCsvWriter> csv;
  if (s.out) csv.emplace(*s.out, io::TrajectoryColumns::of(*in.model));
  std::optional<RunLogFile> events_file;  // created now: an unwritable path fails before the run
  if (events_path) events_file.emplace(*events_path);
  // Progress only where a run takes seconds (about 5e7 micro steps); short runs stay silent.
  const double micro_steps =
      s.cosim.duration / s.cosim.h_hyd + s.cosim.duration / sim::mechanics_step(s.cosim);
  const bool show_progress = !quiet && micro_steps > 5e7;
  const auto progress = [show_progress](std::int64_t done, std::int64_t total) {
    if (show_progress) std::fprintf(stderr, "\r  %3d %%", static_cast<int>(100 * done / total));
  };
  sim::Plan plan = sim::build_machine_plan(in.model, in.equilibrium, s.cosim, in.scripted());
  sim::LimitMonitor limits(*in.model, s.cosim);
  std::vector<sim::Sample> compared;
  const double t_ref_end = reference ? reference->t.back() : -INFINITY;
  const std::unique_ptr<io::TelemetryStream> telemetry_stream =
      open_telemetry(s, io::TrajectoryColumns::of(*in.model));
  const auto on_sample = [&](const sim::Sample& x) {
    if (csv) csv->add(x);
    if (telemetry_stream) telemetry_stream->offer(x);
    limits.observe(x);
    if (reference && (compared.empty() || compared.back().t <= t_ref_end)) compared.push_back(x);
  };
  const auto t0 = std::chrono::steady_clock::now();
  const sim::StreamedRun result = sim::stream_plan(plan, on_sample, progress);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (show_progress) std::fprintf(stderr, "\r       \r");
  const double simulated = result.last.t;
  std::printf("simulated %.6g s in %.3f s wall (real-time factor %.1f)\n", simulated, wall,
              wall > 0 ? simulated / wall : 0.0);

  if (csv) report_trajectory_csv(csv->finish(), csv->path());
  if (telemetry_stream) std::printf("%s\n", telemetry_stream->report().c_str());
  if (reference) print_deviation(s, *reference, compared);
  std::printf("coupling-error energy dE = %.6e J, energy balance Ebal = %.6e J at t = %.6g s\n",
              result.last.dE, result.last.E_balance, simulated);
  const std::vector<sim::LimitEvent>& events = limits.events();
  for (const std::string& line : sim::limit_report_lines(events, s.cosim.limits.enabled))
    std::printf("%s\n", line.c_str());
  if (const std::string twoway = sim::twoway_model_report(plan); !twoway.empty())
    std::printf("%s\n", twoway.c_str());
  if (events_file) {
    events_file->commit(events_csv(events, nullptr, {}));
    std::printf("events: written to %s\n", events_file->path().c_str());
  }
  if (result.diverged) {
    std::fprintf(stderr, "hilsim run: the co-simulation %s\n",
                 sim::divergence_report(simulated, events, *in.model->limits.diverged_pressure).c_str());
    print_implausible_as_cause(s);
    return 3;
  }
  if (limits.numerical_fault()) {
    std::fprintf(stderr, "hilsim run: the co-simulation %s\n", sim::numerical_fault_report(events).c_str());
    print_implausible_as_cause(s);
    return 3;
  }
  return 0;
}

}  // namespace hilsim::tools
