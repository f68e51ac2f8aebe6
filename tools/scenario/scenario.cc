#include "tools/scenario/scenario.h"

#include <toml++/toml.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "sim/cosim/crane_plan.h"
#include "sim/cosim/subsystem.h"
#include "tools/io/bounded_read.h"
#include "tools/io/input_error.h"
#include "tools/scenario/can_section.h"
#include "tools/scenario/hil_section.h"
#include "tools/scenario/limits_section.h"
#include "tools/scenario/messages_section.h"
#include "tools/scenario/table_reader.h"
#include "tools/scenario/telemetry_section.h"

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

sim::Coupling parse_coupling(const std::string& text, const std::string& what) {
  if (text == "fs") return sim::Coupling::kForceDisplacement;
  if (text == "ps") return sim::Coupling::kPressureDisplacement;
  if (text == "rim") return sim::Coupling::kReducedInterface;
  if (text == "twoway") return sim::Coupling::kTwoWay;
  throw InputError(what + ": coupling '" + text + "' is not one of: fs, ps, rim, twoway");
}

sim::KappaPreview parse_preview(const std::string& text, const std::string& what) {
  if (text == "none") return sim::KappaPreview::kNone;
  if (text == "script") return sim::KappaPreview::kScript;
  throw InputError(what + ": preview '" + text + "' is not one of: none, script");
}

sim::CosimScheme parse_scheme(const std::string& text, const std::string& what) {
  if (text == "jacobi") return sim::CosimScheme::kJacobi;
  if (text == "gauss-seidel-mech-first") return sim::CosimScheme::kGaussSeidelMechanicsFirst;
  if (text == "gauss-seidel-hyd-first") return sim::CosimScheme::kGaussSeidelHydraulicsFirst;
  throw InputError(what + ": scheme '" + text +
                   "' is not one of: jacobi, gauss-seidel-mech-first, gauss-seidel-hyd-first");
}

sim::Extrapolation parse_extrapolation(const std::string& text, const std::string& what) {
  if (text == "zoh") return sim::Extrapolation::kZeroOrderHold;
  if (text == "linear") return sim::Extrapolation::kLinear;
  if (text == "quadratic") return sim::Extrapolation::kQuadratic;
  throw InputError(what + ": extrapolation '" + text + "' is not one of: zoh, linear, quadratic");
}

sim::RimForce parse_rim_force(const std::string& text, const std::string& what) {
  if (text == "end") return sim::RimForce::kEndOfStep;
  if (text == "average") return sim::RimForce::kAverage;
  throw InputError(what + ": RIM force '" + text + "' is not one of: end, average");
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
  for (auto f : {sim::MechanicsFormulation::kIndependent, sim::MechanicsFormulation::kAli1,
                 sim::MechanicsFormulation::kAli3P}) {
    if (text == sim::to_string(f)) return f;
  }
  throw InputError(what + ": mechanics '" + text + "' is not one of: independent, ali1, ali3p");
}

sim::HydraulicIntegrator parse_hydraulic_integrator(const std::string& text, const std::string& what) {
  for (auto m : {sim::HydraulicIntegrator::kForwardEuler, sim::HydraulicIntegrator::kRungeKutta4,
                 sim::HydraulicIntegrator::kTrapezoidal}) {
    if (text == sim::to_string(m)) return m;
  }
  throw InputError(what + ": hydraulic integrator '" + text + "' is not one of: euler, rk4, trapezoidal");
}

Solver parse_solver(const std::string& text, const std::string& what) {
  if (text == "cosim") return Solver::kCosim;
  if (text == "monolithic") return Solver::kMonolithic;
  throw InputError(what + ": solver '" + text + "' is not one of: cosim, monolithic");
}

sim::ValveSampling parse_valve_sampling(const std::string& text, const std::string& what) {
  if (text == "step_start") return sim::ValveSampling::kStepStart;
  if (text == "step_end") return sim::ValveSampling::kStepEnd;
  throw InputError(what + ": '" + text + "' is not one of: step_start, step_end");
}

