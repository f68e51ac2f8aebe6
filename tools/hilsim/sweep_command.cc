#include "tools/hilsim/sweep_command.h"

#include <algorithm>
#include <cstdio>

#include "sim/analysis/stability.h"
#include "sim/cosim/crane_cosimulation.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {

void SweepCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "sweep", "Run a list of macro steps H and report accuracy and stability for each");
  flags.add_to(*cmd);
  // The sweep's own list replaces the single --H of run.
  cmd->remove_option(cmd->get_option("--H"));
  cmd->add_option("--H", H_list, "Comma-separated macro steps H [s] (default: 1 ms to 70 ms every 1 ms)")
      ->delimiter(',')
      ->check(CLI::PositiveNumber);
}

namespace {

// A fine p-s run (H = h_H = 0.05 ms, the LIM reference's step) of the same scenario, for
// manoeuvres without a published reference curve.
sim::ReferenceCurve computed_reference(const config::Scenario& s, const RunInputs& in) {
  sim::CosimSettings fine = s.cosim;
  fine.coupling = sim::Coupling::kPressureDisplacement;
  fine.scheme = sim::Scheme::kJacobi;
  fine.H = 5e-5;
  fine.h_mech = 0.0;
  fine.h_hyd = 5e-5;
  const sim::RunResult r = sim::run_cosimulation(s.crane, s.hydraulics, in.equilibrium, *in.valve, fine);
  if (r.diverged) throw io::InputError(s.source + ": the fine reference run diverged");
  return sim::reference_from_samples(r.samples);
}

}  // namespace

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
  std::printf("sweep: manoeuvre %s, %s Jacobi, mechanics %s, h_H = %g s (%s), %g s; reference: %s\n",
              config::describe(s.manoeuvre).c_str(), coupling_label(s.cosim.coupling).c_str(),
              std::string(sim::to_string(s.cosim.mechanics)).c_str(), s.cosim.h_hyd, std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(),
              s.cosim.duration, reference_name.c_str());
  std::printf("stable: finite, max |ds1| < 5 cm, 0 < p1, p2 < 20 MPa\n");
  std::printf("%10s  %14s  %12s  %12s  %s\n", "H [ms]", "max|ds1| [m]", "p min [MPa]", "p max [MPa]",
              "verdict");
  double largest_stable = 0.0;
  bool all_stable_so_far = true;
  std::vector<double> sorted = list;
  std::sort(sorted.begin(), sorted.end());
  for (double H : sorted) {
    sim::CosimSettings settings = s.cosim;
    settings.H = H;
    settings.h_mech = 0.0;
    const sim::RunResult r =
        sim::run_cosimulation(s.crane, s.hydraulics, in.equilibrium, *in.valve, settings);
    const sim::StabilityVerdict v = sim::assess_stability(r.samples, r.diverged, reference);
    std::printf("%10.4g  %14.6e  %12.4f  %12.4f  %s\n", H * 1e3, v.deviation.s1.value,
                v.min_pressure / 1e6, v.max_pressure / 1e6,
                v.stable ? "stable" : (r.diverged ? "unstable (diverged)" : "unstable"));
    std::fflush(stdout);
    if (v.stable && all_stable_so_far) largest_stable = H;
    if (!v.stable) all_stable_so_far = false;
  }
  if (largest_stable > 0.0) {
    std::printf("largest H up to which every run is stable: %g ms\n", largest_stable * 1e3);
  } else {
    std::printf("largest H up to which every run is stable: none (the smallest H is already unstable)\n");
  }
  return 0;
}

}  // namespace hilsim::tools
