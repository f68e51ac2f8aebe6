// A co-simulation plan (sim/cosim/plan.h) executed in real-time threads: one task per subsystem
// (rt/subsystem_task.h), each in its own thread with its own period (the subsystem's micro step),
// CPU and priority, or several alike in one thread (rt/thread_groups.h), one SPSC channel per edge of the
// coupling graph, one probe ring per subsystem drained by a non-real-time writer thread. Paced, every task
// keeps absolute deadlines start + offset + c·h; the Gauss-Seidel offset (CouplingGraph::schedule_offset)
// starts a downstream task when what it waits for is due, so that wait is not lateness. Unpaced, the same
// threads and exchange run as fast as they can. Either way the points are the offline run's bytes.
//
// rt/ knows the plan only as subsystems and a graph: no crane, no actuator.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "rt/micro_step_observer.h"
#include "rt/probe_writer.h"
#include "rt/rt_settings.h"
#include "rt/subsystem_task.h"
#include "rt/thread_groups.h"
#include "rt/thread_setup.h"
#include "sim/cosim/plan.h"

namespace hilsim::rt {

enum class Pacing {
  kWallClock,  // each thread waits for its absolute deadlines (hilsim run --realtime)
  kUnpaced,    // same threads and exchange, as fast as possible (hilsim run --threads)
};

struct ExecutorOptions {
  Pacing pacing = Pacing::kWallClock;
  RtSettings settings;
  // Refuse to run (ExecutorResult::refused) when anything keeps the run from being real time.
  bool require_rt = false;
  // Reasons from the process set-up (rt::ProcessSetup) that already make the run not real time.
  std::vector<std::string> process_problems;
  Nanoseconds start_delay_ns = 20'000'000;  // from releasing the threads to the first deadline
  MicroStepObserver* observer = nullptr;    // called after every micro step of every task
};

// One thread's: its subsystem, or the subsystems it steps in turn.
struct TaskReport {
  std::string subsystem;  // the subsystem's name, or its subsystems' "hydraulics, hydraulics_2, …"
  ThreadConfig thread;    // as configured
  ThreadSetupResult setup;
  std::unique_ptr<LoopStats> loop = std::make_unique<LoopStats>();
  Nanoseconds period_ns = 0;
  Nanoseconds offset_ns = 0;        // its schedule behind t = n H (Gauss-Seidel downstream)
  TaskEnd end = TaskEnd::kRunning;  // the first of its subsystems' that is not kFinished, else kFinished
  std::int64_t exchange_waits = 0;  // of all its subsystems
  std::int64_t reached = 0;         // the last point every one of its subsystems reached
  std::uint64_t telemetry_dropped = 0;
};

struct ExecutorResult {
  bool refused = false;                    // require_rt and a reason below: nothing ran
  std::vector<std::string> not_real_time;  // every reason the run is not real time; empty = it is
  bool paced = true;
  std::vector<TaskReport> tasks;  // one per thread, in the order of their first subsystems in the plan
  std::size_t subsystems = 0;     // the plan's: tasks.size() when each has a thread of its own
  WriterResult writer;
  std::int64_t communication_points = 0;  // N: the run ends at t_N
  bool finished = false;                  // every task reached t_N
  bool diverged = false;                  // a state stopped being finite
  double wall_seconds = 0.0;
  // CLOCK_REALTIME of t = 0 (the first deadline) [µs], the clock of SocketCAN's receive times and
  // so of candump logs: `hilsim replay --candump --t0` lines a log up with the run by it.
  std::int64_t start_realtime_us = 0;
  std::int64_t reached() const;  // the last communication point every task reached
  bool stopped_by_overrun() const;
};

// What a PlanExecutor maps when it runs `threads` for `subsystems` exchanging over `edges` channels:
// each thread's stack and loop statistics, each subsystem's probe ring and task, the channels, and
// the writer thread's stack. rt::ProcessSetup weighs it against RLIMIT_MEMLOCK before it locks
// memory.
std::size_t executor_bytes(const std::vector<ThreadConfig>& threads, std::size_t subsystems,
                           std::size_t edges);
// The same for `plan` under `settings`.
std::size_t executor_bytes(const sim::Plan& plan, const RtSettings& settings);

class PlanExecutor final {
 public:
  // Sets up the tasks, channels and reports; throws std::invalid_argument for a plan shorter than
  // one macro step, or threads grouped against the rules (rt/thread_groups.h). The plan must outlive
  // the executor.
  PlanExecutor(sim::Plan& plan, ExecutorOptions options);
  ~PlanExecutor();
  PlanExecutor(const PlanExecutor&) = delete;
  PlanExecutor& operator=(const PlanExecutor&) = delete;

  // Each thread's loop statistics (their overrun counts may be read while the run goes on).
  std::vector<const LoopStats*> loops() const;
  // Runs the plan; `stop` ends it early when set by another thread or a signal handler, and is set
  // by the run when a task stops abnormally. Call once.
  ExecutorResult run(PointSink& sink, std::atomic<bool>& stop);

 private:
  struct Shared;
  void collect_results();

  sim::Plan& plan_;
  ExecutorOptions options_;
  std::unique_ptr<Shared> shared_;
  std::vector<ThreadGroup> groups_;  // one per thread
  ExecutorResult result_;
};

}  // namespace hilsim::rt
