#include "tools/scenario/scenario_keys.h"

#include <algorithm>
#include <numbers>
#include <string>

#include "hil/socket_address.h"
#include "sim/contact/contact_plan.h"
#include "sim/cosim/machine_plan.h"
#include "sim/machine/machine_model.h"
#include "tools/scenario/key_table.h"
#include "tools/scenario/messages_section.h"
#include "tools/scenario/telemetry_target.h"

namespace hilsim::scenario {

namespace {

using S = Scenario;

// The steps a run can take. Below 0.1 µs a step is no longer a time the real-time loops (integer
// nanoseconds) or the time stamps k·h of a long run keep distinct.
constexpr double kMinStep = 1e-7;  // [s]

// The senders of the signal mapping's messages: hilsim sends the sensors; every other message is a
// command, sent by the controller.
constexpr const char* kHilsimNode = "Hilsim";
constexpr const char* kControllerNode = "Controller";

// The forms of strings, checked by validate().

void check_address(const std::string& text, const std::string& what, bool port_required, bool allow_zero) {
  const std::string error = hil::parse_socket_address(text, port_required, allow_zero).error;
  if (!error.empty()) throw InputError(what + " = '" + text + "': " + error);
}

void check_interface_name(const std::string& name, const std::string& what) {
  // IFNAMSIZ is 16 with the terminating zero; a name with '/' or a space is no interface name.
  if (name.empty() || name.size() > 15 || name.find_first_of("/ \t:") != std::string::npos) {
    throw InputError(what + " = '" + name +
                     "' is not an interface name (1 to 15 characters, no '/', ':' or spaces)");
  }
}

void check_telemetry_target(const std::string& target, const std::string& what) {
  if (!target.empty()) parse_telemetry_target(target, what);
}

// [rt.thread.NAME], a table of tables: one per subsystem named.
void read_rt_threads(S& s, const toml::node& node, const KeyContext& at) {
  const toml::table* threads = node.as_table();
  if (!threads) {
    throw InputError(at.file + ":" + std::to_string(node.source().begin.line) + ": '" + at.key +
                     "' must be a table");
  }
  for (const auto& [key, value] : *threads) {
    const std::string name(key.str());
    const auto& contact = sim::contact::kContactSubsystemNames;
    if (!sim::is_machine_subsystem_name(name) &&
        std::find(contact.begin(), contact.end(), name) == contact.end()) {
      throw InputError(
          at.file + ":" + std::to_string(value.source().begin.line) + ": [" + thread_section(name) +
          "] names no subsystem (one of: mechanics, hydraulics, hydraulics_2 … hydraulics_8, rim_hydraulics; "
          "a contact task's monolithic, tool, arm)");
    }
    TableReader table(at.file, *threads, name, thread_section(name));
    rt::ThreadOverride thread;
    read_section(table, thread_keys(), thread_keys().front().section, thread, at);
    table.reject_unknown();
    s.rt.threads[name] = thread;
  }
}

void write_rt_threads(std::ostream& o, const S& s) {
  for (const auto& [name, thread] : s.rt.threads) {
    o << "\n[" << thread_section(name) << "]\n";
    for (const KeyRow<rt::ThreadOverride>& row : thread_keys()) write_row(o, row, thread);
  }
}

const std::vector<KeyRow<S>> kScenarioKeys = {
    {.section = "",
     .key = "name",
     .unit = "",
     .help = "label in reports",
     .access = text<S>([](auto& s) -> auto& { return s.name; }),
     .if_absent = "the file's name"},
    {.section = "",
     .key = "machine",
     .unit = "",
     .help = "the machine file (docs/machine.md; `hilsim run --machine`); its cylinders, valves and supplies "
             "replace [crane], [hydraulics] and [limits]' crane keys, which it refuses beside it",
     .access = path<S>([](auto& s) -> auto& { return s.machine; }),
     .if_absent = "the LIM crane of [crane] and [hydraulics]"},

    // [run]
    {.section = "run",
     .key = "duration",
     .unit = "s",
     .help = "simulated time",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.duration; }),
     .range = open_closed(0.0, 1e6)},
    {.section = "run",
     .key = "solver",
     .unit = "",
     .help = "the co-simulation, or the monolithic reference solver ([monolithic])",
     .access = choice<S, kSolvers>([](auto& s) -> auto& { return s.solver; })},
    {.section = "run",
     .key = "reference",
     .unit = "",
     .help = "curve to compare with (LIM format or a hilsim output); \"none\": none",
     .access = read_as(path<S>([](auto& s) -> auto& { return s.reference; }),
                       [](S& s, const Value& v, const KeyContext& at) {
                         const std::string& file = std::get<std::string>(v);
                         if (file == "none") {
                           s.reference.reset();  // as --reference none: nothing to compare with
                         } else if (!file.empty()) {
                           s.reference = resolve_path(at, file);
                         }
                       }),
     .if_absent = "none (without a scenario file: the LIM reference of M1)"},
    {.section = "run",
     .key = "out",
     .unit = "",
     .help = "trajectory CSV to write",
     .access = path<S>([](auto& s) -> auto& { return s.out; }),
     .if_absent = "none"},

