// What `run`, `sweep` and the benchmarks share: command-line overrides of a scenario.
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
#include "tools/run/run_inputs.h"
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

}  // namespace hilsim::tools
