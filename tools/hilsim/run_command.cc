#include "tools/hilsim/run_command.h"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "sim/analysis/limit_report.h"
#include "sim/cosim/cosimulation.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/contact_run.h"
#include "tools/run/monolithic_run.h"
#include "tools/run/offline_run.h"
#include "tools/run/realtime_run.h"
#include "tools/scenario/plausibility.h"
#include "tools/scenario/setting_words.h"
#include "tools/scenario/telemetry_target.h"

namespace hilsim::tools {

void RunCommand::add_to(CLI::App& parent) {
  CLI::App* cmd =
      parent.add_subcommand("run", "Run one co-simulation (or monolithic simulation) of a scenario");
  flags.add_to(*cmd);
  cmd->add_option("--solver", solver, "cosim (default) or monolithic (the reference solver)")
      ->check(CLI::IsMember({"cosim", "monolithic"}));
  monolithic.add_to(*cmd, true);
  cmd->add_option(
         "--out", out,
         "Write the trajectory CSV here: t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2, then with 2 actuators "
         "s2,s2dot,p1_2,p2_2,fh_2,kappa_2, then dE,Ebal (co-simulation) or violC,newton_iterations "
         "(--solver monolithic); a machine file's: every body's theta, every cylinder's columns, dE,Ebal, "
         "its sensors (docs/machine.md)")
      ->check(non_empty_path());
  cmd->add_flag("--quiet", quiet, "Print only the figures: no progress, no live status line");
  auto* rt = cmd->add_flag("--realtime", realtime,
                           "Run in real-time threads ([rt] section) paced at wall-clock time");
  auto* th = cmd->add_flag("--threads", threads,
                           "Run in the same threads and exchange, unpaced (as fast as possible)");
  rt->excludes(th);
  cmd->add_option(
         "--input", input,
         "Where kappa comes from: script (the manoeuvre), udp (a controller's datagrams) or can (command "
         "frames and a J1939 joystick on [can] interface); udp and can need --realtime (or --threads, "
         "unpaced)")
      ->check(CLI::IsMember({"script", "udp", "can"}));
  cmd->add_option("--record", record,
                  "With --realtime/--threads: record every applied input, the effective config and the build "
                  "identity in FILE, for `hilsim replay`; with --input can also every CAN frame received, "
                  "in FILE.candump.log (candump -L format)")
      ->check(non_empty_path());
  cmd->add_option(
         "--events", events,
         "Write the run's events as CSV (t,kind,where,detail: limits, numerical faults, the threads' "
         "first overruns, CAN link outages), for `hilsim plot --events`")
      ->check(non_empty_path());
  cmd->add_option("--latency", latency,
                  "With --realtime/--threads: write every thread's wake-up latency and execution-time "
                  "histogram as CSV (thread,kind,lower_ns,upper_ns,count), for `hilsim plot --latency`")
      ->check(non_empty_path());
  cmd->add_option(
      "--telemetry", telemetry,
      "Stream the samples live to udp://HOST:PORT, one JSON object per datagram (PlotJuggler's UDP "
      "server, field timestamp), at [telemetry] rate_hz of simulated time; none for no stream "
      "(overrides [telemetry] target)");
  cmd->add_option("--contact-coupling", contact_coupling,
                  "With a [contact] task: monolithic, kinematics-force, model-force, kinematics-model or "
                  "model-model (overrides [contact] coupling)");
  cmd->add_option("--Ki", Ki,
                  "With a [contact] task: the interface stiffness K_i [N/m] (overrides [contact] "
                  "interface_stiffness; D_i then follows as 1e-4 s * K_i unless --Di is given)")
      ->check(positive_number());
  cmd->add_option("--Di", Di,
                  "With a [contact] task: the interface damping D_i [N*s/m] (overrides [contact] "
                  "interface_damping)")
      ->check(non_negative_number());
  cmd->add_flag("--require-rt", require_rt,
                "With --realtime/--threads: refuse to run (exit 2) unless memory locking, SCHED_FIFO and "
                "CPU pinning are all granted");
}

namespace {

// The co-simulation's own flags mean nothing to the monolithic solver: refused by name, not ignored.
void refuse_cosimulation_flags(const ScenarioFlags& f) {
  const std::pair<bool, const char*> flags[] = {
      {f.coupling.has_value(), "--coupling"},
      {f.scheme.has_value(), "--scheme"},
      {f.extrapolation.has_value(), "--extrapolation"},
      {f.rim_force.has_value(), "--rim-force"},
      {f.H.has_value(), "--H"},
      {f.h_hyd.has_value(), "--hH"},
      {f.h_mech.has_value(), "--hM"},
      {f.preview.has_value(), "--preview"},
      {f.mechanics.has_value(), "--mechanics"},
      {f.hydraulics_integrator.has_value(), "--hydraulics-integrator"},
  };
  for (const auto& [given, name] : flags) {
    if (given) {
      throw io::InputError(std::string(name) +
                           " sets the co-simulation; it has no effect with --solver monolithic "
                           "(its step is --h)");
    }
  }
}

// The crane's own flags mean nothing to a contact task: refused by name, not ignored. (--input and
// --reference are checked with the scenario: a contact task takes script and none.)
// A task in hydraulic mode takes its cylinders' κ, step and integrator from them (--manoeuvre, --hH,
// --hydraulics-integrator).
void refuse_crane_flags(const ScenarioFlags& f, const RunCommand& run, bool hydraulic) {
  const std::pair<bool, const char*> flags[] = {
      {f.manoeuvre.has_value() && !hydraulic, "--manoeuvre"},
      {f.coupling.has_value(), "--coupling"},
      {f.scheme.has_value(), "--scheme"},
      {f.extrapolation.has_value(), "--extrapolation"},
      {f.rim_force.has_value(), "--rim-force"},
      {f.actuators.has_value(), "--actuators"},
      {f.h_hyd.has_value() && !hydraulic, "--hH"},
      {f.preview.has_value(), "--preview"},
      {f.hydraulics_integrator.has_value() && !hydraulic, "--hydraulics-integrator"},
      {f.mechanics.has_value(), "--mechanics"},
      {f.limits.has_value(), "--limits"},
      {run.solver.has_value(), "--solver"},
      {run.record.has_value() && !hydraulic, "--record"},
      {run.telemetry.has_value(), "--telemetry"},
      {run.monolithic.h.has_value(), "--h"},
      {run.monolithic.valve_sampling.has_value(), "--valve-sampling"},
      {run.monolithic.convergence.has_value(), "--newton"},
  };
  for (const auto& [given, name] : flags) {
    if (given) {
      throw io::InputError(std::string(name) +
                           " sets the crane's manoeuvre or hydraulics; it has no effect on a [contact] task "
                           "(its options: --contact-coupling, --Ki, --Di, --H, --hM, --duration; in "
                           "hydraulic mode --manoeuvre, --hH, --hydraulics-integrator, --record too)");
    }
  }
}

}  // namespace

void RunCommand::refuse_offline_misuse(const scenario::Scenario& s) const {
  if (realtime || threads) return;
  if (require_rt) throw io::InputError("--require-rt needs --realtime or --threads");
  if (record) {
    throw io::InputError(
        "--record needs --realtime or --threads (an offline run has no outside inputs to record)");
  }
  if (latency)
    throw io::InputError("--latency needs --realtime or --threads (an offline run has no threads)");
  if (s.hil.input != hil::InputSource::kScript) {
    throw io::InputError(s.source + ": [hil] input = \"" + hil::to_string(s.hil.input) +
                         "\" takes commands from outside: run it with --realtime (or --threads)");
  }
}

void RunCommand::apply_contact_flags(scenario::Scenario& s) const {
  if (!s.contact.task) {
    const char* given = contact_coupling ? "--contact-coupling" : Ki ? "--Ki" : Di ? "--Di" : nullptr;
    if (given)
      throw io::InputError(std::string(given) + " sets a contact task's coupling; " + s.source +
                           " has no [contact] task");
    return;
  }
  if (contact_coupling) {
    const auto* c = scenario::choice_of(scenario::kContactCouplings, *contact_coupling);
    if (!c) {
      throw io::InputError("--contact-coupling '" + *contact_coupling +
                           "' is not one of: " + scenario::word_list(scenario::kContactCouplings));
    }
    s.contact.coupling = *c;
  }
  if (Ki) {
    s.contact.interface_stiffness = *Ki;
    if (!Di) s.contact.interface_damping.reset();  // 1e-4 s · K_i
  }
  if (Di) s.contact.interface_damping = *Di;
  std::vector<std::pair<const char*, const char*>> set;
  if (contact_coupling) set.emplace_back("contact.coupling", "--contact-coupling");
  if (Ki) set.emplace_back("contact.interface_stiffness", "--Ki");
  if (Di) set.emplace_back("contact.interface_damping", "--Di");
  try {
    scenario::validate(s);
  } catch (const io::InputError& e) {
    throw io::InputError(naming_flags(e.what(), set));
  }
}

// A scenario with a [contact] task (contact_run.h): the crane's own flags and the live telemetry
// refused, the outputs checked against the inputs.
int RunCommand::execute_contact(const scenario::Scenario& s) const {
  refuse_crane_flags(flags, *this, s.contact.mode == scenario::ContactMode::kHydraulic);
  if (events || latency)
    throw io::InputError(std::string(events ? "--events" : "--latency") +
                         ": a contact task's run writes none yet");
  refuse_offline_misuse(s);
  std::vector<std::pair<std::string, std::string>> outputs;
  if (s.out) outputs.emplace_back(*s.out, "--out");
  if (record) outputs.emplace_back(*record, "the recording (--record)");
  refuse_outputs_over_inputs(s, flags.scenario_path, outputs);
  if (!s.telemetry.target.empty()) {
    throw io::InputError(s.source +
                         ": the live telemetry ([telemetry] target) streams the crane's samples; a contact "
                         "task has no stream yet");
  }
  return execute_contact_run(s, ContactRunFlags{threads, realtime, require_rt, record});
}

int RunCommand::execute_monolithic(scenario::Scenario& s) const {
  if (realtime || threads)
    throw io::InputError("--realtime and --threads run the co-simulation, not --solver monolithic");
  if (!s.telemetry.target.empty()) {
    throw io::InputError(s.source +
                         ": the live telemetry (--telemetry, [telemetry] target) streams the "
                         "co-simulation's samples; --solver monolithic has no stream (use --telemetry none)");
  }
  refuse_cosimulation_flags(flags);
  if (s.cosim.limits.enabled) {
    throw io::InputError(s.source +
                         ": the monolithic reference solver models no machine limits; "
                         "set limits.enabled = false (or --limits off)");
  }
  if (s.crane.actuators != 1) {
    throw io::InputError(s.source +
                         ": the monolithic solver integrates the single-actuated crane ([crane] "
                         "actuators = 1); run two actuators as a co-simulation");
  }
  monolithic.apply(s);
  return execute_monolithic_run(s, quiet);
}

int RunCommand::execute() const {
  ScenarioFlags with_input = flags;
  with_input.contact_runs = true;
  if (input) {
    with_input.input = *input == "udp"   ? hil::InputSource::kUdp
                       : *input == "can" ? hil::InputSource::kCan
                                         : hil::InputSource::kScript;
  }
  scenario::Scenario s = with_input.resolve();
  if (out) s.out = *out;
  apply_contact_flags(s);
  for (const std::string& line : scenario::implausible_values(s))
    std::fprintf(stderr, "hilsim run: warning: %s\n", line.c_str());
  for (const std::string& line : scenario::settings_without_effect(s))
    std::fprintf(stderr, "hilsim run: warning: %s\n", line.c_str());
  if (s.contact.task) return execute_contact(s);
  if (solver) s.solver = scenario::parse_solver(*solver, "--solver");
  if (telemetry) {
    if (*telemetry != "none") scenario::parse_telemetry_target(*telemetry, "--telemetry");
    s.telemetry.target = *telemetry == "none" ? "" : *telemetry;
  }
  std::vector<std::pair<std::string, std::string>> outputs;
  if (s.out) outputs.emplace_back(*s.out, "--out");
  if (record) outputs.emplace_back(*record, "the recording (--record)");
  if (events) outputs.emplace_back(*events, "--events");
  if (latency) outputs.emplace_back(*latency, "--latency");
  refuse_outputs_over_inputs(s, flags.scenario_path, outputs);
  if (s.solver == scenario::Solver::kMonolithic) {
    if (events || latency)
      throw io::InputError(std::string(events ? "--events" : "--latency") +
                           " goes with a co-simulation; the monolithic solver writes none");
    return execute_monolithic(s);
  }
  if (monolithic.h)
    throw io::InputError("--h sets the monolithic step; with --solver cosim use --H and --hH");
  if (monolithic.valve_sampling || monolithic.convergence) {
    throw io::InputError(std::string(monolithic.valve_sampling ? "--valve-sampling" : "--newton") +
                         " sets the monolithic solver; it has no effect with --solver cosim");
  }
  flags.refuse_flags_of_other_couplings(s.cosim.coupling);
  refuse_offline_misuse(s);
  const RunInputs in = prepare_run(s);
  const std::optional<sim::ReferenceCurve> reference = load_reference(s);
  print_run_header(s, *in.model, in.equilibrium);
  if (realtime || threads)
    return run_in_threads(s, in, reference,
                          RealtimeOptions{realtime, require_rt, record, quiet, events, latency});
  return run_offline(s, in, reference, quiet, events);
}

}  // namespace hilsim::tools
