#include "tools/hilsim/run_command.h"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "sim/analysis/limit_report.h"
#include "sim/cosim/cosimulation.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/contact_run.h"
#include "tools/hilsim/monolithic_run.h"
#include "tools/hilsim/realtime_run.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/io/trajectory_files.h"
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

void print_deviation(const scenario::Scenario& s, const sim::ReferenceCurve& reference,
                     const std::vector<sim::Sample>& samples) {
  const sim::TrajectoryDeviation d = sim::compare_with_reference(samples, reference);
  std::printf("against %s (%zu points):\n", s.reference->c_str(), d.points_compared);
  std::printf("  max |ds1|  = %.6e m  at t = %.6g s\n", d.s1.value, d.s1.t);
  std::printf("  max |dp1|  = %.6e Pa at t = %.6g s\n", d.p1.value, d.p1.t);
  if (!reference.p2.empty()) std::printf("  max |dp2|  = %.6e Pa at t = %.6g s\n", d.p2.value, d.p2.t);
  std::printf("  max |dfh|  = %.6e N  at t = %.6g s\n", d.f_h.value, d.f_h.t);
}

std::unique_ptr<io::TelemetryStream> open_telemetry(const scenario::Scenario& s,
                                                    const io::TrajectoryColumns& columns) {
  if (s.telemetry.target.empty()) return nullptr;
  const sockaddr_in target =
      scenario::parse_telemetry_target(s.telemetry.target, s.source + ": key 'telemetry.target'");
  auto stream =
      std::make_unique<io::TelemetryStream>(target, s.telemetry.target, s.telemetry.rate_hz, columns);
  std::printf(
      "telemetry: streaming to %s at %g Hz of simulated time (JSON, one object per datagram, time in field "
      "\"timestamp\")\n",
      s.telemetry.target.c_str(), s.telemetry.rate_hz);
  return stream;
}

void print_output_sha256(const std::string& sha, const std::string& where) {
  std::printf("output sha256: %s  %s\n", sha.c_str(), where.c_str());
}

void report_trajectory_csv(const io::TrajectoryCsvWriter::Written& written, const std::string& path) {
  std::printf("trajectory: %lld rows written to %s\n", static_cast<long long>(written.rows), path.c_str());
  if (written.sha256.empty()) {
    std::printf("output sha256: none (%s is not a regular file of its own)\n", path.c_str());
  } else {
    print_output_sha256(written.sha256, path);
  }
}

std::string write_trajectory_csv(const std::string& path, const std::vector<sim::Sample>& samples,
                                 const io::TrajectoryColumns& columns) {
  io::TrajectoryCsvWriter csv(path, columns);
  for (const sim::Sample& sample : samples) csv.add(sample);
  const io::TrajectoryCsvWriter::Written written = csv.finish();
  report_trajectory_csv(written, path);
  return written.sha256;
}

void refuse_outputs_over_inputs(const scenario::Scenario& s, const std::string& scenario_path,
                                const std::vector<std::pair<std::string, std::string>>& outputs) {
  std::vector<std::pair<std::string, std::string>> inputs;
  if (!scenario_path.empty()) inputs.emplace_back(scenario_path, "the scenario");
  if (s.machine) inputs.emplace_back(*s.machine, "the machine file");
  if (s.manoeuvre.kind == scenario::ManoeuvreKind::kTable)
    inputs.emplace_back(s.manoeuvre.table_path, "the kappa table");
  if (s.reference) inputs.emplace_back(*s.reference, "the reference");
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const auto& [path, what] : inputs)
      io::refuse_same_file(outputs[i].first, outputs[i].second, path, what);
    for (std::size_t j = i + 1; j < outputs.size(); ++j) {
      io::refuse_same_file(outputs[i].first, outputs[i].second, outputs[j].first, outputs[j].second);
    }
  }
}

void print_equilibrium(const scenario::Scenario& s, const sim::machine::MachineModel& model,
                       const sim::machine::MachineEquilibrium& eq) {
  const int cylinders = static_cast<int>(eq.cylinders.size());
  if (s.machine) {
    std::printf("machine %s (%s): %d bodies, %d cylinders, %zu supplies\n", model.name.c_str(),
                s.machine->c_str(), model.coordinates(), cylinders, model.supplies.size());
  }
  for (int k = 0; k < cylinders; ++k) {
    const sim::machine::CylinderEquilibrium& a = eq.cylinders[static_cast<std::size_t>(k)];
    if (s.machine) {  // by name, with its valve's command (κ or u)
      const sim::machine::Cylinder& c = model.cylinders[static_cast<std::size_t>(k)];
      const bool u = c.valve.type == sim::machine::ValveDescription::Type::kProportional;
      std::printf("equilibrium, %s: f_h = %.4f N, s%d = %.7f m, p1 = %.7f MPa, p2 = %.7f MPa, %s0 = %.8f\n",
                  c.name.c_str(), a.force, k + 1, a.s, a.p[0] / 1e6, a.p[1] / 1e6, u ? "u" : "kappa",
                  a.command);
      continue;
    }
    const std::string which = k == 0 ? "" : ", actuator " + std::to_string(k + 1);
    std::printf("equilibrium%s: f_h = %.4f N, s%d = %.7f m, p1 = %.7f MPa, p2 = %.7f MPa, kappa0 = %.8f\n",
                which.c_str(), a.force, k + 1, a.s, a.p[0] / 1e6, a.p[1] / 1e6, a.command);
  }
}

