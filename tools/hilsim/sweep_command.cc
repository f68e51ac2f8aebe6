#include "tools/hilsim/sweep_command.h"

#include <algorithm>
#include <cstdio>

#include <CLI/CLI.hpp>

#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/stability_sweep.h"
#include "tools/hilsim/stop_on_signals.h"

namespace hilsim::tools {

void SweepCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "sweep", "Run a list of macro steps H and report accuracy and stability for each");
  flags.add_to(*cmd);
  // The sweep's own list replaces the single --H of run.
  cmd->remove_option(cmd->get_option("--H"));
  cmd->add_option("--H", H_list, "Comma-separated macro steps H [s] (default: 1 ms to 70 ms every 1 ms)")
      ->default_str("")  // empty: the 70 steps of the description (execute), not a list to show
      ->delimiter(',')
      ->check(positive_number());
}


int SweepCommand::execute() const {
  std::vector<double> list = H_list;
  if (list.empty()) {
    for (int ms = 1; ms <= 70; ++ms) list.push_back(ms * 1e-3);
  }
  // The scenario is validated at the list's smallest H (the default H may not fit a large h_H).
  ScenarioFlags at_first_H = flags;
  at_first_H.H = *std::min_element(list.begin(), list.end());
  config::Scenario s = at_first_H.resolve();
  const RunInputs in = prepare_run(s);
  // Every H must fit the hydraulic step: check them all before running any.
  for (double H : list) {
    config::Scenario probe = s;
    probe.cosim.H = H;
    probe.cosim.h_mech = 0.0;
    probe.source = "--H " + std::to_string(H);
    config::validate(probe);
  }
  sim::ReferenceCurve reference;
  std::string reference_name;
  if (const auto loaded = load_reference(s)) {
    reference = *loaded;
    reference_name = *s.reference;
  } else {
    reference = computed_reference(s, in);
    reference_name = "a p-s run at H = h_H = 0.05 ms (no reference file for this manoeuvre)";
  }
  std::printf("sweep: manoeuvre %s, %d actuator(s), %s, mechanics %s, h_H = %g s (%s), %g s; reference: %s\n",
              config::describe(s.manoeuvre).c_str(), s.crane.actuators, config::describe(s.cosim).c_str(),
              std::string(sim::to_string(s.cosim.mechanics)).c_str(), s.cosim.h_hyd,
              std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(), s.cosim.duration,
              reference_name.c_str());
  std::printf("stable: finite, max |ds1| < 5 cm, 0 < p1, p2 < 20 MPa\n");
  std::printf("%10s  %14s  %12s  %12s  %s\n", "H [ms]", "max|ds1| [m]", "p min [MPa]", "p max [MPa]",
              "verdict");
  const StopOnSignals signals;  // SIGINT/SIGTERM end the sweep after the run under way, saying so
  const SweepResult sweep = sweep_macro_steps(s, in, reference, list, false, [](const SweepPoint& p) {
    std::printf("%10.4g  %14.6e  %12.6g  %12.6g  %s\n", p.H * 1e3, p.verdict.deviation.s1.value,
                p.verdict.min_pressure / 1e6, p.verdict.max_pressure / 1e6,
                p.verdict.stable ? "stable" : (p.diverged ? "unstable (diverged)" : "unstable"));
    std::fflush(stdout);
  }, &stop_flag());
  if (sweep.interrupted) {
    std::printf("sweep: interrupted by a signal after %zu of %zu runs; the table above is partial\n",
                sweep.points.size(), list.size());
    return 4;
  }
  const double largest_stable = sweep.largest_stable_H;
  if (largest_stable > 0.0) {
    std::printf("largest H up to which every run is stable: %g ms\n", largest_stable * 1e3);
  } else {
    std::printf("largest H up to which every run is stable: none (the smallest H is already unstable)\n");
  }
  return 0;
}

}  // namespace hilsim::tools