sim::NewtonConvergence parse_newton_convergence(const std::string& text, const std::string& what) {
  if (text == "residual") return sim::NewtonConvergence::kResidual;
  if (text == "update") return sim::NewtonConvergence::kUpdate;
  throw InputError(what + ": '" + text + "' is not one of: residual, update");
}

std::string to_string(sim::ValveSampling v) {
  return v == sim::ValveSampling::kStepStart ? "step_start" : "step_end";
}

std::string to_string(sim::NewtonConvergence c) {
  return c == sim::NewtonConvergence::kResidual ? "residual" : "update";
}

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

std::string resolve(const fs::path& base, const std::string& path) {
  if (path.empty()) return path;
  const fs::path p(path);
  return p.is_absolute() ? p.string() : (base / p).lexically_normal().string();
}

// [rt.thread.NAME]: the CPU and priority of one subsystem's thread.
void load_rt_threads(const std::string& path, const toml::table& root, rt::RtSettings& r) {
  const toml::node* node = root.at_path("rt.thread").node();
  if (!node) return;
  const toml::table* threads = node->as_table();
  if (!threads)
    throw InputError(path + ":" + std::to_string(node->source().begin.line) +
                     ": 'rt.thread' must be a table");
  for (const auto& [key, value] : *threads) {
    const std::string name(key.str());
    if (std::find(sim::kCraneSubsystemNames.begin(), sim::kCraneSubsystemNames.end(), name) ==
        sim::kCraneSubsystemNames.end()) {
      throw InputError(path + ":" + std::to_string(value.source().begin.line) + ": [rt.thread." + name +
                       "] names no subsystem (one of: mechanics, hydraulics, hydraulics_2, rim_hydraulics)");
    }
    TableReader t(path, *threads, name, "rt.thread." + name);
    rt::ThreadOverride o;
    t.integer("cpu", o.cpu);
    t.integer("priority", o.priority);
    t.reject_unknown();
    r.threads[name] = o;
  }
}

// [rt]: CPUs, priorities, scheduler, overrun policy, telemetry decimation, stack size.
void load_rt_section(const std::string& path, const toml::table& root, rt::RtSettings& r) {
  TableReader t(path, root, "rt");
  std::int64_t cpu_mech = r.others.cpu, cpu_hyd = r.fastest.cpu;
  std::int64_t priority_mech = r.others.priority, priority_hyd = r.fastest.priority;
  std::int64_t stack_kib = static_cast<std::int64_t>(r.others.stack_bytes / 1024);
  std::int64_t priority_io = r.io_priority;
  std::string scheduler = "fifo", overrun = rt::to_string(r.overrun_policy);
  t.integer("cpu_mech", cpu_mech);
  t.integer("cpu_hyd", cpu_hyd);
  t.integer("priority_mech", priority_mech);
  t.integer("priority_hyd", priority_hyd);
  t.integer("priority_io", priority_io);
  t.string("scheduler", scheduler);
  t.string("overrun", overrun);
  t.integer("telemetry_decimation", r.telemetry_decimation);
  t.integer("stack_kib", stack_kib);
  t.reject_unknown({"thread"});
  load_rt_threads(path, root, r);
  const auto one_of = [&](const std::string& key, const std::string& value, const std::string& accepted) {
    return InputError(path + ": key 'rt." + key + "' = '" + value + "' is not one of: " + accepted);
  };
  rt::Scheduler policy = rt::Scheduler::kFifo;
  if (scheduler == "other") {
    policy = rt::Scheduler::kOther;
  } else if (scheduler != "fifo") {
    throw one_of("scheduler", scheduler, "fifo, other");
  }
  if (overrun == "catch-up") {
    r.overrun_policy = rt::OverrunPolicy::kCatchUp;
  } else if (overrun == "skip") {
    r.overrun_policy = rt::OverrunPolicy::kSkip;
  } else if (overrun == "stop") {
    r.overrun_policy = rt::OverrunPolicy::kStop;
  } else {
    throw one_of("overrun", overrun, "catch-up, skip, stop");
  }
  // Out-of-range integers are kept (clamped to int) for validate() to name with their range.
  const auto to_int = [](std::int64_t v) {
    return static_cast<int>(std::clamp<std::int64_t>(v, -100000, 100000));
  };
  for (rt::ThreadConfig* thread : {&r.others, &r.fastest}) {
    thread->scheduler = policy;
    thread->stack_bytes = static_cast<std::size_t>(std::clamp<std::int64_t>(stack_kib, 0, 1 << 30)) * 1024;
  }
  r.others.cpu = to_int(cpu_mech);
  r.fastest.cpu = to_int(cpu_hyd);
  r.others.priority = to_int(priority_mech);
  r.fastest.priority = to_int(priority_hyd);
  r.io_priority = to_int(priority_io);
}

}  // namespace

