#include "tools/run/realtime_run.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <utility>

#include "hil/candump_log.h"
#include "rt/loop_report.h"
#include "rt/plan_executor.h"
#include "rt/process_setup.h"
#include "rt/system_info.h"
#include "sim/analysis/limit_report.h"
#include "sim/cosim/sample_assembly.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/hil_session.h"
#include "tools/run/run_events.h"
#include "tools/run/run_outputs.h"
#include "tools/run/status_line.h"
#include "tools/run/stop_on_signals.h"
#include "tools/system/realtime_verdict.h"

namespace hilsim::tools {

namespace {

std::atomic<bool>& g_stop = stop_flag();

// The writer thread's sink: assembles each point's sample (the offline run's bytes), streams CSV
// rows and the live telemetry, and keeps the samples a reference needs.
class CsvSink final : public rt::PointSink {
 public:
  // `limits` watches every sample (in the writer thread, which is not real-time).
  // `telemetry` (may be null) streams the samples live, from this thread too.
  // `session` (may be null) sends the machine's named sensors of every sample.
  CsvSink(const sim::Plan& plan, io::TrajectoryCsvWriter* csv, bool keep, int actuators,
          sim::LimitMonitor& limits, StatusLine& status, io::TelemetryStream* telemetry, HilSession* session)
      : plan_(plan),
        csv_(csv),
        keep_(keep),
        actuators_(actuators),
        limits_(limits),
        status_(status),
        telemetry_(telemetry),
        session_(session) {}
  void on_point(std::int64_t n, std::span<const sim::ProbeValues> probes) override {
    const sim::Sample s = plan_.assembly().sample(n, probes);
    limits_.observe(s);  // first (a few comparisons): its verdict goes out with the sensors
    if (session_) {
      session_->publish_named_sensors(s, limits_.numerical_fault());  // the controller waits for it
      if (const std::string hint = session_->take_early_hint(); !hint.empty()) status_.note(hint);
    }
    if (csv_) csv_->add(s);
    if (telemetry_) telemetry_->offer(s);
    if (keep_) samples.push_back(s);
    status_.on_sample(s);
    last_t = s.t;
  }
  std::vector<sim::Sample> samples;
  double last_t = 0.0;

