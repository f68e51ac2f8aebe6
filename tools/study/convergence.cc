#include "tools/study/convergence.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/cosim/subsystem.h"
#include "sim/monolithic/monolithic_run.h"
#include "tools/io/input_error.h"
#include "tools/run/monolithic_run.h"
#include "tools/run/run_inputs.h"
#include "tools/study/job_pool.h"

namespace hilsim::tools {

namespace {

// The observed order between two steps, as printed: "n/a" where it is not defined (an error of 0 or
// not finite, or no previous step), instead of printf's "nan" or "-inf".
std::string order(double e, double e_prev, double h, double h_prev) {
  const double p = std::log(e / e_prev) / std::log(h / h_prev);
  if (!(e > 0.0 && e_prev > 0.0 && std::isfinite(p))) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", p);
  return text;
}

// An error as printed: "%.4e", or "n/a" when there is none (no reference file).
std::string error_text(double e) {
  if (std::isnan(e)) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%.4e", e);
  return text;
}

// Every h of the list is a valid monolithic step and a whole multiple of h_ref [s].
void check_steps(const scenario::Scenario& s, const std::vector<double>& list, double h_ref) {
  for (double h : list) {
    scenario::Scenario probe = s;
    probe.monolithic.h = h;
    probe.source = "--h " + std::to_string(h);
    scenario::validate(probe);
    try {
      sim::steps_per_macro_step(h, h_ref, "--href");
    } catch (const std::invalid_argument&) {
      // The solver's message speaks of a macro step H; here the step is --h.
      char msg[256];
      std::snprintf(msg, sizeof msg,
                    "--h: h = %g s is not a whole multiple of --href = %g s (h/h_ref = %g); every h must be "
                    "k·h_ref with k = 1, 2, 3, ...",
                    h, h_ref, h / h_ref);
      throw io::InputError(msg);
    }
  }
}

// A run's largest |ds1| [m] against the fine run at the same times (every `stride`-th fine sample),
// and its largest |dp1| [Pa] for t_b ≤ t ≤ t_b + 20 ms (M1's spike; 0 when t_b is NaN).
struct FineErrors {
  double s1 = 0.0;
  double spike = 0.0;
};
FineErrors errors_against_fine(const sim::MonolithicRunResult& r, const sim::MonolithicRunResult& fine,
                               long long stride, double t_b) {
  FineErrors e;
  const auto step = static_cast<std::size_t>(stride);
  for (std::size_t i = 0; i < r.samples.size() && i * step < fine.samples.size(); ++i) {
    const sim::Sample& a = r.samples[i];
    const sim::Sample& b = fine.samples[i * step];
    e.s1 = std::max(e.s1, std::abs(a.cyl[0].s - b.cyl[0].s));
    if (a.t >= t_b - 1e-9 && a.t <= t_b + 20e-3 + 1e-9)
      e.spike = std::max(e.spike, std::abs(a.cyl[0].p1 - b.cyl[0].p1));
  }
  return e;
}

}  // namespace

int run_convergence_study(const scenario::Scenario& s, const std::vector<double>& list, double h_ref,
                          int workers) {
  check_steps(s, list, h_ref);
  const RunInputs in = prepare_run(s);
  const std::optional<sim::ReferenceCurve> file = load_reference(s);
  sim::MonolithicSettings settings = s.monolithic;
  settings.duration = s.cosim.duration;
  settings.h = h_ref;
  const double t_b = s.manoeuvre.m1.t_b;
  const bool spike = s.manoeuvre.kind == scenario::ManoeuvreKind::kM1 && t_b < settings.duration;
  if (s.manoeuvre.kind == scenario::ManoeuvreKind::kM1 && !spike) {
    std::printf("note: M1's spike (t_b = %g s) is after the run's end (%g s): the p1 spike columns are n/a\n",
                t_b, settings.duration);
  }

  // Run 0 is the fine run at h_ref, run k the k-th h of the list: all at once on the workers, the
  // table printed in order as they end.
  const auto run = [&](std::size_t k) {
    sim::MonolithicSettings at = settings;
    if (k > 0) at.h = list[k - 1];
    return run_monolithic_of(s, in, at);
  };
  sim::MonolithicRunResult fine;
  double prev_h = 0.0, prev_file = 0.0, prev_self = 0.0, prev_spike = 0.0;
  const auto take = [&](std::size_t k, sim::MonolithicRunResult&& r) {
    if (k == 0) {
      if (r.diverged) throw io::InputError(s.source + ": the fine run at h_ref diverged");
      fine = std::move(r);
      std::printf("convergence: manoeuvre %s, monolithic, %s, %g s\n",
                  scenario::describe(s.manoeuvre).c_str(), describe(settings).c_str(), settings.duration);
      std::printf("compared with: the file %s at its times; a run at h_ref = %g ms at every step%s\n",
                  file ? s.reference->c_str() : "(none)", h_ref * 1e3,
                  spike ? "; p1 spike = max |dp1| for t_b <= t <= t_b + 20 ms" : "");
      std::printf("%8s  %13s %6s  %13s %6s  %13s %6s  %10s  %10s\n", "h [ms]", "|ds1| file [m]", "order",
                  "|ds1| h_ref", "order", "p1 spike [Pa]", "order", "Newton max", "max violC");
      return true;
    }
    const double h = list[k - 1];
    const auto [e_self, e_spike] = errors_against_fine(r, fine, std::llround(h / h_ref), spike ? t_b : NAN);
    const double e_file = file ? sim::compare_with_reference(r.samples, *file).s1.value : NAN;
    const int max_it = *std::max_element(r.iterations.begin(), r.iterations.end());
    const double max_viol = *std::max_element(r.violation.begin(), r.violation.end());
    const bool first = prev_h == 0.0;
    const std::string none = "n/a";
    const std::string file_order = first ? none : order(e_file, prev_file, h, prev_h);
    const std::string self_order = first ? none : order(e_self, prev_self, h, prev_h);
    const std::string spike_order = first || !spike ? none : order(e_spike, prev_spike, h, prev_h);
    std::printf("%8.4g  %13s %6s  %13.4e %6s  %13s %6s  %10d  %10.3e%s\n", h * 1e3,
                error_text(e_file).c_str(), file_order.c_str(), e_self, self_order.c_str(),
                spike ? error_text(e_spike).c_str() : none.c_str(), spike_order.c_str(), max_it, max_viol,
                r.diverged ? "  (diverged)" : "");
    std::fflush(stdout);
    prev_h = h;
    prev_file = e_file;
    prev_self = e_self;
    prev_spike = e_spike;
    return true;
  };
  run_in_order<sim::MonolithicRunResult>(workers, list.size() + 1, run, take);
  return 0;
}

}  // namespace hilsim::tools
