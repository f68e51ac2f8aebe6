#include "tools/hilsim/realtime_run.h"

#include <csignal>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "hil/candump_log.h"
#include "rt/crane_runner.h"
#include "rt/loop_report.h"
#include "rt/process_setup.h"
#include "tools/hilsim/hil_session.h"
#include "tools/hilsim/run_command.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::tools {

namespace {

std::atomic<bool> g_stop{false};  // lock-free, so setting it is async-signal-safe
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void request_stop(int) { g_stop.store(true); }

// SIGINT and SIGTERM end the run cleanly (report and CSV written) while this is in scope.
class StopOnSignals final {
 public:
  StopOnSignals() {
    g_stop.store(false);
    struct sigaction sa {};
    sa.sa_handler = request_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~StopOnSignals() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// The telemetry thread's sink: streams CSV rows and keeps the samples a reference needs.
class CsvSink final : public rt::SampleSink {
 public:
  CsvSink(std::ofstream* csv, bool keep) : csv_(csv), keep_(keep) {}
  void on_sample(const sim::CraneSample& s) override {
    if (csv_) io::write_trajectory_row(*csv_, s, 1);  // the real-time runner has one actuator
    if (keep_) samples.push_back(s);
    last_t = s.t;
  }
  std::vector<sim::CraneSample> samples;
  double last_t = 0.0;

 private:
  std::ofstream* csv_;
  bool keep_;
};

std::string describe(const rt::ThreadConfig& t) {
  const std::string cpu = t.cpu < 0 ? "any CPU" : "CPU " + std::to_string(t.cpu);
  if (t.scheduler == rt::Scheduler::kOther) return cpu + ", SCHED_OTHER";
  return cpu + ", SCHED_FIFO " + std::to_string(t.priority);
}

void print_side(const char* label, const rt::SideReport& side, bool paced) {
  const rt::LoopStats& loop = *side.loop;
  std::printf(
      "  %-10s %9lld cycles  overruns %lld (in %lld episodes)  skipped %lld  late exchanges %lld  "
      "telemetry dropped %llu\n",
      label, static_cast<long long>(loop.cycles), static_cast<long long>(loop.overruns),
      static_cast<long long>(loop.overrun_episodes), static_cast<long long>(loop.skipped_periods),
      static_cast<long long>(side.exchange_waits), static_cast<unsigned long long>(side.telemetry_dropped));
  if (paced) {
    std::printf("  %-10s wake-up latency [us]: %s\n", "", rt::summarize_us(loop.wakeup_latency).c_str());
    if (loop.overruns > 0) {
      std::printf("  %-10s first overrun at cycle %lld, furthest %.1f us past the next deadline\n", "",
                  static_cast<long long>(loop.first_overrun_cycle),
                  static_cast<double>(loop.max_lateness_ns) / 1e3);
    }
  }
  std::printf("  %-10s execution time  [us]: %s\n", "", rt::summarize_us(loop.execution_time).c_str());
  if (side.end != rt::LoopEnd::kFinished) {
    std::printf("  %-10s ended early: %s%s\n", "", rt::to_string(side.end),
                loop.stopped_by_overrun ? " (overrun with [rt] overrun = \"stop\")" : "");
  }
}

void print_report(const config::Scenario& s, const rt::RtRunResult& r) {
  const rt::RtSettings& rt = s.rt;
  std::printf(
      "%s: mechanics every %g s (%s), hydraulics every %g s (%s), overrun policy %s\n",
      r.paced ? "real-time run, paced at wall-clock time" : "threaded run, unpaced (as fast as possible)",
      s.cosim.H, describe(rt.mechanics).c_str(), s.cosim.h_hyd, describe(rt.hydraulics).c_str(),
      rt::to_string(rt.overrun_policy));
  if (r.not_real_time.empty()) {
    std::printf("real time: yes (memory locked; both threads SCHED_FIFO and pinned as configured)\n");
  } else {
    std::printf("real time: NO\n");
    for (const std::string& reason : r.not_real_time) std::printf("  - %s\n", reason.c_str());
  }
  print_side("mechanics", r.mechanics, r.paced);
  print_side("hydraulics", r.hydraulics, r.paced);
}

}  // namespace

int run_in_threads(const config::Scenario& s, const RunInputs& in,
                   const std::optional<sim::ReferenceCurve>& reference, const RealtimeFlags& flags) {
  // Once, before any real-time thread starts: memory locking and the CPU latency request.
  const rt::ProcessSetup process;
  std::ofstream csv;
  if (s.out) {
    csv.open(*s.out);
    if (!csv) throw io::InputError(*s.out + ": cannot open the output file for writing");
    io::write_trajectory_header(csv, 1);
  }
  CsvSink sink(s.out ? &csv : nullptr, reference.has_value());
  rt::RtRunOptions options;
  options.pacing = flags.paced ? rt::Pacing::kWallClock : rt::Pacing::kUnpaced;
  std::unique_ptr<HilSession> session;
  if (HilSession::needed(s, flags.record)) {
    session = std::make_unique<HilSession>(s, in.equilibrium, *in.valve, flags.record, flags.paced, g_stop);
    options.sensors = session->sensors();
  }
  const sim::ValveCommand& valve = session ? session->valve() : *in.valve;
  options.settings = s.rt;
  options.require_rt = flags.require_rt;
  options.process_problems = process.problems();

  rt::RtRunResult r;
  {
    const StopOnSignals signals;
    if (session) {
      const std::vector<std::string> io = session->start();
      options.process_problems.insert(options.process_problems.end(), io.begin(), io.end());
    }
    try {
      r = rt::run_crane_realtime(s.crane, s.hydraulics, in.equilibrium, valve, s.cosim, options, sink, g_stop);
    } catch (const std::invalid_argument& e) {
      if (session) session->finish(0, "");
      throw io::InputError(s.source + ": " + e.what());
    }
  }
  if (r.refused) {
    if (session) session->finish(0, "");
    for (const std::string& reason : r.not_real_time)
      std::fprintf(stderr, "hilsim run: %s\n", reason.c_str());
    std::fprintf(stderr, "hilsim run: refusing to run without real-time scheduling (--require-rt)\n");
    return 2;
  }
  for (const std::string& note : process.notes()) std::printf("note: %s\n", note.c_str());
  print_report(s, r);
  std::printf(
      "simulated %.6g s in %.3f s wall (real-time factor %.2f); %lld rows%s\n", sink.last_t, r.wall_seconds,
      r.wall_seconds > 0 ? sink.last_t / r.wall_seconds : 0.0, static_cast<long long>(r.writer.rows),
      r.writer.unpaired ? (", " + std::to_string(r.writer.unpaired) + " unpaired records").c_str() : "");
  if (s.out) {
    csv.close();
    if (!csv) throw io::InputError(*s.out + ": writing the output file failed");
    std::printf("trajectory: %lld rows written to %s\n", static_cast<long long>(r.writer.rows),
                s.out->c_str());
  }
  const std::string sha = s.out ? print_output_hash(*s.out) : "";
  if (session) {
    session->finish(std::min(r.mechanics.reached, r.hydraulics.reached), sha);
    session->print_report();
    if (s.hil.input == hil::InputSource::kCan) {
      // Candump logs carry CLOCK_REALTIME: this lines one (the recording's or the user's) up with the run.
      const std::string t0 = hil::format_candump_time(r.start_realtime_us);
      std::printf("can: t = 0 was candump time %s (hilsim replay --candump LOG --t0 %s)\n", t0.c_str(), t0.c_str());
    }
  }
  if (reference) print_deviation(s, *reference, sink.samples);
  if (!r.not_real_time.empty()) {
    std::printf("NOT REAL TIME: the figures above come from a run without the real-time settings listed\n");
  }
  if (r.diverged) {
    std::fprintf(stderr,
                 "hilsim run: the co-simulation diverged after t = %.6g s (a state is not finite); "
                 "reduce H or h_H\n",
                 sink.last_t);
    return 3;
  }
  if (!r.finished) {
    const bool overrun = r.mechanics.loop->stopped_by_overrun || r.hydraulics.loop->stopped_by_overrun;
    const std::string why = overrun ? "an overrun with [rt] overrun = \"stop\""
                                    : std::string("mechanics ") + rt::to_string(r.mechanics.end) +
                                          ", hydraulics " + rt::to_string(r.hydraulics.end);
    std::fprintf(stderr, "hilsim run: the run stopped early after t = %.6g s (%s)\n", sink.last_t,
                 why.c_str());
    return 4;
  }
  return 0;
}

}  // namespace hilsim::tools
