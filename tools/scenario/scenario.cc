#include "tools/scenario/scenario.h"

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "hil/signal_map.h"
#include "sim/cosim/machine_plan.h"
#include "tools/io/bounded_read.h"
#include "tools/io/input_error.h"
#include "tools/scenario/key_table.h"
#include "tools/scenario/machine_file.h"
#include "tools/scenario/messages_section.h"
#include "tools/scenario/scenario_keys.h"
#include "tools/scenario/setting_words.h"

namespace hilsim::scenario {

namespace fs = std::filesystem;
using io::InputError;

Scenario default_scenario() {
  Scenario s;
  s.reference = lim_m1_reference_path();
  s.reference_implied = true;
  return s;
}

ManoeuvreSpec parse_manoeuvre(const std::string& text) {
  ManoeuvreSpec m;
  if (text == "M1" || text == "m1") {
    m.kind = ManoeuvreKind::kM1;
  } else if (text == "M2" || text == "m2") {
    m.kind = ManoeuvreKind::kM2;
  } else {
    m.kind = ManoeuvreKind::kTable;
    m.table_path = text;
  }
  return m;
}

namespace {

// The choice spelled `text`, else io::InputError "MESSAGE_START'text' is not one of: ...".
template <class E, std::size_t N>
E parse_choice(const Choice<E> (&choices)[N], const std::string& text, const std::string& message_start) {
  if (const E* value = choice_of(choices, text)) return *value;
  throw InputError(message_start + "'" + text + "' is not one of: " + word_list(choices));
}

}  // namespace

sim::Coupling parse_coupling(const std::string& text, const std::string& what) {
  return parse_choice(kCouplings, text, what + ": coupling ");
}

sim::KappaPreview parse_preview(const std::string& text, const std::string& what) {
  return parse_choice(kPreviews, text, what + ": preview ");
}

sim::CosimScheme parse_scheme(const std::string& text, const std::string& what) {
  return parse_choice(kSchemes, text, what + ": scheme ");
}

sim::Extrapolation parse_extrapolation(const std::string& text, const std::string& what) {
  return parse_choice(kExtrapolations, text, what + ": extrapolation ");
}

sim::RimForce parse_rim_force(const std::string& text, const std::string& what) {
  return parse_choice(kRimForces, text, what + ": RIM force ");
}

std::string describe(const sim::CosimSettings& c) {
  static const char* schemes[] = {"Jacobi", "Gauss-Seidel (mechanics first)",
                                  "Gauss-Seidel (hydraulics first)"};
  std::string text = std::string(c.coupling == sim::Coupling::kForceDisplacement      ? "f-s"
                                 : c.coupling == sim::Coupling::kPressureDisplacement ? "p-s"
                                 : c.coupling == sim::Coupling::kTwoWay               ? "two-way"
                                                                                      : "RIM") +
                     " " + schemes[static_cast<int>(c.scheme)] + ", " +
                     std::string(sim::to_string(c.extrapolation));
  if (c.coupling == sim::Coupling::kReducedInterface) {
    text += c.rim_force == sim::RimForce::kAverage ? ", average force" : ", end-of-step force";
  }
  if (c.coupling == sim::Coupling::kTwoWay) {
    text += c.preview == sim::KappaPreview::kScript ? ", κ preview script" : ", κ preview none";
  }
  return text;
}

sim::MechanicsFormulation parse_mechanics(const std::string& text, const std::string& what) {
  return parse_choice(kMechanics, text, what + ": mechanics ");
}

sim::HydraulicIntegrator parse_hydraulic_integrator(const std::string& text, const std::string& what) {
  return parse_choice(kHydraulicIntegrators, text, what + ": hydraulic integrator ");
}

Solver parse_solver(const std::string& text, const std::string& what) {
  return parse_choice(kSolvers, text, what + ": solver ");
}

sim::ValveSampling parse_valve_sampling(const std::string& text, const std::string& what) {
  return parse_choice(kValveSamplings, text, what + ": ");
}

sim::NewtonConvergence parse_newton_convergence(const std::string& text, const std::string& what) {
  return parse_choice(kNewtonConvergences, text, what + ": ");
}

std::string to_string(sim::ValveSampling v) { return word_of(kValveSamplings, v); }

std::string to_string(sim::NewtonConvergence c) { return word_of(kNewtonConvergences, c); }

std::string describe(const ManoeuvreSpec& m) {
  switch (m.kind) {
    case ManoeuvreKind::kM1:
      return "M1";
    case ManoeuvreKind::kM2:
      return "M2";
    case ManoeuvreKind::kTable:
      return m.table_path;
  }
  return "?";
}

namespace {

// The sections of the key table in its order, the top level ("") first.
std::vector<std::string> sections_of_keys() {
  std::vector<std::string> sections;
  for (const KeyRow<Scenario>& row : scenario_keys()) {
    if (std::find(sections.begin(), sections.end(), row.section) == sections.end())
      sections.emplace_back(row.section);
  }
  return sections;
}

// The first section of the built-in crane's description that `root` sets: [crane], [hydraulics], or
// a [limits] key other than `enabled` ("limits.relief_pressure"); "" for none.
std::string crane_keys_given(const toml::table& root) {
  for (const char* section : {"crane", "hydraulics"}) {
    if (root.contains(section)) return section;
  }
  if (const toml::table* limits = root["limits"].as_table()) {
    for (const auto& [key, node] : *limits) {
      if (key.str() != "enabled") return "limits." + std::string(key.str());
    }
  }
  return "";
}

Scenario load_from_table(const toml::table& root, const std::string& path, const fs::path& base,
                         const std::string& name) {
  Scenario s;
  s.source = path;
  s.name = name;
  const KeyContext at{.file = path, .where = path, .base = base};
  const std::vector<std::string> sections = sections_of_keys();
  for (const std::string& section : sections) {
    TableReader table(path, root, section);
    read_section(table, scenario_keys(), section, s, at);
    // The top level holds the sections besides its own keys.
    table.reject_unknown(section.empty() ? sections : std::vector<std::string>{});
  }
  // Named here, not in the table: it is the one key that another key's value makes required.
  if (s.manoeuvre.kind == ManoeuvreKind::kTable && s.manoeuvre.table_path.empty()) {
    throw InputError(path + ": key 'manoeuvre.file' is required with kind = \"table\"");
  }
  if (s.manoeuvre.kind != ManoeuvreKind::kTable && !s.manoeuvre.table_path.empty()) {
    throw InputError(path + ": key 'manoeuvre.file' goes with kind = \"table\" (kind is \"" +
                     word_of(kManoeuvreKinds, s.manoeuvre.kind) + "\")");
  }
  s.crane_keys_given = crane_keys_given(root);
  // The LIM reference is the benchmark crane's: a machine file's run compares with none unless asked.
  if (s.machine && s.reference_implied) {
    s.reference.reset();
    s.reference_implied = false;
  }
  resolve_limits(s);
  resolve_preview(s);
  return s;
}

}  // namespace

Scenario load_scenario(const std::string& path) {
  if (!fs::exists(path)) throw InputError(path + ": scenario file not found");
  const std::string text = io::read_bounded_file(path, io::kMaxScenarioBytes);
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << path << ":" << e.source().begin.line << ":" << e.source().begin.column
        << ": malformed TOML: " << e.description();
    throw InputError(msg.str());
  }
  return load_from_table(root, path, fs::path(path).parent_path(), fs::path(path).stem().string());
}