    // [cosim]
    {.section = "cosim",
     .key = "coupling",
     .unit = "",
     .help = "force-displacement, pressure-displacement, reduced interface model or two-way",
     .access = choice<S, kCouplings>([](auto& s) -> auto& { return s.cosim.coupling; })},
    {.section = "cosim",
     .key = "scheme",
     .unit = "",
     .help = "which subsystem advances first over a macro step",
     .access = choice<S, kSchemes>([](auto& s) -> auto& { return s.cosim.scheme; })},
    {.section = "cosim",
     .key = "extrapolation",
     .unit = "",
     .help =
         "of every subsystem's inputs over a macro step (twoway: zoh; warned of where it cannot change the "
         "trajectory: rim with h_M = H and the mechanics first, p-s Jacobi with h_M = h_hyd = H and euler)",
     .access = choice<S, kExtrapolations>([](auto& s) -> auto& { return s.cosim.extrapolation; })},
    {.section = "cosim",
     .key = "rim_force",
     .unit = "",
     .help = "rim: the force returned to the mechanics, at the step's end or its average",
     .access = choice<S, kRimForces>([](auto& s) -> auto& { return s.cosim.rim_force; })},
    {.section = "cosim",
     .key = "H",
     .unit = "s",
     .help = "macro (communication) step; at most 1e9 per run.duration",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.H; }),
     .range = closed(kMinStep, 10.0)},
    {.section = "cosim",
     .key = "h_M",
     .unit = "s",
     .help = "mechanics step; 0: H (twoway: at most 1 ms); H must be a whole multiple of it",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.h_mech; }),
     .range = closed(kMinStep, 10.0),
     .note = "(0 = same as H)",
     .unset = 0.0,
     .former_name = "h_mech"},
    {.section = "cosim",
     .key = "h_hyd",
     .unit = "s",
     .help = "hydraulic step; H must be a whole multiple of it; every step at most 1e11 times per "
             "run.duration",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.h_hyd; }),
     .range = closed(kMinStep, 10.0)},
    {.section = "cosim",
     .key = "hydraulics_integrator",
     .unit = "",
     .help = "integrator of the hydraulic subsystem (rim, twoway: euler)",
     .access =
         choice<S, kHydraulicIntegrators>([](auto& s) -> auto& { return s.cosim.hydraulics_integrator; })},
    {.section = "cosim",
     .key = "mechanics",
     .unit = "",
     .help = "independent coordinates, or dependent ones (ali1, ali3p: one actuator, fs or ps, zoh)",
     .access = choice<S, kMechanics>([](auto& s) -> auto& { return s.cosim.mechanics; })},
    {.section = "cosim",
     .key = "preview",
     .unit = "",
     .help = "twoway: the κ its reduced models see over the coming step",
     .access = choice<S, kPreviews>([](auto& s) -> auto& { return s.preview_setting; }),
     .if_absent = "script; none with a live input (which refuses script)"},

    // [limits]: the machine's end stops, link 1's rest, cavitation and relief valves
    // (sim/model/machine_limits.h); all off in the benchmark.
    {.section = "limits",
     .key = "enabled",
     .unit = "",
     .help = "the machine's limits modelled (independent mechanics, co-simulation only)",
     // Read as asked for (unset: the input decides, resolve_limits), written as resolved.
     .access = written_as(
         read_as(boolean<S>([](auto& s) -> auto& { return s.limits_setting; }),
                 [](S& s, const Value& v, const KeyContext&) { s.limits_setting = std::get<bool>(v); }),
         [](const S& s) { return Value(s.cosim.limits.enabled); }),
     .if_absent = "true with a live input (hil.input = udp or can), else false"},
    {.section = "limits",
     .key = "dead_length",
     .unit = "m",
     .help = "oil left in a chamber at either end stop",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.end_stops.dead_length; }),
     .range = open(0.0, kInf),
     .note = "(up to half hydraulics.l)",
     .hi_of = [](const S& s) { return 0.5 * s.hydraulics.l; },
     .range_text = "(0, hydraulics.l / 2)"},
    {.section = "limits",
     .key = "end_stop_stiffness",
     .unit = "N/m",
     .help = "of the end stops",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.end_stops.stiffness; }),
     .range = open(0.0, kInf)},
    {.section = "limits",
     .key = "end_stop_damping",
     .unit = "N*s/m",
     .help = "of the end stops",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.end_stops.damping; }),
     .range = closed_open(0.0, kInf)},
    {.section = "limits",
     .key = "theta1_min",
     .unit = "rad",
     .help = "link 1's rest",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.joint_stop.theta1_min; }),
     .range = open(-0.5 * std::numbers::pi, kInf),
     .note = "(up to crane.theta1_0)",
     .hi_of = [](const S& s) { return s.crane.theta1_0; },
     .range_text = "(-π/2, crane.theta1_0)"},
    {.section = "limits",
     .key = "joint_stop_stiffness",
     .unit = "N*m/rad",
     .help = "of link 1's rest",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.joint_stop.stiffness; }),
     .range = open(0.0, kInf)},
    {.section = "limits",
     .key = "joint_stop_damping",
     .unit = "N*m*s/rad",
     .help = "of link 1's rest",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.joint_stop.damping; }),
     .range = closed_open(0.0, kInf)},
    {.section = "limits",
     .key = "vapour_pressure",
     .unit = "Pa",
     .help = "a chamber's floor (absolute pressure)",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.cavitation.vapour_pressure; }),
     .range = open(0.0, kInf),
     .note = "(up to hydraulics.p_T)",
     .hi_of = [](const S& s) { return s.hydraulics.p_T; },
     .range_text = "(0, hydraulics.p_T)"},
    // Below the machine's diverged bound (sim/machine/machine_model.h, 20 MPa at the benchmark's
    // supply) with room for the valve's overshoot: a relief valve cracking there would open only
    // after the run was called diverged.
    {.section = "limits",
     .key = "relief_pressure",
     .unit = "Pa",
     .help = "the relief valves' cracking pressure",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.relief.cracking_pressure; }),
     .range = open_closed(-kInf, kInf),
     .note = "(above hydraulics.p_P; with the limits on, up to 0.75 of the diverged bound: 15 MPa at p_P = "
             "7.6 MPa)",
     .lo_of = [](const S& s) { return s.hydraulics.p_P; },
     .hi_of =
         [](const S& s) {
           return s.cosim.limits.enabled ? 0.75 * sim::machine::default_diverged_pressure(s.hydraulics.p_P)
                                         : kInf;
         },
     .range_text = "(hydraulics.p_P, 0.75 × hydraulics.p_P × 20/7.6] with the limits on"},
    {.section = "limits",
     .key = "relief_gain",
     .unit = "m^3/(s*Pa)",
     .help = "relief flow per pressure above cracking",
     .access = number<S>([](auto& s) -> auto& { return s.cosim.limits.relief.flow_gain; }),
     .range = open(0.0, kInf)},

    // [monolithic]: the monolithic reference solver (run.solver = "monolithic").
    {.section = "monolithic",
     .key = "h",
     .unit = "s",
     .help = "integration step; at most 1e11 per run.duration",
     .access = number<S>([](auto& s) -> auto& { return s.monolithic.h; }),
     .range = closed(kMinStep, 10.0)},
    {.section = "monolithic",
     .key = "alpha",
     .unit = "",
     .help = "penalty factor α",
     .access = number<S>([](auto& s) -> auto& { return s.monolithic.alpha; }),
     .range = open(0.0, kInf)},
    {.section = "monolithic",
     .key = "tolerance",
     .unit = "",
     .help = "Newton tolerance",
     .access = number<S>([](auto& s) -> auto& { return s.monolithic.tolerance; }),
     .range = open(0.0, kInf)},
    {.section = "monolithic",
     .key = "convergence",
     .unit = "",
     .help = "update: ‖Δz‖₂ < tolerance; residual: ‖b‖₂ of eq. (25) < tolerance",
     .access = choice<S, kNewtonConvergences>([](auto& s) -> auto& { return s.monolithic.convergence; })},
    {.section = "monolithic",
     .key = "projections",
     .unit = "",
     .help = "velocity and acceleration projections per step",
     .access = integer<S>([](auto& s) -> auto& { return s.monolithic.projections; }),
     .range = closed(0, 100)},
    {.section = "monolithic",
     .key = "max_iterations",
     .unit = "",
     .help = "Newton iterations before a step counts as unconverged",
     .access = integer<S>([](auto& s) -> auto& { return s.monolithic.max_iterations; }),
     .range = closed(1, 1000)},
    {.section = "monolithic",
     .key = "valve_sampling",
     .unit = "",
     .help = "κ of a step at its start (held), or at its end",
     .access = choice<S, kValveSamplings>([](auto& s) -> auto& { return s.monolithic.valve_sampling; })},

    // [manoeuvre]
    {.section = "manoeuvre",
     .key = "kind",
     .unit = "",
     .help = "the valve command: the benchmark's step M1, its sine M2, or a table of κ(t)",
     .access = choice<S, kManoeuvreKinds>([](auto& s) -> auto& { return s.manoeuvre.kind; })},
    {.section = "manoeuvre",
     .key = "file",
     .unit = "",
     .help = "table: CSV with columns t [s], kappa [-] in [0, 1], times increasing",
     .access = written_as(path<S>([](auto& s) -> auto& { return s.manoeuvre.table_path; }),
                          [](const S& s) {
                            return s.manoeuvre.kind == ManoeuvreKind::kTable ? Value(s.manoeuvre.table_path)
                                                                             : Value();
                          }),
     .if_absent = "none (required with kind = \"table\", refused with M1 and M2)"},
    {.section = "manoeuvre",
     .key = "t_a",
     .unit = "s",
     .help = "M1: start of the first ramp",
     .access = number<S>([](auto& s) -> auto& { return s.manoeuvre.m1.t_a; }),
     .range = closed_open(0.0, kInf)},
    {.section = "manoeuvre",
     .key = "t_b",
     .unit = "s",
     .help = "M1: start of the second ramp",
     .access = number<S>([](auto& s) -> auto& { return s.manoeuvre.m1.t_b; }),
     .range = open(-kInf, kInf),
     .note = "(must follow t_a + t_r)",
     .lo_of = [](const S& s) { return s.manoeuvre.m1.t_a + s.manoeuvre.m1.t_r; },
     .range_text = "(t_a + t_r, inf)"},
    {.section = "manoeuvre",
     .key = "t_r",
     .unit = "s",
     .help = "M1: ramp time constant",
     .access = number<S>([](auto& s) -> auto& { return s.manoeuvre.m1.t_r; }),
     .range = open(0.0, kInf)},
    {.section = "manoeuvre",
     .key = "frequency",
     .unit = "Hz",
     .help = "M2: κ = κ0 (1 − A(t) sin(2π f t))",
     .access = number<S>([](auto& s) -> auto& { return s.manoeuvre.m2.frequency; }),
     .range = open(0.0, kInf)},
    {.section = "manoeuvre",
     .key = "amplitude",
     .unit = "",
     .help = "M2: peak A",
     .access = number<S>([](auto& s) -> auto& { return s.manoeuvre.m2.amplitude; }),
     .range = closed(0.0, 1.0)},

    // [crane]: LIM benchmark 2021, Table 1.
    {.section = "crane",
     .key = "L",
     .unit = "m",
     .help = "link 1 length",
     .access = number<S>([](auto& s) -> auto& { return s.crane.L; }),
     .range = open(0.0, kInf),
     .plausible = closed(0.05, 50.0)},
    {.section = "crane",
     .key = "L_h",
     .unit = "m",
     .help = "link 2 length",
     .access = number<S>([](auto& s) -> auto& { return s.crane.L_h; }),
     .range = open(0.0, kInf),
     .plausible = closed(0.05, 50.0)},
    {.section = "crane",
     .key = "m",
     .unit = "kg",
     .help = "link 1 mass (uniform rod)",
     .access = number<S>([](auto& s) -> auto& { return s.crane.m; }),
     .range = closed_open(0.0, kInf),
     .plausible = closed(0.0, 1e5)},
    {.section = "crane",
     .key = "m_p",
     .unit = "kg",
     .help = "point mass at Q, tip of link 1",
     .access = number<S>([](auto& s) -> auto& { return s.crane.m_p; }),
     .range = closed_open(0.0, kInf),
     .plausible = closed(0.0, 1e5)},
    {.section = "crane",
     .key = "m_h",
     .unit = "kg",
     .help = "point mass at R, tip of link 2",
     .access = number<S>([](auto& s) -> auto& { return s.crane.m_h; }),
     .range = open(0.0, kInf),
     .plausible = closed(1e-6, 1e5)},
    {.section = "crane",
     .key = "x_B",
     .unit = "m",
     .help = "actuator base",
     .access = number<S>([](auto& s) -> auto& { return s.crane.x_B; }),
     .range = open(-kInf, kInf),
     .plausible = closed(-50.0, 50.0)},
    {.section = "crane",
     .key = "y_B",
     .unit = "m",
     .help = "actuator base",
     .access = number<S>([](auto& s) -> auto& { return s.crane.y_B; }),
     .range = open(-kInf, kInf),
     .plausible = closed(-50.0, 50.0)},
    {.section = "crane",
     .key = "g",
     .unit = "m/s²",
     .help = "gravity",
     .access = number<S>([](auto& s) -> auto& { return s.crane.g; }),
     .range = closed_open(0.0, kInf),
     .note = "(magnitude, acting along −y)",
     .plausible = closed(0.0, 30.0)},
    {.section = "crane",
     .key = "theta1_0",
     .unit = "rad",
     .help = "initial angle of link 1",
     .access = number<S>([](auto& s) -> auto& { return s.crane.theta1_0; }),
     .range = open(-kInf, kInf),
     .plausible = closed(-6.3, 6.3)},
    {.section = "crane",
     .key = "theta2_0",
     .unit = "rad",
     .help = "initial angle of link 2",
     .access = number<S>([](auto& s) -> auto& { return s.crane.theta2_0; }),
     .range = open(-kInf, kInf),
     .plausible = closed(-6.3, 6.3)},
    // Read as a number (1.0 is 1), so checked here rather than as an integer's range.
    {.section = "crane",
     .key = "actuators",
     .unit = "",
     .help = "hydraulic actuators (the second from P to the middle of link 2)",
     .access = {.type = KeyType::kNumber,
                .get = [](const S& s) { return Value(std::int64_t{s.crane.actuators}); },
                .set =
                    [](S& s, const Value& v, const KeyContext& at) {
                      const double n = std::get<double>(v);
                      if (n != 1.0 && n != 2.0) {
                        throw InputError(at.what + " = " + std::to_string(n) + " is not one of: 1, 2");
                      }
                      s.crane.actuators = static_cast<int>(n);
                    }},
     .range_text = "1 or 2"},

    // [hydraulics]: LIM benchmark 2021, Table 2.
    {.section = "hydraulics",
     .key = "a_p",
     .unit = "m²",
     .help = "piston area",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.a_p; }),
     .range = open(0.0, kInf),
     .plausible = closed(1e-5, 0.5)},
    {.section = "hydraulics",
     .key = "l",
     .unit = "m",
     .help = "cylinder length",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.l; }),
     .range = open(0.0, kInf),
     .plausible = closed(0.05, 20.0)},
    {.section = "hydraulics",
     .key = "c",
     .unit = "N·s/m",
     .help = "viscous friction",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.c; }),
     .range = closed_open(0.0, kInf)},
    {.section = "hydraulics",
     .key = "c_d",
     .unit = "",
     .help = "valve discharge coefficient",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.c_d; }),
     .range = open(0.0, kInf),
     .plausible = closed(0.1, 1.0)},
    {.section = "hydraulics",
     .key = "rho",
     .unit = "kg/m³",
     .help = "fluid density",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.rho; }),
     .range = open(0.0, kInf),
     .plausible = closed(500.0, 2000.0)},
    {.section = "hydraulics",
     .key = "p_P",
     .unit = "Pa",
     .help = "pump pressure",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.p_P; }),
     .range = open(-kInf, kInf),
     .note = "(must exceed p_T)",
     .lo_of = [](const S& s) { return s.hydraulics.p_T; },
     .range_text = "(p_T, inf)",
     .plausible = closed(1e5, 1e8)},
    {.section = "hydraulics",
     .key = "p_T",
     .unit = "Pa",
     .help = "tank pressure",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.p_T; }),
     .range = closed_open(0.0, kInf),
     .plausible = closed(0.0, 1e7)},
    {.section = "hydraulics",
     .key = "a",
     .unit = "1/Pa",
     .help = "compressibility coefficient of eq. (11)",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.a; }),
     .range = open(0.0, kInf)},
    {.section = "hydraulics",
     .key = "b",
     .unit = "1/Pa²",
     .help = "compressibility coefficient of eq. (11)",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.b; }),
     .range = open(-kInf, kInf)},
    {.section = "hydraulics",
     .key = "a_valve",
     .unit = "m²",
     .help = "valve area at full opening, eq. (13)",
     .access = number<S>([](auto& s) -> auto& { return s.hydraulics.a_valve; }),
     .range = open(0.0, kInf),
     .plausible = closed(1e-8, 1e-2)},

    // [rt]: the threads of `hilsim run --realtime` / `--threads`, one per subsystem.
    {.section = "rt",
     .key = "cpu_mech",
     .unit = "",
     .help = "CPU of the threads at longer periods (the mechanics, h_M)",
     .access = integer<S>([](auto& s) -> auto& { return s.rt.others.cpu; }),
     .range = closed(-1, 1023),
     .note = "(-1 = not pinned)"},
    {.section = "rt",
     .key = "cpu_hyd",
     .unit = "",
     .help = "CPU of the threads at the plan's shortest period (the hydraulics, h_H)",
     .access = integer<S>([](auto& s) -> auto& { return s.rt.fastest.cpu; }),
     .range = closed(-1, 1023),
     .note = "(-1 = not pinned)"},
    {.section = "rt",
     .key = "priority_mech",
     .unit = "",
     .help = "SCHED_FIFO priority of the threads at longer periods",
     .access = integer<S>([](auto& s) -> auto& { return s.rt.others.priority; }),
     .range = closed(1, 99),
     .note = "(SCHED_FIFO priority)"},
    {.section = "rt",
     .key = "priority_hyd",
     .unit = "",
     .help = "SCHED_FIFO priority of the threads at the shortest period (rate-monotonic: higher)",
     .access = integer<S>([](auto& s) -> auto& { return s.rt.fastest.priority; }),
     .range = closed(1, 99),
     .note = "(SCHED_FIFO priority)"},
    {.section = "rt",
     .key = "priority_io",
     .unit = "",
     .help = "SCHED_FIFO priority of the UDP or CAN bridge's I/O thread",
     .access = integer<S>([](auto& s) -> auto& { return s.rt.io_priority; }),
     .range = closed(0, 99),
     .note = "(SCHED_FIFO priority; 0 = SCHED_OTHER)"},
    {.section = "rt",
     .key = "scheduler",
     .unit = "",
     .help = "of every real-time thread (other: SCHED_OTHER, never real time)",
     .access = read_as(choice<S, kSchedulers>([](auto& s) -> auto& { return s.rt.others.scheduler; }),
                       [](S& s, const Value& v, const KeyContext&) {
                         s.rt.others.scheduler = s.rt.fastest.scheduler =
                             *choice_of(kSchedulers, std::get<std::string>(v));
                       })},
    {.section = "rt",
     .key = "overrun",
     .unit = "",
     .help = "what a thread does after an overrun (a cycle past the next one's deadline)",
     .access = choice<S, kOverrunPolicies>([](auto& s) -> auto& { return s.rt.overrun_policy; })},
    {.section = "rt",
     .key = "telemetry_decimation",
     .unit = "",
     .help = "write every d-th communication point to the CSV",
     .access = integer<S>([](auto& s) -> auto& { return s.rt.telemetry_decimation; }),
     .range = closed(1, 1e6)},
    {.section = "rt",
     .key = "stack_kib",
     .unit = "KiB",
     .help = "stack of each real-time thread",
     .access = {
         .type = KeyType::kInteger,
         .get = [](const S& s) { return Value(static_cast<std::int64_t>(s.rt.others.stack_bytes / 1024)); },
         .set =
             [](S& s, const Value& v, const KeyContext&) {
               s.rt.others.stack_bytes = s.rt.fastest.stack_bytes =
                   static_cast<std::size_t>(std::get<std::int64_t>(v)) * 1024;
             }},
     .range = closed(rt::kMinStackBytes / 1024.0, rt::kMaxStackBytes / 1024.0)},
    {.section = "rt",
     .key = "thread",
     .unit = "",
     .help =
         "[rt.thread.NAME]: one subsystem's thread (mechanics, hydraulics, hydraulics_2, rim_hydraulics; a "
         "contact task's monolithic, tool, arm)",
     .access = {.type = KeyType::kTables, .read_tables = read_rt_threads, .write_tables = write_rt_threads}},

    // [hil]: hardware in the loop, where κ comes from.
    {.section = "hil",
     .key = "input",
     .unit = "",
     .help = "the manoeuvre, or a controller over UDP or CAN (hilsim run --realtime)",
     .access = choice<S, kInputSources>([](auto& s) -> auto& { return s.hil.input; })},
    {.section = "hil",
     .key = "watchdog_timeout",
     .unit = "s",
     .help = "a command older than this is stale",
     .access = number<S>([](auto& s) -> auto& { return s.hil.watchdog_timeout; }),
     .range = open_closed(0.0, 60.0)},
    {.section = "hil",
     .key = "safe_kappa",
     .unit = "",
     .help = "κ of the benchmark's valves while the command is stale or before the first one (a "
             "closed-centre valve's safe command is neutral, u = 0)",
     .access = number<S>([](auto& s) -> auto& { return s.hil.safe_kappa; }),
     .range = closed(0.0, 1.0),
     .if_absent = "unset, so each actuator's equilibrium kappa0 (the load held)",
     .comment_if_unset = true},
    {.section = "hil",
     .key = "out_of_range",
     .unit = "",
     .help = "a κ outside its signal's [min, max]: clamped or rejected (and counted)",
     .access = choice<S, kOutOfRangePolicies>([](auto& s) -> auto& { return s.hil.out_of_range; })},
    {.section = "hil",
     .key = "narrow_signals",
     .unit = "",
     .help = "a [[messages]] sensor signal whose range cannot hold what its cylinder reaches (stroke ends, "
             "pressures up to the relief settings): the run is refused, or warned of (each clipped value is "
             "counted either way)",
     .access = choice<S, kNarrowSignalPolicies>([](auto& s) -> auto& { return s.hil.narrow_signals; })},
    {.section = "hil",
     .key = "output_rate",
     .unit = "Hz",
     .help = "sensor datagrams (or sets of CAN frames) per second",
     .access = number<S>([](auto& s) -> auto& { return s.hil.output_rate; }),
     .range = closed(1.0, 100000.0)},

    // [udp]: the UDP bridge (hil/DATAGRAM.md).
    {.section = "udp",
     .key = "listen",
     .unit = "",
     .help = "address:port receiving command datagrams (port 0: any free port, said at start)",
     .access = text<S>([](auto& s) -> auto& { return s.udp.listen; }),
     .check = [](const std::string& text,
                 const std::string& what) { check_address(text, what, true, true); }},
    {.section = "udp",
     .key = "peer",
     .unit = "",
     .help = "the only accepted sender: an address (any port of it), or address:port",
     .access = text<S>([](auto& s) -> auto& { return s.udp.peer; }),
     .check = [](const std::string& text,
                 const std::string& what) { check_address(text, what, false, false); }},
    {.section = "udp",
     .key = "send_to",
     .unit = "",
     .help = "address:port where sensor datagrams go",
     .access = text<S>([](auto& s) -> auto& { return s.udp.send_to; }),
     .check = [](const std::string& text,
                 const std::string& what) { check_address(text, what, true, false); }},
    {.section = "udp",
     .key = "e2e",
     .unit = "",
     .help = "crc32: send datagram version 2 (CRC-32), refuse version 1; none: send version 1, accept both",
     .access = choice<S, kDatagramE2es>([](auto& s) -> auto& { return s.udp.e2e; })},

    // [can]: the CAN bridge (SocketCAN).
    {.section = "can",
     .key = "interface",
     .unit = "",
     .help = "network interface, 1 to 15 characters (\"vcan0\")",
     .access = text<S>([](auto& s) -> auto& { return s.can.interface; }),
     .check = check_interface_name},
    // Classical CAN runs at up to 1 Mbit/s; restart_ms is a u32 in the kernel, an hour is plenty.
    {.section = "can",
     .key = "bitrate",
     .unit = "bit/s",
     .help = "set through libsocketcan",
     .access = integer<S>([](auto& s) -> auto& { return s.can.bitrate; }),
     .range = closed(1, 1'000'000),
     .if_absent = "left as it is"},
    {.section = "can",
     .key = "restart_ms",
     .unit = "ms",
     .help = "automatic restart after bus-off, 0 = off",
     .access = integer<S>([](auto& s) -> auto& { return s.can.restart_ms; }),
     .range = closed(0, 3'600'000),
     .if_absent = "left as it is"},
    {.section = "can",
     .key = "bring_up",
     .unit = "",
     .help = "take the link down, apply bitrate and restart_ms, bring it up (CAP_NET_ADMIN)",
     .access = boolean<S>([](auto& s) -> auto& { return s.can.bring_up; })},
    {.section = "can",
     .key = "joystick",
     .unit = "",
     .help = "bjm1: κ (of each actuator) also from a J1939 joystick (PGN 0xFDD6)",
     .access = choice<S, kJoysticks>([](auto& s) -> auto& { return s.can.joystick; })},
    {.section = "can",
     .key = "joystick_axis",
     .unit = "",
     .help = "the BJM1 axis that moves κ of actuator 1",
     .access = choice<S, kJoystickAxes>([](auto& s) -> auto& { return s.can.joystick_axis; })},
    {.section = "can",
     .key = "joystick_axis_2",
     .unit = "",
     .help = "the BJM1 axis that moves κ of actuator 2 (two actuators)",
     .access = written_as(choice<S, kJoystickAxes>([](auto& s) -> auto& { return s.can.joystick_axis_2; }),
                          [](const S& s) {
                            return Value(
                                std::string(word_of(kJoystickAxes, hil::second_joystick_axis(s.can))));
                          }),
     .if_absent = "the axis joystick_axis does not use"},
    {.section = "can",
     .key = "joystick_span",
     .unit = "",
     .help = "κ change at full deflection: κ = clamp(κ0 + d · span, 0, 1), d ∈ [−1, 1]",
     .access = number<S>([](auto& s) -> auto& { return s.can.joystick_span; }),
     .range = closed(-1.0, 1.0)},
    {.section = "can",
     .key = "joystick_axes",
     .unit = "",
     .help = "valve k's axis, k = 1, 2, …: \"x\" or \"y\", with \"@SA\" a joystick's J1939 source address "
             "(e.g. \"y@0x81\"; else joystick_source_address's), or \"none\"; instead of joystick_axis and "
             "joystick_axis_2. A closed-centre valve takes u = d, the benchmark's κ0 + d · span",
     .access = names<S>([](auto& s) -> auto& { return s.can.joystick_axes; }),
     .if_absent = "valve 1 joystick_axis, valve 2 joystick_axis_2"},
    // J1939 source addresses 254 (null) and 255 (global) never send.
    {.section = "can",
     .key = "joystick_source_address",
     .unit = "",
     .help = "only this J1939 sender's frames",
     .access = integer<S>([](auto& s) -> auto& { return s.can.joystick_source_address; }),
     .range = closed(0, 253),
     .if_absent = "any sender"},
    {.section = "can",
     .key = "e2e",
     .unit = "",
     .help = "counter-crc8: command frames carry an alive counter and a CRC-8, checked on each frame; none: "
             "unchecked, a second sender goes unnoticed",
     .access = choice<S, kCanE2es>([](auto& s) -> auto& { return s.can.e2e; })},
    {.section = "can",
     .key = "e2e_recover_frames",
     .unit = "",
     .help = "frames of one counter sequence alone that end a two-senders state",
     .access = integer<S>([](auto& s) -> auto& { return s.can.e2e_recover_frames; }),
     .range = closed(1, 1000)},
    {.section = "can",
     .key = "on_link_loss",
     .unit = "",
     .help =
         "the interface down or gone: wait for it (safe κ meanwhile), or end the run (exit 4); down at the "
         "start: wait, or refuse (exit 2)",
     .access = choice<S, kLinkLossPolicies>([](auto& s) -> auto& { return s.can.on_link_loss; })},

    // [telemetry]: the live stream of `hilsim run`.
    {.section = "telemetry",
     .key = "target",
     .unit = "",
     .help = "udp://IPv4-address:port (1..65535); \"\": no stream",
     .access = text<S>([](auto& s) -> auto& { return s.telemetry.target; }),
     .check = check_telemetry_target},
    {.section = "telemetry",
     .key = "rate_hz",
     .unit = "Hz",
     .help = "samples per second of simulated time; at most one per communication point",
     .access = number<S>([](auto& s) -> auto& { return s.telemetry.rate_hz; }),
     .range = open_closed(0.0, 1e6),
     .note = "(samples per second of simulated time)"},

    // [contact]: a contact task of the crane's tool (sim/contact/), the couplings of Peiret et al. (contact
    // tasks).
    {.section = "contact",
     .key = "task",
     .unit = "",
     .help = "the contact task run instead of the crane's manoeuvre (sim/contact/contact_tasks.h): set a box "
             "down on a platform and slide it, or push a two-pin connector into a socket",
     .access = choice<S, kContactTasks>([](auto& s) -> auto& { return s.contact.task; }),
     .if_absent = "none: the crane's manoeuvre (every other [contact] key needs it)"},
    {.section = "contact",
     .key = "mode",
     .unit = "",
     .help = "guided: the tool's reference path through the arm's inverse kinematics and stiff joint servos; "
             "hydraulic: the crane's two cylinders drive links 1 and 2 from their static equilibrium with "
             "the tool, kappa from [manoeuvre] (a table's kappa_2 column drives cylinder 2, else it holds "
             "its equilibrium kappa), the wrist servoed to the tool's reference angle",
     .access = choice<S, kContactModes>([](auto& s) -> auto& { return s.contact.mode; }),
     .if_absent = "`\"guided\"`"},
    {.section = "contact",
     .key = "coupling",
     .unit = "",
     .help = "the arm and the tool as one system with a rigid weld (the reference), or the coupling of the "
             "tool side and the arm side, \"<what the tool takes>-<what the arm takes>\" (Peiret et al. "
             "(contact tasks), §3-4)",
     .access = choice<S, kContactCouplings>([](auto& s) -> auto& { return s.contact.coupling; }),
     .if_absent = "`\"model-model\"`"},
    {.section = "contact",
     .key = "interface_stiffness",
     .unit = "N/m",
     .help = "K_i of the weld's interface force law (Peiret et al. (contact tasks), eq. 12); angular a tenth "
             "in N·m/rad",
     .access = number<S>([](auto& s) -> auto& { return s.contact.interface_stiffness; }),
     .range = open_closed(0.0, 1e12),
     .if_absent = "`1e8`"},
    {.section = "contact",
     .key = "interface_damping",
     .unit = "N·s/m",
     .help = "D_i of the interface force law; angular a tenth in N·m·s/rad",
     .access = number<S>([](auto& s) -> auto& { return s.contact.interface_damping; }),
     .range = closed(0.0, 1e12),
     .if_absent = "1e-4 s · interface_stiffness"},

    // [[messages]]: the signal mapping, as a DBC file describes frames; when given it replaces the
    // default mapping (config/hil/hilsim.dbc) wholly.
    {.section = "",
     .key = "messages",
     .unit = "",
     .help = "[[messages]]: the signal mapping (replaces config/hil/hilsim.dbc's)",
     .access = {.type = KeyType::kTables, .read_tables = read_messages, .write_tables = write_messages}},
};

