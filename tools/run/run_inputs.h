// What one run of a scenario is built from: its machine, the machine's static equilibrium, every
// cylinder's scripted valve command, and the reference curve it is compared with.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/machine_plan.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/machine/machine_model.h"
#include "sim/manoeuvre/valve_command.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// The objects one run of a scenario needs: the machine, its static equilibrium, and every
// cylinder's scripted valve command, which depends on the equilibrium's (κ0): with a machine file, a
// command table ([manoeuvre] kind = "table", io::read_command_table) commands the cylinders it has
// a column for; otherwise the manoeuvre (M1, M2, a κ table) commands cylinder 1 and the built-in
// crane's second cylinder follows Peiret et al. 2018, eq. (35); any other cylinder holds its
// equilibrium command.
struct RunInputs {
  std::shared_ptr<const sim::machine::MachineModel> model;
  sim::machine::MachineEquilibrium equilibrium;
  std::vector<std::unique_ptr<sim::ValveCommand>> valves;  // per cylinder
  std::string machine_text;  // the machine file the model was built from (empty: the built-in crane)

  int cylinders() const { return static_cast<int>(valves.size()); }
  // Cylinder k's scripted command.
  const sim::ValveCommand& valve(int k = 0) const { return *valves[static_cast<std::size_t>(k)]; }
  // κ0 (or u0) of cylinder k: its valve's position at rest.
  double command0(int k = 0) const { return equilibrium.cylinders[static_cast<std::size_t>(k)].command; }
  // The scripted commands, for a plan (sim/cosim/machine_plan.h).
  sim::MachineValves scripted() const;
};
RunInputs prepare_run(const scenario::Scenario& scenario);

// The machine a scenario simulates: its machine file's (docs/machine.md), or the LIM crane of its
// [crane], [hydraulics] and [limits] keys (sim/machine/lim_crane.h). Throws io::InputError naming
// the file, line and key (or the scenario) for a description the model refuses.
std::shared_ptr<const sim::machine::MachineModel> scenario_machine(const scenario::Scenario& scenario);

// Actuator 1's valve command of the scenario's manoeuvre: M1 and M2 about kappa0 [-] (the
// equilibrium's), a table as it is. Throws io::InputError for an unreadable table.
std::unique_ptr<sim::ValveCommand> make_valve_command(const scenario::Scenario& scenario, double kappa0);

// Reads the scenario's reference curve, if it has one.
std::optional<sim::ReferenceCurve> load_reference(const scenario::Scenario& scenario);

}  // namespace hilsim::tools