Scenario load_scenario_text(const std::string& text, const std::string& source) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << source << ":" << e.source().begin.line << ":" << e.source().begin.column
        << ": malformed TOML: " << e.description();
    throw InputError(msg.str());
  }
  Scenario s = load_from_table(root, source, fs::path(), "recorded");
  // A recording made before [limits] existed ran without them, whatever its input.
  if (!root.contains("limits")) {
    s.limits_setting = false;
    resolve_limits(s);
  }
  return s;
}

void resolve_limits(Scenario& s) {
  s.cosim.limits.enabled = s.limits_setting.value_or(s.hil.input != hil::InputSource::kScript);
}

void resolve_preview(Scenario& s) {
  if (s.hil.input == hil::InputSource::kScript) {
    s.cosim.preview = s.preview_setting.value_or(sim::KappaPreview::kScript);
    return;
  }
  // A live controller's κ is known at the micro step it applies to, never ahead of it.
  if (s.preview_setting == sim::KappaPreview::kScript) {
    throw InputError(s.source +
                     ": key 'cosim.preview' (--preview) = \"script\" reads the manoeuvre ahead; a live "
                     "input (" +
                     describe_input(s) + ") gives none: use \"none\"");
  }
  s.cosim.preview = sim::KappaPreview::kNone;
}