namespace {

void print_header(const scenario::Scenario& s, const sim::machine::MachineModel& model,
                  const sim::machine::MachineEquilibrium& eq) {
  const double h_mech = sim::mechanics_step(s.cosim);
  const int cylinders = static_cast<int>(eq.cylinders.size());
  std::printf("scenario %s: %s, %d actuator(s), %s, H = %g s, h_M = %g s (%s), h_H = %g s (%s), %g s%s\n",
              s.name.c_str(), scenario::describe_input(s).c_str(), cylinders,
              scenario::describe(s.cosim).c_str(), s.cosim.H, h_mech,
              std::string(sim::to_string(s.cosim.mechanics)).c_str(), s.cosim.h_hyd,
              std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(), s.cosim.duration,
              s.cosim.limits.enabled ? ", machine limits on" : "");
  print_equilibrium(s, model, eq);
  // A chamber stiffens as it shortens: an explicit hydraulic step stable at mid-stroke may not be
  // near the end stops the limits let a controller reach (docs/validation.md, "Machine limits").
  if (s.cosim.limits.enabled && s.cosim.hydraulics_integrator != sim::HydraulicIntegrator::kTrapezoidal) {
    std::printf(
        "note: the chambers are integrated with an explicit method (%s), which may be unstable near the "
        "end stops; hydraulics_integrator = \"trapezoidal\" holds to them%s\n",
        s.cosim.coupling == sim::Coupling::kReducedInterface
            ? "the RIM's forward Euler"
            : std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(),
        s.cosim.coupling == sim::Coupling::kReducedInterface ? " (not with coupling rim)" : "");
  }
}

}  // namespace

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

namespace {

// The co-simulation offline: the samples stream through — rows to the CSV, the telemetry, the limit
// monitor, and only those the reference comparison reads are kept (its span and one after), so a run
// of any length needs constant memory. Exit status as RunCommand::execute()'s.
int run_offline(const scenario::Scenario& s, const RunInputs& in,
                const std::optional<sim::ReferenceCurve>& reference, bool quiet) {
  // Opened before the run so that an unwritable output fails at once; the output itself is replaced
  // only by the complete CSV.
  std::optional<io::TrajectoryCsvWriter> csv;
  if (s.out) csv.emplace(*s.out, io::TrajectoryColumns::of(*in.model));
  // Progress only where a run takes seconds (about 5e7 micro steps); short runs stay silent.
  const double micro_steps =
      s.cosim.duration / s.cosim.h_hyd + s.cosim.duration / sim::mechanics_step(s.cosim);
  const bool show_progress = !quiet && micro_steps > 5e7;
  const auto progress = [show_progress](std::int64_t done, std::int64_t total) {
    if (show_progress) std::fprintf(stderr, "\r  %3d %%", static_cast<int>(100 * done / total));
  };
  sim::Plan plan = sim::build_machine_plan(in.model, in.equilibrium, s.cosim, in.scripted());
  sim::LimitMonitor limits(*in.model, s.cosim);
  std::vector<sim::Sample> compared;
  const double t_ref_end = reference ? reference->t.back() : -INFINITY;
  const std::unique_ptr<io::TelemetryStream> telemetry_stream =
      open_telemetry(s, io::TrajectoryColumns::of(*in.model));
  const auto on_sample = [&](const sim::Sample& x) {
    if (csv) csv->add(x);
    if (telemetry_stream) telemetry_stream->offer(x);
    limits.observe(x);
    if (reference && (compared.empty() || compared.back().t <= t_ref_end)) compared.push_back(x);
  };
  const auto t0 = std::chrono::steady_clock::now();
  const sim::StreamedRun result = sim::stream_plan(plan, on_sample, progress);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (show_progress) std::fprintf(stderr, "\r       \r");
  const double simulated = result.last.t;
  std::printf("simulated %.6g s in %.3f s wall (real-time factor %.1f)\n", simulated, wall,
              wall > 0 ? simulated / wall : 0.0);

  if (csv) report_trajectory_csv(csv->finish(), csv->path());
  if (telemetry_stream) std::printf("%s\n", telemetry_stream->report().c_str());
  if (reference) print_deviation(s, *reference, compared);
  std::printf("coupling-error energy dE = %.6e J, energy balance Ebal = %.6e J at t = %.6g s\n",
              result.last.dE, result.last.E_balance, simulated);
  const std::vector<sim::LimitEvent>& events = limits.events();
  for (const std::string& line : sim::limit_report_lines(events, s.cosim.limits.enabled))
    std::printf("%s\n", line.c_str());
  if (const std::string twoway = sim::twoway_model_report(plan); !twoway.empty())
    std::printf("%s\n", twoway.c_str());
  if (result.diverged) {
    std::fprintf(stderr, "hilsim run: the co-simulation %s\n",
                 sim::divergence_report(simulated, events, *in.model->limits.diverged_pressure).c_str());
    return 3;
  }
  return 0;
}

}  // namespace

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
  if (s.contact.task) return execute_contact(s);
  if (solver) s.solver = scenario::parse_solver(*solver, "--solver");
  if (telemetry) {
    if (*telemetry != "none") scenario::parse_telemetry_target(*telemetry, "--telemetry");
    s.telemetry.target = *telemetry == "none" ? "" : *telemetry;
  }
  std::vector<std::pair<std::string, std::string>> outputs;
  if (s.out) outputs.emplace_back(*s.out, "--out");
  if (record) outputs.emplace_back(*record, "the recording (--record)");
  refuse_outputs_over_inputs(s, flags.scenario_path, outputs);
  if (s.solver == scenario::Solver::kMonolithic) return execute_monolithic(s);
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
  print_header(s, *in.model, in.equilibrium);
  if (realtime || threads)
    return run_in_threads(s, in, reference, RealtimeFlags{realtime, require_rt, record, quiet});
  return run_offline(s, in, reference, quiet);
}

}  // namespace hilsim::tools
