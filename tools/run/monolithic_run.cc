#include "tools/run/monolithic_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <sstream>
#include <utility>

#include "sim/monolithic/machine_monolithic.h"
#include "sim/monolithic/monolithic_run.h"
#include "tools/io/hashed_output_file.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/run_inputs.h"
#include "tools/run/run_outputs.h"

namespace hilsim::tools {

std::string describe(const sim::MonolithicSettings& m) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "h = %g s, alpha = %g, %s tolerance %g, %d projections, valve sampled at %s",
                m.h, m.alpha, scenario::to_string(m.convergence).c_str(), m.tolerance, m.projections,
                scenario::to_string(m.valve_sampling).c_str());
  return buf;
}

namespace {

// Newton iterations per step and constraint violation over the run.
// `unit`: ‖Φ‖'s, m² for the natural coordinates' constraints, "m, rad" for a machine's loops.
void print_solver_figures(const sim::MonolithicRunResult& r, int max_allowed, const char* unit) {
  const std::size_t steps = r.iterations.size() - 1;
  int max_iterations = 0;
  double sum_iterations = 0.0, max_violation = 0.0, t_violation = 0.0, t_iterations = 0.0;
  for (std::size_t i = 1; i < r.iterations.size(); ++i) {
    if (r.iterations[i] > max_iterations) {
      max_iterations = r.iterations[i];
      t_iterations = r.samples[i].t;
    }
    sum_iterations += r.iterations[i];
  }
  for (std::size_t i = 0; i < r.violation.size(); ++i) {
    if (r.violation[i] > max_violation) {
      max_violation = r.violation[i];
      t_violation = r.samples[i].t;
    }
  }
  std::printf(
      "Newton iterations per step: mean %.3f, max %d (step ending at t = %.6g s); %lld of %zu steps "
      "did not converge in %d\n",
      steps ? sum_iterations / static_cast<double>(steps) : 0.0, max_iterations, t_iterations,
      static_cast<long long>(r.unconverged_steps), steps, max_allowed);
  std::printf("constraint violation: max ||Phi|| = %.3e %s at t = %.6g s\n", max_violation, unit,
              t_violation);
}

// The run's rows in pieces of about 1 MB (a long run's CSV is never held whole in memory), then the
// output replaced, its rows and hash printed as every command that writes a trajectory does.
// A machine file's run has its machine's columns (`columns`); the built-in crane's its own.
void write_csv(io::HashedOutputFile& csv, const sim::MonolithicRunResult& r, const std::string& path,
               const std::optional<io::TrajectoryColumns>& columns) {
  std::ostringstream text;
  if (columns) {
    text << io::monolithic_header(*columns);
  } else {
    text << io::kMonolithicTrajectoryHeader << '\n';
  }
  for (std::size_t i = 0; i < r.samples.size(); ++i) {
    if (columns) {
      io::write_monolithic_row(text, r.samples[i], *columns, r.violation[i], r.iterations[i]);
    } else {
      io::write_monolithic_row(text, r.samples[i], r.violation[i], r.iterations[i]);
    }
    if (text.tellp() > (1 << 20)) {
      csv.write(std::move(text).str());
      text = std::ostringstream();
    }
  }
  csv.write(std::move(text).str());
  report_trajectory_csv({static_cast<std::int64_t>(r.samples.size()), csv.commit()}, path);
}

}  // namespace

sim::MonolithicRunResult run_monolithic_of(const scenario::Scenario& s, const RunInputs& in,
                                           const sim::MonolithicSettings& settings,
                                           const std::function<void(std::int64_t, std::int64_t)>& progress) {
  if (!s.machine) {  // the built-in crane: the benchmark's own formulation, in natural coordinates
    return sim::run_monolithic(s.crane, s.hydraulics, sim::crane_equilibrium(in.equilibrium), in.valve(0),
                               settings, progress);
  }
  std::vector<const sim::ValveCommand*> valves;
  for (const auto& v : in.valves) valves.push_back(v.get());
  return sim::run_machine_monolithic(in.model, in.equilibrium, valves, settings, progress);
}

int execute_monolithic_run(const scenario::Scenario& s, bool quiet) {
  const RunInputs in = prepare_run(s);
  const std::optional<sim::ReferenceCurve> reference = load_reference(s);
  sim::MonolithicSettings settings = s.monolithic;
  settings.duration = s.cosim.duration;
  std::printf(
      "scenario %s: manoeuvre %s, monolithic (index-3 augmented Lagrangian, trapezoidal rule), %s, %g s\n",
      s.name.c_str(), scenario::describe(s.manoeuvre).c_str(), describe(settings).c_str(), settings.duration);
  print_equilibrium(s, *in.model, in.equilibrium);

  // Opened before the run so that an unwritable output fails at once; the output itself is replaced
  // only by the complete CSV.
  std::optional<io::HashedOutputFile> csv;
  if (s.out) csv.emplace(*s.out);
  const bool show_progress = !quiet && settings.duration / settings.h > 2e6;
  const auto progress = [show_progress](std::int64_t done, std::int64_t total) {
    if (show_progress) std::fprintf(stderr, "\r  %3d %%", static_cast<int>(100 * done / total));
  };
  const auto t0 = std::chrono::steady_clock::now();
  const sim::MonolithicRunResult r = run_monolithic_of(s, in, settings, progress);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (show_progress) std::fprintf(stderr, "\r       \r");
  const double simulated = r.samples.back().t;
  std::printf("simulated %.6g s in %.3f s wall (real-time factor %.1f)\n", simulated, wall,
              wall > 0 ? simulated / wall : 0.0);

  print_solver_figures(r, settings.max_iterations, s.machine ? "m, rad" : "m^2");
  if (csv) {
    write_csv(*csv, r, *s.out,
              s.machine ? std::optional(io::TrajectoryColumns::of(*in.model)) : std::nullopt);
  }
  if (reference) {
    const sim::TrajectoryDeviation d = sim::compare_with_reference(r.samples, *reference);
    std::printf("against %s (%zu points):\n", s.reference->c_str(), d.points_compared);
    std::printf("  max |ds1|  = %.6e m  at t = %.6g s\n", d.s1.value, d.s1.t);
    std::printf("  max |dp1|  = %.6e Pa at t = %.6g s\n", d.p1.value, d.p1.t);
    if (!reference->p2.empty()) std::printf("  max |dp2|  = %.6e Pa at t = %.6g s\n", d.p2.value, d.p2.t);
    std::printf("  max |dfh|  = %.6e N  at t = %.6g s\n", d.f_h.value, d.f_h.t);
  }
  if (r.diverged) {
    std::fprintf(stderr,
                 "hilsim run: the monolithic run diverged after t = %.6g s (a state is not finite); "
                 "reduce h\n",
                 simulated);
    return 3;
  }
  return 0;
}

}  // namespace hilsim::tools