void apply_live_input_defaults(Scenario& s) {
  resolve_limits(s);
  resolve_preview(s);
  if (s.hil.input != hil::InputSource::kScript && s.reference_implied) {
    s.reference.reset();
    s.reference_implied = false;
  }
}

std::string describe_input(const Scenario& s) {
  switch (s.hil.input) {
    case hil::InputSource::kScript:
      return "manoeuvre " + describe(s.manoeuvre);
    case hil::InputSource::kUdp:
      return "input UDP from " + (s.udp.peer.empty() ? std::string("any address") : s.udp.peer) + " on " +
             s.udp.listen;
    case hil::InputSource::kCan:
      return "input CAN on " + s.can.interface;
  }
  return "?";
}

namespace {
bool hydraulic_contact(const Scenario& s) {
  return s.contact.task && s.contact.mode == ContactMode::kHydraulic;
}
}  // namespace

MachineFile scenario_machine_file(const Scenario& s) {
  if (s.machine_text) return MachineFile::parse(*s.machine_text, *s.machine + " (as recorded)");
  return MachineFile::load(*s.machine);
}

int commanded_actuators(const Scenario& s) {
  if (s.machine) return static_cast<int>(scenario_machine_file(s).description().cylinders.size());
  return hydraulic_contact(s) ? 2 : s.crane.actuators;
}

std::vector<hil::ActuatorReach> machine_file_reach(const Scenario& s) {
  if (!s.machine) return {};
  return hil::machine_reach(*scenario_machine_file(s).build(), s.cosim.limits.enabled);
}

std::vector<hil::NamedSensorReach> machine_file_sensors(const Scenario& s) {
  if (!s.machine) return {};
  return hil::named_sensor_reach(*scenario_machine_file(s).build(), s.cosim.limits.enabled);
}

std::vector<hil::MessageSpec> signal_mapping(const Scenario& s) {
  if (s.machine && s.hil.messages.empty()) {
    try {
      const std::shared_ptr<const sim::machine::MachineModel> model = scenario_machine_file(s).build();
      return hil::machine_messages(hil::machine_reach(*model, s.cosim.limits.enabled), false,
                                   hil::named_sensor_reach(*model, s.cosim.limits.enabled));
    } catch (const std::invalid_argument& e) {
      throw InputError(*s.machine + ": " + e.what());
    }
  }
  return hil::effective_messages(s.hil, commanded_actuators(s), hydraulic_contact(s));
}

std::vector<std::string> narrow_sensor_signals(const Scenario& s) {
  if (!s.machine || s.hil.messages.empty()) return {};
  return hil::narrow_signal_errors(hil::sensor_messages(s.hil.messages), machine_file_reach(s),
                                   machine_file_sensors(s));
}

