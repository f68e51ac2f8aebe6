#include "tools/run/contact_run.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rt/plan_executor.h"
#include "rt/process_setup.h"
#include "rt/system_info.h"
#include "sim/contact/contact_plan.h"
#include "sim/contact/contact_study.h"
#include "sim/cosim/cosimulation.h"
#include "sim/cosim/sample_assembly.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/run/contact_hydraulics.h"
#include "tools/run/hil_session.h"
#include "tools/run/realtime_run.h"
#include "tools/run/run_outputs.h"
#include "tools/run/stop_on_signals.h"
#include "tools/scenario/setting_words.h"

namespace hilsim::tools {

namespace {

using sim::contact::ContactTask;

sim::contact::ContactCouplingSettings coupling_settings(const scenario::Scenario& s) {
  const scenario::ContactCouplingChoice c = scenario::contact_coupling_choice(s.contact);
  sim::contact::ContactCouplingSettings out;
  out.coupling = c.coupling;
  out.interface_stiffness = c.stiffness;
  out.interface_damping = c.damping;
  out.H = s.cosim.H;
  out.h = sim::mechanics_step(s.cosim);
  out.duration = s.cosim.duration;
  out.rigid_reference = true;
  return out;
}

void print_contact_header(const scenario::Scenario& s, const sim::contact::ContactCouplingSettings& c,
                          const HydraulicContactRun* hydraulic) {
  const std::string task = scenario::word_of(scenario::kContactTasks, *s.contact.task);
  std::printf("scenario %s: contact task %s (%s), coupling %s", s.name.c_str(), task.c_str(),
              hydraulic ? "hydraulic" : "guided", std::string(sim::contact::to_string(c.coupling)).c_str());
  if (c.coupling == sim::contact::ContactCoupling::kMonolithic) {
    std::printf(" (rigid weld)");
  } else {
    std::printf(", K_i = %g N/m, D_i = %g N*s/m (angular a tenth)", c.interface_stiffness,
                c.interface_damping);
  }
  std::printf(", H = %g s, h = %g s, %g s\n", c.H, c.h, c.duration);
  if (!hydraulic) return;
  const sim::machine::CylinderEquilibrium& a = hydraulic->task.equilibrium.cylinders[0];
  const sim::machine::CylinderEquilibrium& b = hydraulic->task.equilibrium.cylinders[1];
  std::printf(
      "cylinders from their equilibrium with the tool: s = (%.6f, %.6f) m, f_h = (%.6g, %.6g) N, kappa0 = "
      "(%.6f, %.6f), h_hyd = %g s; ",
      a.s, b.s, a.force, b.force, a.command, b.command, hydraulic->cylinders.h_hyd);
  if (s.hil.input != hil::InputSource::kScript) {
    std::printf("kappa of both cylinders from the %s\n", describe_input(s).c_str());
    return;
  }
  std::printf("kappa 1 from the %s, kappa 2 %s\n", describe_input(s).c_str(),
              dynamic_cast<const sim::ConstantValveCommand*>(hydraulic->valve2.get())
                  ? "held at kappa0"
                  : "from the table's kappa_2");
}

// What the run does with each sample, offline or in the threaded run's writer thread: the CSV row,
// the jam watch, the last sample.
class ContactSamples final {
 public:
  // `guided`: the arm follows the task's reference, so that a tool that stops while the reference
  // pushes on has jammed; in hydraulic mode κ moves the arm and the reference's push is no yardstick.
  ContactSamples(const ContactTask& task, io::TrajectoryCsvWriter* csv, bool guided)
      : watch_(task), csv_(csv), guided_(guided) {}
  void on_sample(const sim::Sample& s) {
    if (csv_) csv_->add(s);
    watch_.observe(s);
    last_ = s;
  }
  const sim::Sample& last() const { return last_; }
  const sim::contact::TaskJamWatch& watch() const { return watch_; }
  bool judges_jam() const { return guided_ && watch_.has_push(); }

 private:
  sim::contact::TaskJamWatch watch_;
  io::TrajectoryCsvWriter* csv_;
  bool guided_;
  sim::Sample last_;
};

// The threaded run's writer thread: each point's sample as the offline run assembles it.
class ContactPointSink final : public rt::PointSink {
 public:
  ContactPointSink(const sim::Plan& plan, ContactSamples& samples) : plan_(plan), samples_(samples) {}
  void on_point(std::int64_t n, std::span<const sim::ProbeValues> probes) override {
    samples_.on_sample(plan_.assembly().sample(n, probes));
  }