using Thread = rt::ThreadOverride;

const std::vector<KeyRow<Thread>> kThreadKeys = {
    {.section = "rt.thread.NAME",  // thread_section("NAME")
     .key = "cpu",
     .unit = "",
     .help = "CPU to pin the thread to",
     .access = integer<Thread>([](auto& t) -> auto& { return t.cpu; }),
     .range = closed(-1, 1023),
     .note = "(-1 = the default)",
     .if_absent = "rt.cpu_mech or rt.cpu_hyd"},
    {.section = "rt.thread.NAME",
     .key = "priority",
     .unit = "",
     .help = "its SCHED_FIFO priority",
     .access = integer<Thread>([](auto& t) -> auto& { return t.priority; }),
     .range = closed(1, 99),
     .note = "(SCHED_FIFO priority)",
     .unset = -1.0,
     .if_absent = "rt.priority_mech or rt.priority_hyd"},
    {.section = "rt.thread.NAME",
     .key = "subsystems",
     .unit = "",
     .help =
         "NAME is a thread that steps these subsystems in turn, each cycle (same micro step and schedule, "
         "no exchange between them; docs/realtime.md)",
     .access = names<Thread>([](auto& t) -> auto& { return t.subsystems; }),
     .if_absent = "NAME is one subsystem's thread; a run of more than 4 subsystems groups its hydraulics"},
};