// The checks across keys: every key's own range and form is the key table's (check_rows). Their
// messages name the keys they concern.
namespace {

// Past 1e11 micro steps a run takes more than a day; past 1e9 communication points its rows fill any disk.
constexpr double kMaxMicroSteps = 1e11;          // of one subsystem over the run
constexpr double kMaxCommunicationPoints = 1e9;  // rows of the trajectory

void check_count(const std::string& source, const std::string& key, double count, double bound,
                 const std::string& what) {
  if (count <= bound) return;
  std::ostringstream msg;
  msg << source << ": key '" << key << "': " << count << " " << what << " over run.duration, more than the "
      << bound << " a run can finish; shorten run.duration or lengthen the step";
  throw InputError(msg.str());
}

[[noreturn]] void shorter_than_a_step(const Scenario& s, const std::string& step, double length) {
  std::ostringstream msg;
  msg << s.source << ": key 'run.duration' = " << s.cosim.duration << " s is shorter than one " << step
      << " = " << length << " s";
  throw InputError(msg.str());
}

// H a whole multiple of the micro steps, a number of steps a run can finish, at least one step.
void check_steps(const Scenario& s) {
  const double T = s.cosim.duration;
  if (s.solver == Solver::kMonolithic) {
    check_count(s.source, "monolithic.h", T / s.monolithic.h, kMaxMicroSteps, "steps");
    if (T < s.monolithic.h) shorter_than_a_step(s, "monolithic step h", s.monolithic.h);
    return;
  }
  try {
    sim::steps_per_macro_step(s.cosim.H, s.cosim.h_hyd, "cosim.h_hyd");
    if (s.cosim.h_mech > 0.0) sim::steps_per_macro_step(s.cosim.H, s.cosim.h_mech, "cosim.h_M");
  } catch (const std::invalid_argument& e) {
    throw InputError(s.source + ": " + e.what());
  }
  check_count(s.source, "cosim.H", T / s.cosim.H, kMaxCommunicationPoints, "communication points");
  check_count(s.source, "cosim.h_hyd", T / s.cosim.h_hyd, kMaxMicroSteps, "hydraulic steps");
  if (s.cosim.h_mech > 0.0)
    check_count(s.source, "cosim.h_M", T / s.cosim.h_mech, kMaxMicroSteps, "mechanics steps");
  if (T < s.cosim.H) shorter_than_a_step(s, "macro step H", s.cosim.H);
}

// Combinations the co-simulation does not offer.
void check_combinations(const Scenario& s) {
  if (s.cosim.mechanics != sim::MechanicsFormulation::kIndependent &&
      (s.cosim.coupling == sim::Coupling::kReducedInterface || s.crane.actuators != 1 ||
       s.cosim.extrapolation != sim::Extrapolation::kZeroOrderHold)) {
    throw InputError(s.source + ": key 'cosim.mechanics' = '" +
                     std::string(sim::to_string(s.cosim.mechanics)) +
                     "' runs one actuator with coupling fs or ps and extrapolation zoh; use mechanics = "
                     "\"independent\" for rim, two actuators or polynomial extrapolation");
  }
  if (sim::integrates_rim(s.cosim.coupling) &&
      s.cosim.hydraulics_integrator != sim::HydraulicIntegrator::kForwardEuler) {
    throw InputError(s.source + ": key 'cosim.hydraulics_integrator' must be \"euler\" with coupling = \"" +
                     std::string(sim::to_string(s.cosim.coupling)) +
                     "\" (the RIM and its cylinders advance together by semi-implicit and forward Euler, "
                     "Peiret et al. 2018, eq. 39-40)");
  }
}

// The machine's limits are modelled with the independent-coordinate co-simulation only.
void check_limits(const Scenario& s) {
  if (s.cosim.limits.enabled && s.cosim.mechanics != sim::MechanicsFormulation::kIndependent) {
    throw InputError(s.source +
                     ": key 'limits.enabled': the machine's limits are modelled with mechanics = "
                     "\"independent\" only; set limits.enabled = false (or --limits off) for '" +
                     std::string(sim::to_string(s.cosim.mechanics)) + "'");
  }
  if (s.cosim.limits.enabled && s.solver == Solver::kMonolithic) {
    throw InputError(s.source +
                     ": key 'limits.enabled': the monolithic reference solver models no machine limits; "
                     "set limits.enabled = false (or --limits off)");
  }
}

// A CAN input with end-to-end protection needs its counter and CRC signals in every command message.
void check_can_e2e(const Scenario& s) {
  if (s.hil.input != hil::InputSource::kCan || s.can.e2e != hil::E2EMode::kCounterCrc8) return;
  try {
    hil::required_e2e_layouts(hil::command_messages(signal_mapping(s)));
  } catch (const std::invalid_argument& e) {
    throw InputError(s.source + ": key 'can.e2e': " + e.what());
  }
}
// The two-way coupling's model rests on the steady flow balance of the cylinder without the
// machine's limits, and its mechanics advance the model at every micro step of their own.
void validate_twoway(const Scenario& s) {
  if (s.cosim.coupling != sim::Coupling::kTwoWay || s.solver != Solver::kCosim) return;
  const std::string with = " with coupling = \"twoway\"";
  if (s.cosim.mechanics != sim::MechanicsFormulation::kIndependent) {
    throw InputError(s.source + ": key 'cosim.mechanics' must be \"independent\"" + with);
  }
  if (sim::mechanics_step(s.cosim) > sim::kTwoWayMaxMechanicsStep * (1.0 + 1e-9)) {
    std::ostringstream msg;
    msg << s.source << ": key 'cosim.h_M' = " << sim::mechanics_step(s.cosim) << " s must be at most "
        << sim::kTwoWayMaxMechanicsStep << " s" << with
        << " (its mechanics take the cylinder's damping one step behind; unset, h_M is at most 1 ms)";
    throw InputError(msg.str());
  }
  if (s.hil.input != hil::InputSource::kScript &&
      s.cosim.scheme == sim::CosimScheme::kGaussSeidelHydraulicsFirst) {
    throw InputError(s.source + ": key 'cosim.scheme' = \"gauss-seidel-hyd-first\"" + with +
                     " and a live input (" + describe_input(s) +
                     "): the mechanics would read the controller's κ a macro step after the "
                     "hydraulics applied it; use jacobi or gauss-seidel-mech-first");
  }
  if (s.cosim.extrapolation != sim::Extrapolation::kZeroOrderHold) {
    throw InputError(s.source + ": key 'cosim.extrapolation' must be \"zoh\"" + with +
                     " (its reduced model carries its own time dependence)");
  }
  if (s.cosim.limits.enabled) {
    throw InputError(s.source +
                     ": the machine's limits ([limits] enabled, or on by default with a live input) " +
                     "are not modelled" + with + "; set [limits] enabled = false or --limits off");
  }
}

// A guided contact task replaces the crane's manoeuvre: the settings that drive the crane's
// hydraulics have no part in it; a hydraulic one takes the cylinders' κ from [manoeuvre].
void check_contact(const Scenario& s) {
  const ContactScenario& c = s.contact;
  if (!c.any()) return;
  if (!c.task) {
    throw InputError(s.source + ": key 'contact.task' is required with a [contact] section (one of: " +
                     word_list(kContactTasks) + ")");
  }
  const bool hydraulic = c.mode == ContactMode::kHydraulic;
  // A live input turns the limits on by default (resolve_limits); only an explicit setting is refused.
  if (hydraulic && s.limits_setting.value_or(false)) {
    throw InputError(s.source +
                     ": key 'contact.mode' = 'hydraulic': the machine's limits ([limits] enabled) are not "
                     "modelled on the contact task's arm; set [limits] enabled = false");
  }
  if (s.solver == Solver::kMonolithic) {
    throw InputError(s.source +
                     ": key 'run.solver' = 'monolithic' solves the crane's hydraulics; a contact task's "
                     "monolithic run is [contact] coupling = \"monolithic\"");
  }
  if (s.hil.input != hil::InputSource::kScript && !hydraulic) {
    throw InputError(s.source + ": key 'hil.input' = '" + hil::to_string(s.hil.input) +
                     "': a guided contact task follows its reference path; its input is script (a "
                     "live controller drives the cylinders of [contact] mode = \"hydraulic\")");
  }
  if (s.reference && !s.reference_implied) {
    throw InputError(s.source + ": key 'run.reference': a contact task has no reference curve; use \"none\"");
  }
}

// What a machine file does not reach yet: the contact tasks' arm is written for the benchmark crane.
// A mapping of one's own for a machine file: a command signal of each valve's type, and (unless
// [hil] narrow_signals = "warn") sensor signals that hold what the cylinders reach.
void check_machine_mapping(const Scenario& s) {
  if (!s.machine) {
    // The built-in crane's valves are the benchmark's: a u_k would let a negative κ reach them.
    for (const hil::MessageSpec& m : hil::command_messages(s.hil.messages)) {
      for (const hil::SignalSpec& sig : m.signals) {
        const std::optional<hil::CommandSignalName> c = hil::parse_command_signal(sig.name);
        if (!c || !c->closed_centre) continue;
        const std::string k = std::to_string(c->actuator + 1);
        throw InputError(
            s.source + ": [[messages]]: message '" + m.name + "': signal '" + sig.name +
            "' commands a closed-centre valve (u), and the LIM crane's valves are the benchmark's: name "
            "it kappa_" +
            k + ", kappa in [0, 1]");
      }
    }
    return;
  }
  if (s.hil.messages.empty()) return;
  const std::vector<hil::ActuatorReach> reach = machine_file_reach(s);  // the file read and built once
  const std::string e = hil::command_signal_error(hil::command_messages(s.hil.messages), reach);
  if (!e.empty()) throw InputError(s.source + ": [[messages]]: " + e);
  if (s.hil.narrow_signals == hil::NarrowSignals::kWarn) return;
  const std::vector<std::string> narrow =
      hil::narrow_signal_errors(hil::sensor_messages(s.hil.messages), reach, machine_file_sensors(s));
  if (narrow.empty()) return;
  throw InputError(s.source + ": [[messages]]: " + narrow.front() +
                   ": widen its scale or offset (or set [hil] narrow_signals = \"warn\" to run with it, each "
                   "clipped value counted)");
}

// [can] joystick_axes: every entry an axis (and a source address) or none, one per valve the run
// commands at most, and only with a joystick.
void check_joystick_axes(const Scenario& s) {
  const std::vector<std::string>& axes = s.can.joystick_axes;
  if (axes.empty()) return;
  const std::string key = s.source + ": key 'can.joystick_axes'";
  if (s.can.joystick == hil::Joystick::kNone)
    throw InputError(key + ": no joystick to take them: set can.joystick = \"bjm1\"");
  for (std::size_t k = 0; k < axes.size(); ++k) {
    std::string error;
    if (!hil::parse_joystick_axis(axes[k], error))
      throw InputError(key + ": entry " + std::to_string(k + 1) + " (valve " + std::to_string(k + 1) +
                       "): " + error);
  }
  const int valves = commanded_actuators(s);
  if (static_cast<int>(axes.size()) > valves) {
    throw InputError(key + ": " + std::to_string(axes.size()) +
                     " entries, one per valve, and the machine has " + std::to_string(valves) + " valve(s)");
  }
}

void check_machine_file(const Scenario& s) {
  if (s.machine && s.contact.any()) {
    throw InputError(s.source + ": a [contact] task runs on the LIM crane's arm, and key 'machine' names " +
                     *s.machine + ": remove one");
  }
}

}  // namespace