 private:
  const sim::Plan& plan_;
  io::TrajectoryCsvWriter* csv_;
  bool keep_;
  int actuators_;
  sim::LimitMonitor& limits_;
  StatusLine& status_;
  io::TelemetryStream* telemetry_;
  HilSession* session_;
};

// The figures the verdict weighs: what was refused, and every deadline the run then missed.
RealtimeFigures realtime_figures(const rt::ExecutorResult& r, const HilSession* session) {
  RealtimeFigures f;
  f.paced = r.paced;
  f.not_granted = r.not_real_time;
  for (const rt::TaskReport& task : r.tasks) {
    f.overruns += task.loop->overruns;
    f.overrun_episodes += task.loop->overrun_episodes;
    f.exchange_waits += task.exchange_waits;
  }
  if (session) f.late_commands = session->late_commands();
  return f;
}

void print_report(const scenario::Scenario& s, const rt::ExecutorResult& r, const HilSession* session) {
  std::printf(
      "%s: %s, overrun policy %s\n",
      r.paced ? "real-time run, paced at wall-clock time" : "threaded run, unpaced (as fast as possible)",
      describe_threads(r).c_str(), rt::to_string(s.rt.overrun_policy));
  print_realtime_verdict(r, session);
  for (const rt::TaskReport& task : r.tasks) print_task_report(task, r.paced);
}

// The scenario's plan, with the session's valves (live or recorded) when there is a session.
sim::Plan make_plan(const scenario::Scenario& s, const RunInputs& in, const HilSession* session) {
  sim::MachineValves valves = in.scripted();
  if (session) {
    valves = sim::MachineValves{};
    for (int k = 0; k < in.cylinders(); ++k) {
      valves.cylinder.push_back(&session->valve(k));
      valves.mechanics.push_back(session->mechanics_valve(k));  // the two-way coupling's, else null
      valves.preview.push_back(session->script(k));             // a scripted input's manoeuvre, else null
    }
    valves.live = true;  // read once per micro step, in order, by one thread
  }
  try {
    sim::Plan plan = sim::build_machine_plan(in.model, in.equilibrium, s.cosim, valves);
    rt::plan_thread_groups(plan, s.rt);  // a thread of subsystems against the rules: refused here
    return plan;
  } catch (const std::invalid_argument& e) {
    throw io::InputError(s.source + ": " + e.what());
  }
}

// [rt.thread.NAME] for a subsystem this plan does not have (hydraulics_2 with one actuator, the
// RIM's thread with f-s) configures nothing: say so rather than ignore it silently. The same for a
// name in a thread's `subsystems`.
void note_unused_thread_settings(const rt::RtSettings& settings, const sim::Plan& plan) {
  const auto in_plan = [&](const std::string& name) {
    for (std::size_t i = 0; i < plan.size(); ++i) {
      if (plan.subsystem(i).name() == name) return true;
    }
    return false;
  };
  for (const auto& [name, thread] : settings.threads) {
    if (thread.subsystems.empty() && !in_plan(name))
      std::printf("note: [rt.thread.%s] names no subsystem of this run; it is not used\n", name.c_str());
    for (const std::string& member : thread.subsystems) {
      if (!in_plan(member))
        std::printf("note: [rt.thread.%s] subsystems: '%s' is no subsystem of this run; it is not used\n",
                    name.c_str(), member.c_str());
    }
  }
}

// How the run ended, for the exit status; prints why when it did not finish.
int exit_status(const scenario::Scenario& s, const rt::ExecutorResult& r, double last_t,
                const sim::LimitMonitor& limits, const HilSession* session, double diverged_pressure) {
  if (r.diverged) {
    std::fprintf(stderr, "hilsim run: the co-simulation %s\n",
                 sim::divergence_report(last_t, limits.events(), diverged_pressure).c_str());
    print_implausible_as_cause(s);
    return 3;
  }
  // A stop (4) says why the run ended early first; a run that reached its end numerically wrong is
  // a 3, as a diverged one (a live run's controller saw numerical_fault set from then on).
  if (r.finished && limits.numerical_fault()) {
    std::fprintf(stderr, "hilsim run: the co-simulation %s\n",
                 sim::numerical_fault_report(limits.events()).c_str());
    print_implausible_as_cause(s);
    return 3;
  }
  if (r.finished) return 0;
  if (session && session->stopped_by_link_loss()) {
    std::fprintf(stderr,
                 "hilsim run: the run stopped after t = %.6g s: the CAN link was lost ([can] on_link_loss = "
                 "\"stop\")\n",
                 last_t);
    return 4;
  }
  std::string why = r.stopped_by_overrun() ? "an overrun with [rt] overrun = \"stop\"" : "";
  for (const rt::TaskReport& t : r.tasks) {
    if (why.empty() || !r.stopped_by_overrun())
      why += (why.empty() ? "" : ", ") + t.subsystem + " " + rt::to_string(t.end);
  }
  std::fprintf(stderr, "hilsim run: the run stopped early after t = %.6g s (%s)\n", last_t, why.c_str());
  return 4;
}

// Replaces the output with the complete CSV and prints its rows and hash; returns the hash.
std::string commit_csv(io::TrajectoryCsvWriter& csv) {
  const io::TrajectoryCsvWriter::Written written = csv.finish();
  report_trajectory_csv(written, csv.path());
  return written.sha256;
}

void finish_session(HilSession& session, const scenario::Scenario& s, const rt::ExecutorResult& r,
                    const std::string& sha) {
  // The points the CSV holds to its end: a replay runs as far and compares the same rows.
  session.finish(std::max<std::int64_t>(0, std::min(r.reached(), r.writer.last_point)), sha);
  session.print_report();
  if (s.hil.input == hil::InputSource::kCan) {
    // Candump logs carry CLOCK_REALTIME: this lines one (the recording's or the user's) up with the run.
    const std::string t0 = hil::format_candump_time(r.start_realtime_us);
    std::printf("can: t = 0 was candump time %s (hilsim replay --candump LOG --t0 %s)\n", t0.c_str(),
                t0.c_str());
  }
}

// --events and --latency: their files created before the run (a path that cannot be written
// fails at once), written after it (never from a real-time thread).
struct RunLogs {
  std::optional<RunLogFile> events, latency;
  explicit RunLogs(const RealtimeOptions& flags) {
    if (flags.events) events.emplace(*flags.events);
    if (flags.latency) latency.emplace(*flags.latency);
  }
  void commit(const std::vector<sim::LimitEvent>& limits, const rt::ExecutorResult& r,
              const HilSession* session) {
    if (events) {
      events->commit(
          events_csv(limits, &r, session ? session->link_outages() : std::vector<hil::LinkOutage>{}));
      std::printf("events: written to %s\n", events->path().c_str());
    }
    if (latency) {
      latency->commit(latency_csv(r));
      std::printf("latency histograms: written to %s\n", latency->path().c_str());
    }
  }
};

}  // namespace

std::size_t threaded_run_bytes(const scenario::Scenario& s, const sim::Plan& plan,
                               const std::optional<std::string>& record, bool reference) {
  std::size_t bytes = checked_executor_bytes(plan, s);
  if (s.out) bytes += rt::thread_bytes(rt::default_thread_stack_bytes());  // the CSV writer's
  if (HilSession::needed(s, record)) bytes += HilSession::bytes_to_map(s, record);
  // A growing vector holds up to twice its samples and, while it moves them, the old copy too.
  const auto samples = static_cast<std::size_t>(plan.communication_points() + 1);
  if (reference) bytes += 3 * samples * sizeof(sim::Sample);
  return bytes;
}

std::size_t threaded_run_bytes(const scenario::Scenario& s) {
  const RunInputs in = prepare_run(s);
  return threaded_run_bytes(s, make_plan(s, in, nullptr), std::nullopt, s.reference.has_value());
}

void commit_outputs(std::optional<io::TrajectoryCsvWriter>& csv, HilSession* session,
                    const scenario::Scenario& s, const rt::ExecutorResult& r) {
  std::exception_ptr csv_failure;  // io::InputError naming the file, or std::bad_alloc
  std::string sha;
  if (csv) {
    try {
      sha = commit_csv(*csv);
    } catch (...) {
      csv_failure = std::current_exception();
    }
  }
  if (session) finish_session(*session, s, r, sha);
  if (csv_failure) std::rethrow_exception(csv_failure);
}

namespace {

// The CPU and policy the thread ran with, not those configured: a CPU or SCHED_FIFO it was refused
// is named as not granted, as the verdict's reasons say, so that the report never shows a thread at
// SCHED_FIFO that ran SCHED_OTHER.
std::string describe(const rt::ThreadConfig& t, const rt::ThreadSetupResult& got) {
  const std::string configured_cpu = "CPU " + std::to_string(t.cpu);
  const std::string cpu = t.cpu < 0    ? "any CPU"
                          : got.pinned ? configured_cpu
                                       : "any CPU: " + configured_cpu + " not granted";
  if (t.scheduler == rt::Scheduler::kOther) return cpu + ", SCHED_OTHER";
  const std::string fifo = "SCHED_FIFO " + std::to_string(t.priority);
  return cpu + (got.real_time ? ", " + fifo : ", SCHED_OTHER: " + fifo + " not granted");
}

}  // namespace

std::size_t checked_executor_bytes(const sim::Plan& plan, const scenario::Scenario& s) {
  try {
    return rt::executor_bytes(plan, s.rt);
  } catch (const std::invalid_argument& e) {
    throw io::InputError(s.source + ": " + e.what());
  }
}

std::string describe_threads(const rt::ExecutorResult& r) {
  if (r.tasks.size() == r.subsystems) return std::to_string(r.tasks.size()) + " threads, one per subsystem";
  return std::to_string(r.tasks.size()) + " threads for " + std::to_string(r.subsystems) +
         " subsystems (those listed together share a thread)";
}

void print_realtime_verdict(const rt::ExecutorResult& r, const HilSession* session) {
  for (const std::string& line : realtime_verdict(realtime_figures(r, session)))
    std::printf("%s\n", line.c_str());
}

void print_task_report(const rt::TaskReport& task, bool paced) {
  const rt::LoopStats& loop = *task.loop;
  const char* name = task.subsystem.c_str();
  std::printf("  %-14s every %g s (%s)", name, static_cast<double>(task.period_ns) / 1e9,
              describe(task.thread, task.setup).c_str());
  if (task.offset_ns > 0 && paced) {
    std::printf(", %g ms behind t = nH (Gauss-Seidel downstream)", static_cast<double>(task.offset_ns) / 1e6);
  }
  std::printf("\n");
  std::printf(
      "  %-14s %lld cycles  overruns %lld (in %lld episodes)  skipped %lld  exchange waits %lld  "
      "telemetry dropped %llu\n",
      "", static_cast<long long>(loop.cycles), static_cast<long long>(loop.overruns),
      static_cast<long long>(loop.overrun_episodes), static_cast<long long>(loop.skipped_periods),
      static_cast<long long>(task.exchange_waits), static_cast<unsigned long long>(task.telemetry_dropped));
  if (paced) {
    std::printf("  %-14s wake-up latency [us]: %s\n", "", rt::summarize_us(loop.wakeup_latency).c_str());
    if (loop.overruns > 0) {
      std::printf("  %-14s first overrun at cycle %lld, furthest %.1f us past the next deadline\n", "",
                  static_cast<long long>(loop.first_overrun_cycle),
                  static_cast<double>(loop.max_lateness_ns) / 1e3);
    }
  }
  std::printf("  %-14s execution time  [us]: %s\n", "", rt::summarize_us(loop.execution_time).c_str());
  if (task.end != rt::TaskEnd::kFinished) {
    std::printf(
        "  %-14s ended early: %s\n", "",
        loop.stopped_by_overrun ? "an overrun with [rt] overrun = \"stop\"" : rt::to_string(task.end));
  }
}

rt::ExecutorResult execute_plan_in_threads(sim::Plan& plan, rt::ExecutorOptions options, rt::PointSink& sink,
                                           HilSession* session,
                                           const std::function<void(const rt::PlanExecutor&)>& attach) {
  const StopOnSignals signals;
  if (session) {
    // The bridge's I/O thread is set up before the real-time threads: what it was refused counts too.
    const std::vector<std::string> io = session->start();
    options.process_problems.insert(options.process_problems.end(), io.begin(), io.end());
  }
  rt::PlanExecutor executor(plan, options);
  if (session) session->count_overruns_of(executor.loops());
  if (attach) attach(executor);
  return executor.run(sink, stop_flag());
}

rt::ExecutorOptions executor_options(const scenario::Scenario& s, bool paced, bool require_rt,
                                     const rt::ProcessSetup& process, HilSession* session) {
  rt::ExecutorOptions options;
  options.pacing = paced ? rt::Pacing::kWallClock : rt::Pacing::kUnpaced;
  options.settings = s.rt;
  options.require_rt = require_rt;
  options.process_problems = process.problems();
  options.observer = session ? session->observer() : nullptr;
  return options;
}

bool report_refused_run(const rt::ExecutorResult& r, HilSession* session) {
  if (!r.refused) return false;
  if (session) session->abandon();
  for (const std::string& reason : r.not_real_time) std::fprintf(stderr, "hilsim run: %s\n", reason.c_str());
  std::fprintf(stderr, "hilsim run: refusing to run without real-time scheduling (--require-rt)\n");
  return true;
}

int run_in_threads(const scenario::Scenario& s, const RunInputs& in,
                   const std::optional<sim::ReferenceCurve>& reference, const RealtimeOptions& flags) {
  // The plan is checked before the session opens a recording, a socket or a CAN link.
  const sim::Plan checked = make_plan(s, in, nullptr);
  if (checked.communication_points() < 1) {
    throw io::InputError(s.source + ": the run is shorter than one macro step H");
  }
  // Once, before any real-time thread starts: memory locking (when all the run maps fits
  // RLIMIT_MEMLOCK) and the CPU latency request.
  const rt::ProcessSetup process(threaded_run_bytes(s, checked, flags.record, reference.has_value()));
  std::unique_ptr<HilSession> session;
  if (HilSession::needed(s, flags.record)) {
    session = std::make_unique<HilSession>(s, session_valves(in), flags.record, flags.paced, g_stop);
  }
  sim::Plan plan = make_plan(s, in, session.get());
  note_unused_thread_settings(s.rt, plan);
  // Streamed to a temporary file that replaces the output only when the run has written it all.
  std::optional<io::TrajectoryCsvWriter> csv;
  if (s.out) csv.emplace(*s.out, io::TrajectoryColumns::of(*in.model));
  RunLogs logs(flags);
  sim::LimitMonitor limits(*in.model, s.cosim);
  StatusLine status(flags.paced && !flags.quiet && isatty(STDERR_FILENO), in.cylinders(),
                    [&session]() { return session ? session->watchdog_state() : ""; });
  const std::unique_ptr<io::TelemetryStream> telemetry =
      open_telemetry(s, io::TrajectoryColumns::of(*in.model));
  CsvSink sink(plan, csv ? &*csv : nullptr, reference.has_value(), in.cylinders(), limits, status,
               telemetry.get(), session.get());
  const rt::ExecutorResult r = execute_plan_in_threads(
      plan, executor_options(s, flags.paced, flags.require_rt, process, session.get()), sink, session.get(),
      [&status](const rt::PlanExecutor& e) { status.count_overruns_of(e.loops()); });
  status.finish();
  if (report_refused_run(r, session.get())) return 2;
  for (const std::string& note : process.notes()) std::printf("note: %s\n", note.c_str());
  print_report(s, r, session.get());
  if (telemetry) std::printf("%s\n", telemetry->report().c_str());
  std::printf(
      "simulated %.6g s in %.3f s wall (real-time factor %.2f); %lld rows%s\n", sink.last_t, r.wall_seconds,
      r.wall_seconds > 0 ? sink.last_t / r.wall_seconds : 0.0, static_cast<long long>(r.writer.rows),
      r.writer.unpaired ? (", " + std::to_string(r.writer.unpaired) + " unpaired records").c_str() : "");
  commit_outputs(csv, session.get(), s, r);
  logs.commit(limits.events(), r, session.get());
  if (reference) print_deviation(s, *reference, sink.samples);
  for (const std::string& line : sim::limit_report_lines(limits.events(), s.cosim.limits.enabled)) {
    std::printf("%s\n", line.c_str());
  }
  if (const std::string twoway = sim::twoway_model_report(plan); !twoway.empty())
    std::printf("%s\n", twoway.c_str());
  if (!r.not_real_time.empty()) {
    std::printf("NOT REAL TIME: the figures above come from a run without the real-time settings listed\n");
  }
  return exit_status(s, r, sink.last_t, limits, session.get(), *in.model->limits.diverged_pressure);
}

}  // namespace hilsim::tools
