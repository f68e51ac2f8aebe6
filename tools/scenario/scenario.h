// A scenario: everything one run needs, from a TOML file, defaults and command-line overrides.
// Its keys are the rows of one table (scenario_keys.h), from which docs/scenario.md's key reference
// is printed; unknown keys are errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hil/hil_settings.h"
#include "hil/machine_signals.h"
#include "rt/rt_settings.h"
#include "sim/contact/contact_coupling.h"
#include "sim/cosim/cosim_settings.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"
#include "sim/monolithic/monolithic_settings.h"
#include "tools/scenario/data_dir.h"
#include "tools/scenario/telemetry_settings.h"

namespace hilsim::scenario {

enum class ManoeuvreKind { kM1, kM2, kTable };

struct ManoeuvreSpec {
  ManoeuvreKind kind = ManoeuvreKind::kM1;
  std::string table_path;                // kTable: κ(t) CSV, resolved to a usable path
  sim::StepManoeuvreM1::Timing m1;       // kM1
  sim::SinusoidalManoeuvreM2::Shape m2;  // kM2
};

// [contact]: a contact task of the crane's tool (sim/contact/contact_tasks.h), the tool meeting the
// world, instead of the crane's manoeuvre. Guided: the tool's reference path through the arm's
// inverse kinematics and stiff joint servos (Peiret et al. (contact tasks), §7); hydraulic: the crane's
// two cylinders drive links 1 and 2, κ from [manoeuvre] (tools/run/contact_hydraulics.h). Every key
// optional; a [contact] key without `task` is an error.
enum class ContactTaskKind { kLanding, kInsertion };
enum class ContactMode { kGuided, kHydraulic };
struct ContactScenario {
  std::optional<ContactTaskKind> task;                    // set: the run is this contact task
  std::optional<ContactMode> mode;                        // unset: guided
  std::optional<sim::contact::ContactCoupling> coupling;  // unset: model-model
  std::optional<double> interface_stiffness;              // K_i [N/m]; unset: 1e8
  std::optional<double> interface_damping;                // D_i [N·s/m]; unset: 1e-4 s · K_i
  bool any() const {
    return task || mode || coupling || interface_stiffness.has_value() || interface_damping.has_value();
  }
};

// The contact task's coupling settings as the scenario gives them, defaults filled in.
struct ContactCouplingChoice {
  sim::contact::ContactCoupling coupling;
  double stiffness;  // K_i [N/m]
  double damping;    // D_i [N·s/m]
};
ContactCouplingChoice contact_coupling_choice(const ContactScenario& contact);

// What integrates the crane: the co-simulation of mechanics and hydraulics, or the monolithic
// reference solver (sim/monolithic/).
enum class Solver { kCosim, kMonolithic };

struct Scenario {
  std::string source = "the built-in scenario";  // the file it came from, for messages
  std::string name = "default";
  // The machine file (config/machines/*.toml, docs/machine.md), resolved; unset: the built-in LIM
  // crane of [crane], [hydraulics] and [limits].
  std::optional<std::string> machine;
  // The machine file's text as a recording holds it (hil/recording.h): a replay simulates the
  // machine that ran, whatever became of the file since. Unset: the file is read. Not a key.
  std::optional<std::string> machine_text;
  // The first of [crane], [hydraulics] or a [limits] key other than `enabled` that the file set
  // ("crane"): they describe the built-in crane, which a machine file replaces (validate refuses both).
  std::string crane_keys_given;
  sim::CraneParameters crane;
  sim::HydraulicParameters hydraulics;
  ManoeuvreSpec manoeuvre;
  sim::CosimSettings cosim;
  Solver solver = Solver::kCosim;
  sim::MonolithicSettings monolithic;    // its duration is cosim.duration ([run] duration)
  std::optional<std::string> reference;  // reference curve to compare with, resolved path
  // The reference was not asked for but implied (the built-in default's, or M1's on changing the
  // manoeuvre): a run with a live input, which does not follow the manoeuvre, drops it.
  bool reference_implied = false;
  std::optional<std::string> out;  // trajectory CSV to write, resolved path
  rt::RtSettings rt;               // [rt]: threads of `hilsim run --realtime/--threads`
  hil::HilSettings hil;            // [hil]: the valve command's source, the watchdog
  hil::UdpSettings udp;            // [udp]: the UDP bridge
  hil::CanSettings can;            // [can]: the CAN bridge
  TelemetrySettings telemetry;     // [telemetry]: the live stream of `hilsim run`
  ContactScenario contact;         // [contact]: a contact task of the crane's tool
  // [limits] enabled as the file (or --limits) says; unset: on for a live input (udp, can), off
  // for a script. resolve_limits() turns it into cosim.limits.enabled.
  std::optional<bool> limits_setting;
  // cosim.preview as the file (or --preview) says; unset: script, and none with a live input.
  std::optional<sim::KappaPreview> preview_setting;
};

// Sets cosim.limits.enabled from limits_setting and the input; call after changing either.
void resolve_limits(Scenario& scenario);

// Sets cosim.preview from preview_setting and the input: script unless set, none with a live input
// (which refuses an explicit script: InputError naming the key).
void resolve_preview(Scenario& scenario);

// After the input changed to a live one (or for a replay of a live run's log): the limits' default
// follows (resolve_limits), an implied reference is dropped and the κ preview is none (an explicit
// preview = script is refused: a live input gives no κ ahead).
void apply_live_input_defaults(Scenario& scenario);

// The header's account of where κ comes from: "manoeuvre M1", "input UDP from 127.0.0.1 on
// 0.0.0.0:47800", "input CAN on can0".
std::string describe_input(const Scenario& scenario);

// The actuators whose command a live input gives and whose sensor frames a run sends: the machine
// file's cylinders; both cylinders for a [contact] task in hydraulic mode (the contact tasks' arm has
// two, whatever [crane] actuators says), else [crane] actuators. What reads or writes a scenario's
// frames uses it.
int commanded_actuators(const Scenario& scenario);
// What the machine file's cylinders reach (hil/machine_signals.h); empty for the built-in crane.
std::vector<hil::ActuatorReach> machine_file_reach(const Scenario& scenario);
// What the machine file's named sensors reach, in its order (hil::named_sensor_reach); empty for the
// built-in crane.
std::vector<hil::NamedSensorReach> machine_file_sensors(const Scenario& scenario);
// The signal mapping a run of `scenario` uses and what reads or writes its frames must use: its
// [[messages]], or the default — generated from the machine file's valves, reach and named sensors
// (hil::machine_messages), else for commanded_actuators() with the contact force's message
// (HilsimContact, hil/default_messages.h) for a [contact] task in hydraulic mode.
std::vector<hil::MessageSpec> signal_mapping(const Scenario& scenario);
// With a machine file and [[messages]]: one line per sensor signal too narrow for what its cylinder
// reaches (hil::narrow_signal_errors); validate() refuses them unless [hil] narrow_signals = "warn".
std::vector<std::string> narrow_sensor_signals(const Scenario& scenario);

// The built-in default: M1, p-s Jacobi, H = 1 ms, h_H = 0.2 ms, 10 s, compared with the LIM reference.
Scenario default_scenario();

// Reads a scenario file over the defaults. Paths inside it are relative to the file's directory.
// Throws io::InputError naming the file, the key (or line) and the accepted range.
Scenario load_scenario(const std::string& path);
// The same from TOML text (a recording's config); `source` names it in messages, and relative
// paths in it are relative to the current directory. Without a [limits] section (a recording older
// than the limits) the limits are off, as they were when it was made.
Scenario load_scenario_text(const std::string& text, const std::string& source);

// Checks every key's range and form (the key table's) and the settings' consistency across keys
// (steps, durations, combinations). Throws io::InputError naming `scenario.source` and the key.
void validate(const Scenario& scenario);
// Settings a run accepts that do not change its trajectory here (an extrapolation that no
// subsystem can use at these steps: sim::extrapolation_has_effect), one warning line each, naming
// the key and what would give it an effect. A recording or a sweep of them still runs.
std::vector<std::string> settings_without_effect(const Scenario& scenario);

// Parses "M1", "M2" or a CSV path into a manoeuvre spec (timings keep their defaults).
ManoeuvreSpec parse_manoeuvre(const std::string& text);
// Parse the command-line / TOML spellings; throw io::InputError naming `what` and the choices.
sim::Coupling parse_coupling(const std::string& text, const std::string& what);     // fs|ps|rim|twoway
sim::KappaPreview parse_preview(const std::string& text, const std::string& what);  // none|script
sim::CosimScheme parse_scheme(const std::string& text, const std::string& what);
sim::Extrapolation parse_extrapolation(const std::string& text, const std::string& what);
sim::RimForce parse_rim_force(const std::string& text, const std::string& what);
// E.g. "p-s Jacobi, zoh".
std::string describe(const sim::CosimSettings& c);
// Parses "independent" / "ali1" / "ali3p".
sim::MechanicsFormulation parse_mechanics(const std::string& text, const std::string& what);
// Parses "euler" / "rk4" / "trapezoidal".
sim::HydraulicIntegrator parse_hydraulic_integrator(const std::string& text, const std::string& what);
// Parses "cosim" / "monolithic".
Solver parse_solver(const std::string& text, const std::string& what);
// Parses "step_start" / "step_end".
sim::ValveSampling parse_valve_sampling(const std::string& text, const std::string& what);
// Parses "residual" / "update".
sim::NewtonConvergence parse_newton_convergence(const std::string& text, const std::string& what);
// "step_start", "residual", ...: the names the parsers accept.
std::string to_string(sim::ValveSampling v);
std::string to_string(sim::NewtonConvergence c);
// "M1", "M2" or the table's path.
std::string describe(const ManoeuvreSpec& m);

}  // namespace hilsim::scenario