ContactCouplingChoice contact_coupling_choice(const ContactScenario& c) {
  const double stiffness = c.interface_stiffness.value_or(1e8);
  return {c.coupling.value_or(sim::contact::ContactCoupling::kModelModel), stiffness,
          c.interface_damping.value_or(1e-4 * stiffness)};
}

std::vector<std::string> settings_without_effect(const Scenario& s) {
  std::vector<std::string> lines;
  // (Two-way's own refusal of any extrapolation, validate_twoway, says more.)
  if (s.solver == Solver::kCosim && s.cosim.coupling != sim::Coupling::kTwoWay &&
      !sim::extrapolation_has_effect(s.cosim)) {
    const bool rim = s.cosim.coupling == sim::Coupling::kReducedInterface;
    lines.push_back(
        s.source + ": key 'cosim.extrapolation' = \"" + std::string(sim::to_string(s.cosim.extrapolation)) +
        "\" does not change the trajectory with coupling = \"" +
        std::string(sim::to_string(s.cosim.coupling)) + "\"" +
        (rim ? ", h_M = H and the mechanics first (jacobi or gauss-seidel-mech-first)"
             : ", scheme = \"jacobi\", h_M = h_hyd = H and forward Euler (which reads its inputs at the "
               "step's start only)") +
        ": a subsystem that takes one step per macro step evaluates the polynomial at its newest sample, the "
        "held value" +
        (rim ? ", and the RIM's hydraulics extrapolate nothing" : "") +
        " (only the coupling monitor's dE is integrated otherwise); set h_M to a fraction of H (--hM) for it "
        "to act, or extrapolation = \"zoh\"");
  }
  return lines;
}