namespace {

Scenario load_from_table(const toml::table& root, const std::string& path, const fs::path& base,
                         const std::string& name);

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

namespace {

Scenario load_from_table(const toml::table& root, const std::string& path, const fs::path& base,
                         const std::string& name) {
  Scenario s;
  s.source = path;
  s.name = name;

  TableReader top(path, root, "");
  top.string("name", s.name);
  top.reject_unknown({"run", "cosim", "manoeuvre", "crane", "hydraulics", "rt", "monolithic", "hil", "udp",
                      "can", "messages", "limits", "telemetry"});

  TableReader run(path, root, "run");
  run.number("duration", s.cosim.duration);
  std::string reference, out, solver = "cosim";
  run.string("reference", reference);
  run.string("out", out);
  run.string("solver", solver);
  run.reject_unknown();
  s.solver = parse_solver(solver, path + ": key 'run.solver'");
  if (reference == "none") {
    s.reference.reset();  // as --reference none: nothing to compare with (a live run, a new rig)
  } else if (!reference.empty()) {
    s.reference = resolve(base, reference);
  }
  if (!out.empty()) s.out = resolve(base, out);

  TableReader cosim(path, root, "cosim");
  std::string coupling = std::string(sim::to_string(s.cosim.coupling)), scheme = "jacobi";
  std::string extrapolation = "zoh", rim_force = "average";
  std::string preview = s.cosim.preview == sim::KappaPreview::kScript ? "script" : "none";
  if (root.at_path("cosim.h_M") && root.at_path("cosim.h_mech")) {
    throw InputError(path + ": keys 'cosim.h_M' and 'cosim.h_mech' name the same mechanics step; give one");
  }
  std::string hydraulics_integrator(sim::to_string(s.cosim.hydraulics_integrator));
  std::string mechanics(sim::to_string(s.cosim.mechanics));
  cosim.string("coupling", coupling);
  cosim.string("scheme", scheme);
  cosim.string("extrapolation", extrapolation);
  cosim.string("rim_force", rim_force);
  cosim.number("H", s.cosim.H);
  cosim.number("h_M", s.cosim.h_mech);
  cosim.number("h_mech", s.cosim.h_mech);  // the key's former name, still read
  cosim.string("preview", preview);
  cosim.number("h_hyd", s.cosim.h_hyd);
  cosim.string("hydraulics_integrator", hydraulics_integrator);
  cosim.string("mechanics", mechanics);
  cosim.reject_unknown();
  s.cosim.mechanics = parse_mechanics(mechanics, path + ": key 'cosim.mechanics'");
  s.cosim.hydraulics_integrator =
      parse_hydraulic_integrator(hydraulics_integrator, path + ": key 'cosim.hydraulics_integrator'");
  s.cosim.coupling = parse_coupling(coupling, path + ": key 'cosim.coupling'");
  s.cosim.scheme = parse_scheme(scheme, path + ": key 'cosim.scheme'");
  s.cosim.extrapolation = parse_extrapolation(extrapolation, path + ": key 'cosim.extrapolation'");
  s.cosim.rim_force = parse_rim_force(rim_force, path + ": key 'cosim.rim_force'");
  s.cosim.preview = parse_preview(preview, path + ": key 'cosim.preview'");
  if (root.at_path("cosim.preview")) s.preview_setting = s.cosim.preview;

  TableReader mono(path, root, "monolithic");
  std::string valve_sampling = to_string(s.monolithic.valve_sampling);
  std::string convergence = to_string(s.monolithic.convergence);
  mono.number("h", s.monolithic.h);
  mono.number("alpha", s.monolithic.alpha);
  mono.number("tolerance", s.monolithic.tolerance);
  mono.string("convergence", convergence);
  mono.integer("projections", s.monolithic.projections);
  mono.integer("max_iterations", s.monolithic.max_iterations);
  mono.string("valve_sampling", valve_sampling);
  mono.reject_unknown();
  s.monolithic.valve_sampling =
      parse_valve_sampling(valve_sampling, path + ": key 'monolithic.valve_sampling'");
  s.monolithic.convergence = parse_newton_convergence(convergence, path + ": key 'monolithic.convergence'");

  TableReader man(path, root, "manoeuvre");
  std::string kind = "M1", file;
  man.string("kind", kind);
  man.string("file", file);
  man.number("t_a", s.manoeuvre.m1.t_a);
  man.number("t_b", s.manoeuvre.m1.t_b);
  man.number("t_r", s.manoeuvre.m1.t_r);
  man.number("frequency", s.manoeuvre.m2.frequency);
  man.number("amplitude", s.manoeuvre.m2.amplitude);
  man.reject_unknown();
  if (kind == "M1") {
    s.manoeuvre.kind = ManoeuvreKind::kM1;
  } else if (kind == "M2") {
    s.manoeuvre.kind = ManoeuvreKind::kM2;
  } else if (kind == "table") {
    s.manoeuvre.kind = ManoeuvreKind::kTable;
    if (file.empty()) throw InputError(path + ": key 'manoeuvre.file' is required with kind = \"table\"");
    s.manoeuvre.table_path = resolve(base, file);
  } else {
    throw InputError(path + ": key 'manoeuvre.kind' = '" + kind + "' is not one of: M1, M2, table");
  }

  TableReader crane(path, root, "crane");
  crane.number("L", s.crane.L);
  crane.number("L_h", s.crane.L_h);
  crane.number("m", s.crane.m);
  crane.number("m_p", s.crane.m_p);
  crane.number("m_h", s.crane.m_h);
  crane.number("x_B", s.crane.x_B);
  crane.number("y_B", s.crane.y_B);
  crane.number("g", s.crane.g);
  crane.number("theta1_0", s.crane.theta1_0);
  crane.number("theta2_0", s.crane.theta2_0);
  double actuators = s.crane.actuators;
  crane.number("actuators", actuators);
  if (actuators != 1.0 && actuators != 2.0) {
    throw InputError(path + ": key 'crane.actuators' = " + std::to_string(actuators) +
                     " is not one of: 1, 2");
  }
  s.crane.actuators = static_cast<int>(actuators);
  crane.reject_unknown();

  TableReader hyd(path, root, "hydraulics");
  hyd.number("a_p", s.hydraulics.a_p);
  hyd.number("l", s.hydraulics.l);
  hyd.number("c", s.hydraulics.c);
  hyd.number("c_d", s.hydraulics.c_d);
  hyd.number("rho", s.hydraulics.rho);
  hyd.number("p_P", s.hydraulics.p_P);
  hyd.number("p_T", s.hydraulics.p_T);
  hyd.number("a", s.hydraulics.a);
  hyd.number("b", s.hydraulics.b);
  hyd.number("a_valve", s.hydraulics.a_valve);
  hyd.reject_unknown();

  load_rt_section(path, root, s.rt);
  load_hil_sections(path, root, s.hil, s.udp);
  load_can_section(path, root, s.can);
  s.hil.messages = load_messages(path, root);
  load_limits_section(path, root, s.cosim.limits, s.limits_setting);
  resolve_limits(s);
  resolve_preview(s);
  load_telemetry_section(path, root, s.telemetry);
  return s;
}

}  // namespace

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

// The steps a run can take and finish. Below 0.1 µs a step is no longer a time the real-time loops
// (integer nanoseconds) or the time stamps k·h of a long run keep distinct; past 1e11 micro steps a
// run takes more than a day; past 1e9 communication points its rows fill any disk.
constexpr double kMinStep = 1e-7;                // [s]
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

void check_step_counts(const Scenario& s) {
  const double T = s.cosim.duration;
  if (s.solver == Solver::kMonolithic) {
    check_count(s.source, "monolithic.h", T / s.monolithic.h, kMaxMicroSteps, "steps");
    return;
  }
  check_count(s.source, "cosim.H", T / s.cosim.H, kMaxCommunicationPoints, "communication points");
  check_count(s.source, "cosim.h_hyd", T / s.cosim.h_hyd, kMaxMicroSteps, "hydraulic steps");
  if (s.cosim.h_mech > 0.0)
    check_count(s.source, "cosim.h_M", T / s.cosim.h_mech, kMaxMicroSteps, "mechanics steps");
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

}  // namespace

void validate(const Scenario& s) {
  const RangeCheck check{s.source};
  constexpr double inf = INFINITY;
  check("run.duration", s.cosim.duration, 0.0, 1e6, true, false, "s");
  check("cosim.H", s.cosim.H, kMinStep, 10.0, false, false, "s");
  check("cosim.h_hyd", s.cosim.h_hyd, kMinStep, 10.0, false, false, "s");
  if (s.cosim.h_mech != 0.0)
    check("cosim.h_M", s.cosim.h_mech, kMinStep, 10.0, false, false, "s (0 = same as H)");
  try {
    sim::steps_per_macro_step(s.cosim.H, s.cosim.h_hyd, "cosim.h_hyd");
    if (s.cosim.h_mech > 0.0) sim::steps_per_macro_step(s.cosim.H, s.cosim.h_mech, "cosim.h_M");
  } catch (const std::invalid_argument& e) {
    throw InputError(s.source + ": " + e.what());
  }
  check_step_counts(s);
  if (s.solver == Solver::kCosim && s.cosim.duration < s.cosim.H) {
    std::ostringstream msg;
    msg << s.source << ": key 'run.duration' = " << s.cosim.duration
        << " s is shorter than one macro step H = " << s.cosim.H << " s";
    throw InputError(msg.str());
  }
  const auto& mono = s.monolithic;
  check("monolithic.h", mono.h, kMinStep, 10.0, false, false, "s");
  check("monolithic.alpha", mono.alpha, 0.0, inf, true, true, "");
  check("monolithic.tolerance", mono.tolerance, 0.0, inf, true, true, "");
  check("monolithic.projections", mono.projections, 0, 100, false, false, "");
  check("monolithic.max_iterations", mono.max_iterations, 1, 1000, false, false, "");
  if (s.solver == Solver::kMonolithic && s.cosim.duration < mono.h) {
    std::ostringstream msg;
    msg << s.source << ": key 'run.duration' = " << s.cosim.duration
        << " s is shorter than one monolithic step h = " << mono.h << " s";
    throw InputError(msg.str());
  }
  // Combinations the co-simulation does not offer.
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
                     "seed 004 eq. 39-40)");
  }
  validate_twoway(s);
  const auto& m1 = s.manoeuvre.m1;
  check("manoeuvre.t_r", m1.t_r, 0.0, inf, true, true, "s");
  check("manoeuvre.t_a", m1.t_a, 0.0, inf, false, true, "s");
  check("manoeuvre.t_b", m1.t_b, m1.t_a + m1.t_r, inf, true, true, "s (must follow t_a + t_r)");
  check("manoeuvre.frequency", s.manoeuvre.m2.frequency, 0.0, inf, true, true, "Hz");
  check("manoeuvre.amplitude", s.manoeuvre.m2.amplitude, 0.0, 1.0, false, false, "");

  const auto& c = s.crane;
  check("crane.L", c.L, 0.0, inf, true, true, "m");
  check("crane.L_h", c.L_h, 0.0, inf, true, true, "m");
  check("crane.m", c.m, 0.0, inf, false, true, "kg");
  check("crane.m_p", c.m_p, 0.0, inf, false, true, "kg");
  check("crane.m_h", c.m_h, 0.0, inf, true, true, "kg");
  check("crane.x_B", c.x_B, -inf, inf, true, true, "m");
  check("crane.y_B", c.y_B, -inf, inf, true, true, "m");
  check("crane.g", c.g, 0.0, inf, false, true, "m/s² (magnitude, acting along −y)");
  check("crane.theta1_0", c.theta1_0, -inf, inf, true, true, "rad");
  check("crane.theta2_0", c.theta2_0, -inf, inf, true, true, "rad");

  const auto& h = s.hydraulics;
  check("hydraulics.a_p", h.a_p, 0.0, inf, true, true, "m²");
  check("hydraulics.l", h.l, 0.0, inf, true, true, "m");
  check("hydraulics.c", h.c, 0.0, inf, false, true, "N·s/m");
  check("hydraulics.c_d", h.c_d, 0.0, inf, true, true, "");
  check("hydraulics.rho", h.rho, 0.0, inf, true, true, "kg/m³");
  check("hydraulics.p_T", h.p_T, 0.0, inf, false, true, "Pa");
  check("hydraulics.p_P", h.p_P, h.p_T, inf, true, true, "Pa (must exceed p_T)");
  check("hydraulics.a", h.a, 0.0, inf, true, true, "1/Pa");
  check("hydraulics.b", h.b, -inf, inf, true, true, "1/Pa²");
  check("hydraulics.a_valve", h.a_valve, 0.0, inf, true, true, "m²");

  const rt::RtSettings& r = s.rt;
  check("rt.cpu_mech", r.others.cpu, -1, 1023, false, false, "(-1 = not pinned)");
  check("rt.cpu_hyd", r.fastest.cpu, -1, 1023, false, false, "(-1 = not pinned)");
  check("rt.priority_mech", r.others.priority, 1, 99, false, false, "(SCHED_FIFO priority)");
  check("rt.priority_hyd", r.fastest.priority, 1, 99, false, false, "(SCHED_FIFO priority)");
  check("rt.priority_io", r.io_priority, 0, 99, false, false, "(SCHED_FIFO priority; 0 = SCHED_OTHER)");
  check("rt.telemetry_decimation", static_cast<double>(r.telemetry_decimation), 1, 1e6, false, false, "");
  for (const auto& [name, o] : r.threads) {
    check("rt.thread." + name + ".cpu", o.cpu, -1, 1023, false, false, "(-1 = the default)");
    if (o.priority != -1)
      check("rt.thread." + name + ".priority", o.priority, 1, 99, false, false, "(SCHED_FIFO priority)");
  }
  check("rt.stack_kib", static_cast<double>(r.others.stack_bytes / 1024), rt::kMinStackBytes / 1024,
        rt::kMaxStackBytes / 1024, false, false, "KiB");
  validate_hil(s.source, s.hil, s.udp, s.crane.actuators);
  validate_can(s.source, s.can);
  if (s.hil.input == hil::InputSource::kCan && s.can.e2e == hil::E2EMode::kCounterCrc8) {
    try {
      hil::required_e2e_layouts(hil::command_messages(hil::effective_messages(s.hil, s.crane.actuators)));
    } catch (const std::invalid_argument& e) {
      throw InputError(s.source + ": key 'can.e2e': " + e.what());
    }
  }
  validate_limits(s.source, s.cosim.limits, s.crane, s.hydraulics);
  validate_telemetry(s.source, s.telemetry);
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

}  // namespace hilsim::scenario
