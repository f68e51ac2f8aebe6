// A scenario's run in the real-time threads of hilsim_rt, paced at wall-clock time (`hilsim run
// --realtime`) or unpaced (`--threads`), with the CSV and the live telemetry written by the
// non-real-time writer thread, the HIL session of a live input, and a report of the threads'
// scheduling, latencies and overruns. For its run the process is set up for real time
// (rt/process_setup.h: memory locked when it fits, glibc's allocation tuned, the CPU latency bound
// held; all undone when the run returns) and SIGINT, SIGTERM and SIGHUP stop the run instead of the
// process (stop_on_signals.h).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "rt/plan_executor.h"
#include "rt/process_setup.h"
#include "sim/analysis/trajectory.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/run/run_inputs.h"

namespace hilsim::tools {

struct RealtimeOptions {
  bool paced = true;        // at wall-clock time (hilsim's --realtime); false: unpaced (--threads)
  bool require_rt = false;  // refuse (exit 2) unless every real-time setting was granted (--require-rt)
  std::optional<std::string> record;   // write every applied input here (hil/recording.h; --record)
  bool quiet = false;                  // no live status line (--quiet)
  std::optional<std::string> events;   // write the run's events CSV here (run_events.h; --events)
  std::optional<std::string> latency;  // write the threads' latency histograms here (--latency)
};

// What a threaded run of `scenario` with `plan` maps after its process set-up, the figure its
// memory-lock check (rt::ProcessSetup) weighs against RLIMIT_MEMLOCK with the process's size: the
// executor's threads and buffers, the CSV writer's thread, the session's threads and rings for a live
// input or `record`, and the samples kept for a `reference` comparison.
std::size_t threaded_run_bytes(const scenario::Scenario& scenario, const sim::Plan& plan,
                               const std::optional<std::string>& record, bool reference);
// The same for the crane's plan of `scenario`, built here, and a run without --record (hilsim doctor).
std::size_t threaded_run_bytes(const scenario::Scenario& scenario);

// The lines of one thread's report: its period, the CPU and scheduling it got, its cycles, overruns and
// exchange waits, its wake-up latency (paced) and execution time, and why it ended early if it did.
void print_task_report(const rt::TaskReport& task, bool paced);
// rt::executor_bytes of the plan under the scenario's [rt]; io::InputError naming the scenario for
// threads grouped against the rules (rt/thread_groups.h).
std::size_t checked_executor_bytes(const sim::Plan& plan, const scenario::Scenario& scenario);
// "5 threads, one per subsystem", or "2 threads for 5 subsystems" when some share a thread.
std::string describe_threads(const rt::ExecutorResult& r);

class HilSession;

// The verdict of a threaded run (realtime_verdict.h) and, one a line, every setting it was not
// granted. `session` (may be null): its late commands count as missed deadlines.
void print_realtime_verdict(const rt::ExecutorResult& r, const HilSession* session);

// After the real-time threads: replaces the output with the complete CSV (when there is one) and prints
// its rows and hash; then gives the recording its end line (the communication points the CSV holds, its
// hash: none when the CSV failed) and prints the bridge's report, whatever became of the CSV; only then
// rethrows the CSV's failure (io::InputError naming the file, or bad_alloc). `session` may be null.
void commit_outputs(std::optional<io::TrajectoryCsvWriter>& csv, HilSession* session,
                    const scenario::Scenario& scenario, const rt::ExecutorResult& r);

// The executor's options of a threaded run: paced or not, the scenario's [rt], --require-rt, what
// the process set-up was refused, and the session's observer (null without a session). One place
// for the crane's runs and the contact task's.
rt::ExecutorOptions executor_options(const scenario::Scenario& scenario, bool paced, bool require_rt,
                                     const rt::ProcessSetup& process, HilSession* session);

// The plan's real-time threads under `options`, until the run ends or SIGINT/SIGTERM (stop_flag()) stops
// it: a live session's I/O thread starts first (what it was refused joins options.process_problems) and
// counts the threads' overruns; `attach` sees the executor before it runs (a status line counting them).
rt::ExecutorResult execute_plan_in_threads(sim::Plan& plan, rt::ExecutorOptions options, rt::PointSink& sink,
                                           HilSession* session,
                                           const std::function<void(const rt::PlanExecutor&)>& attach = {});

// A run --require-rt refused: every reason on stderr, the session abandoned; true then (exit 2).
bool report_refused_run(const rt::ExecutorResult& r, HilSession* session);

// Exit status: 0 done, 2 refused (--require-rt), 3 diverged, 4 stopped early (an overrun with
// [rt] overrun = "stop", or SIGINT/SIGTERM).
int run_in_threads(const scenario::Scenario& scenario, const RunInputs& inputs,
                   const std::optional<sim::ReferenceCurve>& reference, const RealtimeOptions& flags);

}  // namespace hilsim::tools