void validate(const Scenario& s) {
  check_rows(scenario_keys(), s, s.source);
  if (s.machine && !s.crane_keys_given.empty()) {
    throw InputError(s.source + ": key '" + s.crane_keys_given +
                     "' describes the built-in LIM crane, and key 'machine' (or --machine) names a machine "
                     "file, which describes the machine: remove one (the run's [limits] enabled stays)");
  }
  for (const auto& [name, thread] : s.rt.threads)
    check_rows(thread_keys(), thread, s.source, thread_section(name));
  check_steps(s);
  check_combinations(s);
  validate_twoway(s);
  // A machine file's named sensors may be signals of a mapping of one's own; none may take a built-in
  // signal's name, which the mapping would send instead.
  const std::vector<hil::NamedSensorReach> named =
      s.machine && !s.hil.messages.empty() ? machine_file_sensors(s) : std::vector<hil::NamedSensorReach>{};
  for (const hil::NamedSensorReach& r : named) {
    if (hil::is_builtin_sensor_signal(r.name)) {
      throw InputError(
          *s.machine + ": sensor '" + r.name +
          "' has the name of a built-in sensor signal, which [[messages]] would send instead: rename it");
    }
  }
  validate_signal_mapping(s.source, s.hil, commanded_actuators(s), hil::named_sensor_names(named));
  check_can_e2e(s);
  check_limits(s);
  check_contact(s);
  check_machine_file(s);
  check_machine_mapping(s);
  check_joystick_axes(s);
}

}  // namespace hilsim::scenario