 private:
  const sim::Plan& plan_;
  ContactSamples& samples_;
};

void print_summary(const ContactSamples& samples) {
  const sim::Sample& s = samples.last();
  std::printf(
      "tool at t = %.6g s: x = %.6f m, y = %.6f m, theta = %.6f rad, velocity (%.3g, %.3g) m/s; %d contacts "
      "closed, normal force %.6g N\n",
      s.t, s.tool_x, s.tool_y, s.tool_theta, s.tool_xdot, s.tool_ydot, s.contacts, s.normal_force);
  if (!samples.judges_jam()) return;
  const sim::contact::JamVerdict jam = samples.watch().verdict();
  if (jam.jammed) {
    std::printf(
        "jammed: the tool stopped %.6f m into the socket at t = %.6g s while the reference pushed on\n",
        jam.depth, jam.time);
  } else {
    std::printf("jammed: no\n");
  }
}

int diverged(double t) {
  std::fprintf(stderr,
               "hilsim run: the contact co-simulation diverged after t = %.6g s (a state not finite)\n", t);
  return 3;
}

int run_offline(sim::Plan& plan, ContactSamples& samples, std::optional<io::TrajectoryCsvWriter>& csv) {
  const auto t0 = std::chrono::steady_clock::now();
  const sim::StreamedRun result =
      sim::stream_plan(plan, [&samples](const sim::Sample& x) { samples.on_sample(x); });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("simulated %.6g s in %.3f s wall (real-time factor %.1f)\n", result.last.t, wall,
              wall > 0 ? result.last.t / wall : 0.0);
  if (csv) report_trajectory_csv(csv->finish(), csv->path());
  print_summary(samples);
  return result.diverged ? diverged(result.last.t) : 0;
}

// `session`: a hydraulic task's live input or recording (null without).
int run_threaded(const scenario::Scenario& s, const ContactRunFlags& flags, sim::Plan& plan,
                 ContactSamples& samples, std::optional<io::TrajectoryCsvWriter>& csv, HilSession* session) {
  // Once, before any real-time thread starts. The CSV writer's thread and the session's rings exist
  // already (they are mapped); the session's threads start with the executor's.
  const rt::ProcessSetup process(checked_executor_bytes(plan, s) +
                                 (session ? HilSession::bytes_to_map(s, flags.record) : 0));
  ContactPointSink sink(plan, samples);
  const rt::ExecutorResult r = execute_plan_in_threads(
      plan, executor_options(s, flags.realtime, flags.require_rt, process, session), sink, session);
  if (report_refused_run(r, session)) return 2;
  for (const std::string& note : process.notes()) std::printf("note: %s\n", note.c_str());
  std::printf(
      "%s: %s\n",
      r.paced ? "real-time run, paced at wall-clock time" : "threaded run, unpaced (as fast as possible)",
      describe_threads(r).c_str());
  print_realtime_verdict(r, session);
  for (const rt::TaskReport& task : r.tasks) print_task_report(task, r.paced);
  const double t = samples.last().t;
  std::printf("simulated %.6g s in %.3f s wall (real-time factor %.2f); %lld rows\n", t, r.wall_seconds,
              r.wall_seconds > 0 ? t / r.wall_seconds : 0.0, static_cast<long long>(r.writer.rows));
  commit_outputs(csv, session, s, r);
  print_summary(samples);
  if (!r.not_real_time.empty()) {
    std::printf("NOT REAL TIME: the figures above come from a run without the real-time settings listed\n");
  }
  if (r.diverged) return diverged(t);
  if (!r.finished) {
    std::fprintf(stderr, "hilsim run: the run stopped early after t = %.6g s\n", t);
    return 4;
  }
  return 0;
}

// The scenario's task: guided, or moved by the crane's cylinders in hydraulic mode.
struct ContactSetup {
  std::optional<ContactTask> guided;               // moved into `hydraulic` in hydraulic mode
  std::unique_ptr<HydraulicContactRun> hydraulic;  // null in guided mode
  const ContactTask& task() const { return hydraulic ? hydraulic->task.task : *guided; }
  sim::contact::ArmDriver& driver() {
    return hydraulic ? static_cast<sim::contact::ArmDriver&>(*hydraulic->task.driver) : *guided->driver;
  }
};

ContactSetup contact_setup(const scenario::Scenario& s) {
  const std::string name = scenario::word_of(scenario::kContactTasks, *s.contact.task);
  ContactSetup setup;
  setup.guided = sim::contact::contact_task(name);
  if (!setup.guided)
    throw io::InputError(s.source + ": key 'contact.task' = '" + name + "' names no contact task");
  if (s.contact.mode == scenario::ContactMode::kHydraulic)
    setup.hydraulic = hydraulic_contact_run(s, std::move(*setup.guided));
  return setup;
}

}  // namespace

std::size_t contact_run_bytes(const scenario::Scenario& s) {
  ContactSetup setup = contact_setup(s);
  const sim::Plan plan =
      sim::contact::build_contact_plan(setup.task().systems, coupling_settings(s), setup.driver(),
                                       setup.hydraulic ? &setup.hydraulic->cylinders : nullptr);
  std::size_t bytes = checked_executor_bytes(plan, s);
  if (s.out) bytes += rt::thread_bytes(rt::default_thread_stack_bytes());  // the CSV writer's
  if (setup.hydraulic && HilSession::needed(s, std::nullopt))
    bytes += HilSession::bytes_to_map(s, std::nullopt);
  return bytes;
}

int execute_contact_run(const scenario::Scenario& s, const ContactRunFlags& flags) {
  ContactSetup setup = contact_setup(s);
  std::unique_ptr<HydraulicContactRun>& hydraulic = setup.hydraulic;
  const ContactTask& task = setup.task();
  sim::contact::ArmDriver& driver = setup.driver();
  const sim::contact::ContactCouplingSettings settings = coupling_settings(s);
  // Before the plan, which reads its valves: a live controller's κ or the recorded script's, of both
  // cylinders (the session's scenario has the crane's two actuators).
  std::optional<scenario::Scenario> session_scenario;
  std::unique_ptr<HilSession> session;
  std::optional<sim::Plan> plan;
  const auto build_plan = [&] {
    try {
      plan.emplace(sim::contact::build_contact_plan(task.systems, settings, driver,
                                                    hydraulic ? &hydraulic->cylinders : nullptr));
    } catch (const std::invalid_argument& e) {
      throw io::InputError(s.source + ": " + e.what());
    }
  };
  build_plan();  // checked before a session opens a recording, a socket or a CAN link
  if (plan->communication_points() < 1)
    throw io::InputError(s.source + ": the run is shorter than one macro step H");
  if (hydraulic && HilSession::needed(s, flags.record)) {
    plan.reset();
    session_scenario = s;
    session_scenario->crane.actuators = scenario::commanded_actuators(s);  // both cylinders
    // Not modelled on the arm (a live input turns them on by default): the recording says so.
    session_scenario->limits_setting = false;
    scenario::resolve_limits(*session_scenario);
    const sim::machine::MachineEquilibrium& eq = hydraulic->task.equilibrium;
    const HilSession::Valves valves{2,
                                    {hydraulic->valve1.get(), hydraulic->valve2.get()},
                                    {eq.cylinders[0].command, eq.cylinders[1].command}};
    session =
        std::make_unique<HilSession>(*session_scenario, valves, flags.record, flags.realtime, stop_flag());
    hydraulic->cylinders.valves = {&session->valve(0), &session->valve(1)};
    build_plan();
  }
  print_contact_header(s, settings, hydraulic.get());
  // Opened before the run so that an unwritable output fails at once; in hydraulic mode with both
  // cylinders' columns.
  std::optional<io::TrajectoryCsvWriter> csv;
  if (s.out) csv.emplace(*s.out, hydraulic ? 2 : 1, true);
  ContactSamples samples(task, csv ? &*csv : nullptr, !hydraulic);
  if (flags.threads || flags.realtime) return run_threaded(s, flags, *plan, samples, csv, session.get());
  return run_offline(*plan, samples, csv);
}

sim::RunResult replay_contact_run(const scenario::Scenario& s, const sim::ValveCommand& kappa1,
                                  const sim::ValveCommand& kappa2) {
  if (s.contact.mode != scenario::ContactMode::kHydraulic) {
    throw io::InputError(s.source + ": a guided contact task takes no input to replay");
  }
  const std::string name = scenario::word_of(scenario::kContactTasks, *s.contact.task);
  std::optional<ContactTask> guided = sim::contact::contact_task(name);
  if (!guided) throw io::InputError(s.source + ": key 'contact.task' = '" + name + "' names no contact task");
  const std::unique_ptr<HydraulicContactRun> hydraulic = hydraulic_contact_run(s, std::move(*guided));
  hydraulic->cylinders.valves = {&kappa1, &kappa2};
  try {
    sim::Plan plan = sim::contact::build_contact_plan(hydraulic->task.task.systems, coupling_settings(s),
                                                      *hydraulic->task.driver, &hydraulic->cylinders);
    return sim::run_plan(plan);
  } catch (const std::invalid_argument& e) {
    throw io::InputError(s.source + ": " + e.what());
  }
}

}  // namespace hilsim::tools
