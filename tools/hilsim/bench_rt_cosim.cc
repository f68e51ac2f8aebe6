#include "tools/hilsim/bench_rt_cosim.h"

#include "tools/run/paced_benchmark.h"

namespace hilsim::tools {

namespace {

// The benchmark's configuration: the scenario and flags, and where neither says otherwise the
// product's default HIL set-up (RIM, both actuators, H = 20 ms, h_H = 0.2 ms, 10 s of M2; a machine
// file's machine with its first cylinder on M1, or --manoeuvre, and the others at rest).
scenario::Scenario bench_scenario(const ScenarioFlags& flags) {
  scenario::Scenario s = flags.resolve();
  if (flags.scenario_path.empty()) {
    if (!flags.coupling) s.cosim.coupling = sim::Coupling::kReducedInterface;
    if (!flags.actuators && !flags.machine) s.crane.actuators = 2;
    if (!flags.H) s.cosim.H = 0.02;
    if (!flags.h_hyd) s.cosim.h_hyd = 2e-4;
    if (!flags.duration) s.cosim.duration = 10.0;
    if (!flags.manoeuvre && !flags.machine) s.manoeuvre = scenario::parse_manoeuvre("M2");
    scenario::validate(s);
  }
  s.reference.reset();
  return s;
}

}  // namespace

int bench_cosim_paced(const ScenarioFlags& flags, const PacedBenchSettings& settings) {
  return bench_paced_run(bench_scenario(flags), settings);
}

}  // namespace hilsim::tools