using Message = hil::MessageSpec;

const std::vector<KeyRow<Message>> kMessageKeys = {
    {.section = "messages", .key = "name", .unit = "", .help = "a C identifier", .access = text<Message>([
                                                                                 ](auto& m) -> auto& {
                                                                                   return m.name;
                                                                                 })},
    {.section = "messages",
     .key = "id",
     .unit = "",
     .help = "the CAN identifier: 11-bit [0, 0x7FF], or 29-bit with extended = true",
     .access = integer<Message>([](auto& m) -> auto& { return m.id; }),
     .range = closed(0, 0x1FFFFFFF),
     .required = true},
    {.section = "messages",
     .key = "extended",
     .unit = "",
     .help = "a 29-bit identifier",
     .access = boolean<Message>([](auto& m) -> auto& { return m.extended; })},
    {.section = "messages",
     .key = "length",
     .unit = "bytes",
     .help = "of the frame",
     .access = integer<Message>([](auto& m) -> auto& { return m.length; }),
     .range = closed(0, 8)},
    {.section = "messages",
     .key = "direction",
     .unit = "",
     .help = "command: received by hilsim; sensor: sent by hilsim",
     .access = {.type = KeyType::kWord,
                .get =
                    [](const Message& m) {
                      return Value(std::string(m.sender == kHilsimNode ? "sensor" : "command"));
                    },
                .set =
                    [](Message& m, const Value& v, const KeyContext&) {
                      m.sender = std::get<std::string>(v) == "sensor" ? kHilsimNode : kControllerNode;
                    },
                .words = {"command", "sensor"}},
     .required = true},
    {.section = "messages",
     .key = "signals",
     .unit = "",
     .help = "[[messages.signals]]: the message's signals",
     .access = {.type = KeyType::kTables, .read_tables = read_signals, .write_tables = write_signals}},
};

