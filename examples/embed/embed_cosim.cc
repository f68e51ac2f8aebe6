// Runs the benchmark crane's co-simulation from a program of its own, through the installed hilsim
// library (hilsim::sim): manoeuvre M1, pressure-displacement coupling, Jacobi scheme, H = 1 ms,
// h_H = 0.2 ms, 10 s, as `hilsim run` with no arguments. Then runs the monolithic reference solver
// with the LIM reference's settings (h = 0.05 ms) and prints the largest deviation of the actuator
// length s1 between the two. Exits 1 if either run diverged.
#include <cstdio>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/cosimulation.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/equilibrium.h"
#include "sim/monolithic/monolithic_run.h"

int main() {
  using namespace hilsim::sim;
  const CraneParameters crane;
  const HydraulicParameters hydraulics;
  // The crane as a machine model, and its static equilibrium: the start state and the valve opening
  // κ0 that holds it.
  const auto model = std::make_shared<const machine::MachineModel>(
      machine::build_machine_model(machine::lim_crane_description(crane, hydraulics)));
  const machine::MachineEquilibrium equilibrium = machine::solve_machine_equilibrium(*model);
  const StepManoeuvreM1 valve(equilibrium.cylinders[0].command);

  CosimSettings cosim;
  cosim.coupling = Coupling::kPressureDisplacement;
  cosim.scheme = CosimScheme::kJacobi;
  cosim.H = 1e-3;         // macro step [s]
  cosim.h_hyd = 0.2e-3;   // hydraulic step [s]
  cosim.duration = 10.0;  // [s]
  MachineValves valves;
  valves.cylinder = {&valve};
  const RunResult run = run_cosimulation(model, equilibrium, valves, cosim);

  MonolithicSettings monolithic;  // the LIM reference's settings
  monolithic.duration = cosim.duration;
  const MonolithicRunResult reference =
      run_monolithic(crane, hydraulics, crane_equilibrium(equilibrium), valve, monolithic);
  if (run.diverged || reference.diverged) {
    std::fprintf(stderr, "embed_cosim: a run diverged\n");
    return 1;
  }

  const TrajectoryDeviation deviation =
      compare_with_reference(run.samples, reference_from_samples(reference.samples));
  std::printf("co-simulation p-s Jacobi, H = %g ms, h_H = %g ms, %g s: %zu communication points\n",
              cosim.H * 1e3, cosim.h_hyd * 1e3, cosim.duration, run.samples.size());
  std::printf("against the monolithic reference (h = %g ms, %zu points compared):\n", monolithic.h * 1e3,
              deviation.points_compared);
  std::printf("  max |ds1| = %.6e m at t = %g s\n", deviation.s1.value, deviation.s1.t);
  return 0;
}
