// What `run`, `sweep` and the benchmarks share: command-line overrides of a scenario, and the
// objects a run is built from (equilibrium, valve command, reference curve).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hil/hil_settings.h"
#include "sim/analysis/trajectory.h"
#include "sim/cosim/machine_plan.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/machine/machine_model.h"
#include "tools/hilsim/cli_forward.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// Flags common to the commands that run a scenario; unset ones leave the scenario as it is.
struct ScenarioFlags {
  std::string scenario_path;
  std::optional<std::string> machine;  // --machine FILE
  std::optional<std::string> manoeuvre;
  std::optional<std::string> coupling;
  std::optional<std::string> scheme;
  std::optional<std::string> extrapolation;
  std::optional<std::string> rim_force;
  std::optional<int> actuators;
  std::optional<double> H;
  std::optional<double> h_mech;  // --hM
  std::optional<double> h_hyd;
  std::optional<std::string> preview;  // "none" | "script"
  std::optional<double> duration;
  std::optional<std::string> reference;
  std::optional<std::string> hydraulics_integrator;
  std::optional<std::string> mechanics;
  std::optional<std::string> limits;  // "on" | "off"
  // `run --input`: set by that command before resolve(), so that the live-input defaults (limits,
  // preview) and the validation see the input the run will have.
  std::optional<hil::InputSource> input;
  // The command runs a scenario's [contact] task; the others refuse a scenario that has one.
  bool contact_runs = false;

  // Declares the flags on a CLI11 subcommand.
  void add_to(CLI::App& app);
  // Loads the scenario (or the default), applies the flags and validates the result.
  // Changing the manoeuvre without --reference drops a reference unless the new manoeuvre is M1
  // with the shipped defaults, which compares with the LIM M1 reference.
  scenario::Scenario resolve() const;
  // Throws io::InputError for --rim-force or --preview given with a coupling that does not use them.
  // For the commands that run the crane's co-simulation with the resolved coupling (run, sweep),
  // after a contact task or the monolithic solver has taken its own way.
  void refuse_flags_of_other_couplings(sim::Coupling run_coupling) const;
  // The scenario keys the given flags set ({"cosim.H", "--H"}, …), to name the flag in a message.
  std::vector<std::pair<const char*, const char*>> keys_set() const;
};

// `message` about a scenario's values, with "(set by --H)" when it names a key that a given flag set
// (`set`: {key, flag}, as ScenarioFlags::keys_set() gives them): the message speaks of the scenario
// file (or the built-in scenario), which may not hold that value.
std::string naming_flags(std::string message, const std::vector<std::pair<const char*, const char*>>& set);

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
