#include "tools/hilsim/scenario_flags.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/cosim/machine_plan.h"
#include "sim/machine/lim_crane.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/scenario/machine_file.h"
#include "tools/scenario/setting_words.h"

namespace hilsim::tools {

namespace {

// What an unset flag leaves: the scenario's value, which without a scenario file is the built-in one.
std::string by_default(const std::string& builtin) {
  return " [default: the scenario's; built-in " + builtin + "]";
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

void ScenarioFlags::add_to(CLI::App& app) {
  const scenario::Scenario d = scenario::default_scenario();
  app.add_option("scenario", scenario_path, "Scenario file (TOML); without it the built-in default")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  app.add_option(
         "--machine", machine,
         "Machine file (TOML, docs/machine.md; config/machines/) [default: the scenario's; built-in: the "
         "LIM crane]")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  app.add_option(
         "--manoeuvre", manoeuvre,
         "M1, M2 or a κ(t) CSV file (columns t, kappa; a machine file's: t and a column per cylinder)" +
             by_default(scenario::describe(d.manoeuvre)))
      ->check(non_empty_path("give M1, M2 or a κ table FILE.csv"));
  app.add_option(
         "--coupling", coupling,
         "fs (force-displacement), ps (pressure-displacement), rim (reduced interface model) or twoway "
         "(model-based both ways)" +
             by_default(std::string(sim::to_string(d.cosim.coupling))))
      ->check(CLI::IsMember({"fs", "ps", "rim", "twoway"}));
  app.add_option(
         "--preview", preview,
         "twoway: κ the reduced models see over the coming step, script (the manoeuvre's) or none (as a "
         "live input: none ahead) [default: the scenario's; built-in script, none with a live input]")
      ->check(CLI::IsMember({"none", "script"}));
  app.add_option("--scheme", scheme,
                 "jacobi, gauss-seidel-mech-first or gauss-seidel-hyd-first" + by_default("jacobi"))
      ->check(CLI::IsMember({"jacobi", "gauss-seidel-mech-first", "gauss-seidel-hyd-first"}));
  app.add_option("--extrapolation", extrapolation,
                 "Input extrapolation: zoh, linear or quadratic" +
                     by_default(std::string(sim::to_string(d.cosim.extrapolation))))
      ->check(CLI::IsMember({"zoh", "linear", "quadratic"}));
  app.add_option("--rim-force", rim_force,
                 "RIM coupling: force returned to the mechanics, end or average" + by_default("average"))
      ->check(CLI::IsMember({"end", "average"}));
  app.add_option("--actuators", actuators,
                 "1 or 2 hydraulic actuators (the second per Peiret et al. 2018, §4.1.1)" +
                     by_default(std::to_string(d.crane.actuators)))
      ->check(CLI::IsMember({1, 2}));
  app.add_option("--H", H, "Macro (communication) step H [s]" + by_default(number(d.cosim.H)))
      ->check(positive_number());
  app.add_option("--hM", h_mech,
                 "Mechanics step h_M [s]; H must be a whole multiple of it [default: the scenario's; "
                 "built-in: h_M = H]")
      ->check(positive_number());
  app.add_option(
         "--hH", h_hyd,
         "Hydraulic step h_H [s]; H must be a whole multiple of it" + by_default(number(d.cosim.h_hyd)))
      ->check(positive_number());
  app.add_option("--duration", duration, "Simulated time [s]" + by_default(number(d.cosim.duration)))
      ->check(positive_number());
  app.add_option("--hydraulics-integrator", hydraulics_integrator,
                 "Integrator of the hydraulic subsystem: euler, rk4 or trapezoidal" + by_default("euler"))
      ->check(CLI::IsMember({"euler", "rk4", "trapezoidal"}));
  app.add_option("--mechanics", mechanics,
                 "Mechanics formulation: independent, ali1 or ali3p (dependent coordinates)" +
                     by_default("independent"))
      ->check(CLI::IsMember({"independent", "ali1", "ali3p"}));
  app.add_option("--limits", limits,
                 "The machine's end stops, cavitation and relief valves ([limits]): on or off "
                 "(default: the scenario's, else on with a live input and off with a script)")
      ->check(CLI::IsMember({"on", "off"}));
  app.add_option(
         "--reference", reference,
         "Reference CSV to compare with (LIM format or a hilsim output); 'none' for none [default: the "
         "scenario's; built-in: the LIM reference for M1 with a script, none with a live input]")
      ->check(non_empty_path("name a CSV file or none"));
}

namespace {

// --manoeuvre names a κ table unless it is M1 or M2: one that cannot be opened says what the option
// accepts and why the file could not be read (a misspelt M1 reads as a missing file).
void check_table_readable(const std::string& text) {
  std::error_code ec;
  if (std::filesystem::is_directory(text, ec)) {
    throw io::InputError("--manoeuvre " + text + ": a directory; give M1, M2 or a κ table FILE.csv");
  }
  if (std::FILE* f = std::fopen(text.c_str(), "r")) {
    std::fclose(f);
    return;
  }
  throw io::InputError("--manoeuvre " + text + ": not M1 or M2, and no κ table FILE.csv can be read there (" +
                       std::strerror(errno) + "); give M1, M2 or a κ table FILE.csv");
}

}  // namespace

scenario::Scenario ScenarioFlags::resolve() const {
  scenario::Scenario s =
      scenario_path.empty() ? scenario::default_scenario() : scenario::load_scenario(scenario_path);
  if (manoeuvre) {
    s.manoeuvre = scenario::parse_manoeuvre(*manoeuvre);
    if (s.manoeuvre.kind == scenario::ManoeuvreKind::kTable) check_table_readable(*manoeuvre);
    if (!reference) {
      s.reference.reset();
      s.reference_implied = false;
      if (s.manoeuvre.kind == scenario::ManoeuvreKind::kM1) {
        s.reference = scenario::lim_m1_reference_path();
        s.reference_implied = true;
      }
    }
  }
  if (machine) s.machine = std::filesystem::absolute(*machine).lexically_normal().string();
  if (s.machine && actuators) {  // by the flag, or by the scenario's key
    throw io::InputError("--actuators sets the built-in crane's; the machine file " + *s.machine +
                         " describes the machine with its cylinders");
  }
  // The LIM reference is the benchmark crane's: a machine file's run compares with none unless asked.
  if (s.machine && s.reference_implied && !reference) {
    s.reference.reset();
    s.reference_implied = false;
  }
  if (coupling) s.cosim.coupling = scenario::parse_coupling(*coupling, "--coupling");
  if (scheme) s.cosim.scheme = scenario::parse_scheme(*scheme, "--scheme");
  if (extrapolation) s.cosim.extrapolation = scenario::parse_extrapolation(*extrapolation, "--extrapolation");
  if (rim_force) s.cosim.rim_force = scenario::parse_rim_force(*rim_force, "--rim-force");
  if (actuators) s.crane.actuators = *actuators;
  // The LIM reference is of the single-actuated crane: it does not describe the double-actuated one.
  if (s.crane.actuators == 2 && !reference && s.reference == scenario::lim_m1_reference_path()) {
    s.reference.reset();
  }
  if (H) s.cosim.H = *H;
  if (h_mech) s.cosim.h_mech = *h_mech;
  if (h_hyd) s.cosim.h_hyd = *h_hyd;
  if (preview) {
    s.cosim.preview = scenario::parse_preview(*preview, "--preview");
    s.preview_setting = s.cosim.preview;
  }
  if (duration) s.cosim.duration = *duration;
  if (mechanics) s.cosim.mechanics = scenario::parse_mechanics(*mechanics, "--mechanics");
  if (hydraulics_integrator) {
    s.cosim.hydraulics_integrator =
        scenario::parse_hydraulic_integrator(*hydraulics_integrator, "--hydraulics-integrator");
  }
  if (reference) {
    s.reference_implied = false;
    if (*reference == "none") {
      s.reference.reset();
    } else {
      s.reference = *reference;
    }
  }
  if (limits) s.limits_setting = *limits == "on";
  if (input) s.hil.input = *input;
  try {
    scenario::apply_live_input_defaults(s);
    scenario::validate(s);
  } catch (const io::InputError& e) {
    throw io::InputError(naming_flags(e.what(), keys_set()));
  }
  if (s.contact.task && !contact_runs) {
    throw io::InputError(
        s.source + ": [contact] task = \"" + scenario::word_of(scenario::kContactTasks, *s.contact.task) +
        "\": this command runs the crane's manoeuvre, not a contact task (hilsim run and hilsim "
        "contact-study run it)");
  }
  return s;
}

std::string naming_flags(std::string message, const std::vector<std::pair<const char*, const char*>>& set) {
  std::string flags;
  for (const auto& [key, flag] : set) {
    // Not when the message names the flag itself (as a refused --preview's does).
    if (message.find(key) == std::string::npos || message.find(flag) != std::string::npos) continue;
    flags += (flags.empty() ? "" : ", ") + std::string(flag);
  }
  return flags.empty() ? message : message + " (set by " + flags + ")";
}

// A flag of a coupling the run does not use would be ignored: refused, naming the coupling it is for.
void ScenarioFlags::refuse_flags_of_other_couplings(sim::Coupling run_coupling) const {
  const std::string used(sim::to_string(run_coupling));
  const bool reduced =
      run_coupling == sim::Coupling::kReducedInterface || run_coupling == sim::Coupling::kTwoWay;
  if (rim_force && !reduced) {
    throw io::InputError(
        "--rim-force sets the force the RIM and two-way couplings return; this run's coupling is '" + used +
        "' (--coupling rim or twoway)");
  }
  if (preview && run_coupling != sim::Coupling::kTwoWay) {
    throw io::InputError("--preview sets the κ the two-way coupling's models see; this run's coupling is '" +
                         used + "' (--coupling twoway)");
  }
}

std::vector<std::pair<const char*, const char*>> ScenarioFlags::keys_set() const {
  const std::pair<bool, std::pair<const char*, const char*>> all[] = {
      {manoeuvre.has_value(), {"manoeuvre.", "--manoeuvre"}},
      {coupling.has_value(), {"cosim.coupling", "--coupling"}},
      {scheme.has_value(), {"cosim.scheme", "--scheme"}},
      {extrapolation.has_value(), {"cosim.extrapolation", "--extrapolation"}},
      {rim_force.has_value(), {"cosim.rim_force", "--rim-force"}},
      {actuators.has_value(), {"crane.actuators", "--actuators"}},
      {machine.has_value(), {"'machine'", "--machine"}},
      {H.has_value(), {"cosim.H", "--H"}},
      {h_mech.has_value(), {"cosim.h_M", "--hM"}},
      {h_hyd.has_value(), {"cosim.h_hyd", "--hH"}},
      {preview.has_value(), {"cosim.preview", "--preview"}},
      {duration.has_value(), {"run.duration", "--duration"}},
      {mechanics.has_value(), {"cosim.mechanics", "--mechanics"}},
      {hydraulics_integrator.has_value(), {"cosim.hydraulics_integrator", "--hydraulics-integrator"}},
      {reference.has_value(), {"run.reference", "--reference"}},
      {limits.has_value(), {"limits.enabled", "--limits"}},
      {input.has_value(), {"hil.input", "--input"}},
  };
  std::vector<std::pair<const char*, const char*>> set;
  for (const auto& [given, key_flag] : all) {
    if (given) set.push_back(key_flag);
  }
  return set;
}

}  // namespace hilsim::tools