using Signal = hil::SignalSpec;

// Their ranges, which depend on the frame and the signal's name, are hil::validate_messages'.
const std::vector<KeyRow<Signal>> kSignalKeys = {
    {.section = "messages.signals",
     .key = "name",
     .unit = "",
     .help = "what the signal carries (the names below the reference)",
     .access = text<Signal>([](auto& g) -> auto& { return g.name; })},
    {.section = "messages.signals",
     .key = "start_bit",
     .unit = "",
     .help = "DBC numbering (big endian: the most significant bit)",
     .access = integer<Signal>([](auto& g) -> auto& { return g.start_bit; }),
     .range_text = "inside the frame",
     .required = true},
    {.section = "messages.signals",
     .key = "length",
     .unit = "bits",
     .help = "of the raw value",
     .access = integer<Signal>([](auto& g) -> auto& { return g.length; }),
     .range_text = "[1, 64], inside the frame",
     .required = true},
    {.section = "messages.signals",
     .key = "byte_order",
     .unit = "",
     .help = "little_endian (Intel, @1) or big_endian (Motorola, @0)",
     .access = choice<Signal, kByteOrders>([](auto& g) -> auto& { return g.byte_order; })},
    {.section = "messages.signals",
     .key = "signed",
     .unit = "",
     .help = "the raw value in two's complement",
     .access = boolean<Signal>([](auto& g) -> auto& { return g.is_signed; })},
    {.section = "messages.signals",
     .key = "scale",
     .unit = "",
     .help = "physical = raw · scale + offset",
     .access = number<Signal>([](auto& g) -> auto& { return g.scale; }),
     .range_text = "finite, non-zero"},
    {.section = "messages.signals",
     .key = "offset",
     .unit = "",
     .help = "physical = raw · scale + offset",
     .access = number<Signal>([](auto& g) -> auto& { return g.offset; })},
    {.section = "messages.signals",
     .key = "min",
     .unit = "",
     .help = "physical range: commands outside it are clamped or rejected (hil.out_of_range)",
     .access = number<Signal>([](auto& g) -> auto& { return g.min; }),
     .range_text = "≤ max; kappa_k: [min, max] in [0, 1]; u_k: in [-1, 1]"},
    {.section = "messages.signals",
     .key = "max",
     .unit = "",
     .help = "physical range",
     .access = number<Signal>([](auto& g) -> auto& { return g.max; })},
    {.section = "messages.signals",
     .key = "unit",
     .unit = "",
     .help = "free text without '\"'",
     .access = text<Signal>([](auto& g) -> auto& { return g.unit; })},
};

}  // namespace

const std::vector<KeyRow<Scenario>>& scenario_keys() { return kScenarioKeys; }
const std::vector<KeyRow<rt::ThreadOverride>>& thread_keys() { return kThreadKeys; }
std::string thread_section(const std::string& name) { return "rt.thread." + name; }
const std::vector<KeyRow<hil::MessageSpec>>& message_keys() { return kMessageKeys; }
const std::vector<KeyRow<hil::SignalSpec>>& signal_keys() { return kSignalKeys; }

}  // namespace hilsim::scenario
