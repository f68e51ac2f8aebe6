#include "rt/plan_executor.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "rt/clock.h"
#include "rt/process_setup.h"
#include "rt/rt_thread.h"
#include "rt/system_info.h"
#include "rt/task_set.h"

namespace hilsim::rt {

// Everything the threads share, on the heap.
struct PlanExecutor::Shared {
  TaskSet set;
  std::unique_ptr<std::atomic<bool>[]> done;  // per task: set when its thread ends
};

namespace {

// One task's thread body: publish y(t_0), run the loop, tell the others if it ended early.
void run_task(SubsystemTask& task, const LoopConfig& config, Nanoseconds start_ns, LoopStats& stats,
              std::atomic<bool>& stop, std::atomic<bool>& done) noexcept {
  task.begin();
  if (task.end() == TaskEnd::kRunning) run_periodic(config, start_ns, stats, task);
  // Ended by the overrun policy, or before its loop (diverged at t_0, stopped): no frame follows.
  if (task.end() != TaskEnd::kFinished) task.announce_stop();
  if (task.end() != TaskEnd::kFinished) stop.store(true, std::memory_order_relaxed);
  done.store(true, std::memory_order_release);
}

}  // namespace

std::int64_t ExecutorResult::reached() const {
  std::int64_t r = communication_points;
  for (const TaskReport& t : tasks) r = std::min(r, t.reached);
  return r;
}

bool ExecutorResult::stopped_by_overrun() const {
  return std::any_of(tasks.begin(), tasks.end(),
                     [](const TaskReport& t) { return t.loop->stopped_by_overrun; });
}

std::vector<ThreadConfig> plan_threads(const sim::Plan& plan, const RtSettings& settings) {
  double shortest = plan.subsystem(0).micro_step_size();
  for (std::size_t i = 0; i < plan.size(); ++i)
    shortest = std::min(shortest, plan.subsystem(i).micro_step_size());
  std::vector<ThreadConfig> threads;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const sim::Subsystem& s = plan.subsystem(i);
    threads.push_back(thread_for(settings, s.name(), s.micro_step_size() <= shortest * (1.0 + 1e-9)));
  }
  return threads;
}

std::size_t executor_bytes(const std::vector<ThreadConfig>& threads, std::size_t edges) {
  std::size_t bytes = thread_bytes(default_thread_stack_bytes());  // the writer's (std::thread)
  for (const ThreadConfig& t : threads) {
    bytes += thread_bytes(t.stack_bytes) + sizeof(ProbeRing) + sizeof(LoopStats) + sizeof(SubsystemTask);
  }
  return bytes + edges * sizeof(ExchangeChannel);
}

std::size_t executor_bytes(const sim::Plan& plan, const RtSettings& settings) {
  return executor_bytes(plan_threads(plan, settings), plan.graph().edges().size());
}

PlanExecutor::PlanExecutor(sim::Plan& plan, ExecutorOptions options)
    : plan_(plan), options_(std::move(options)), shared_(std::make_unique<Shared>()) {
  if (plan.communication_points() < 1)
    throw std::invalid_argument("the run is shorter than one macro step H");
  result_.communication_points = plan.communication_points();
  result_.paced = options_.pacing == Pacing::kWallClock;
  const std::vector<ThreadConfig> threads = plan_threads(plan, options_.settings);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const sim::Subsystem& s = plan.subsystem(i);
    TaskReport t;
    t.subsystem = s.name();
    t.thread = threads[i];
    t.period_ns = seconds_to_ns(s.micro_step_size());
    t.offset_ns = seconds_to_ns(plan.graph().schedule_offset(i, plan.H()));
    result_.tasks.push_back(std::move(t));
  }
  shared_->done = std::make_unique<std::atomic<bool>[]>(plan.size());
}

PlanExecutor::~PlanExecutor() = default;

std::vector<const LoopStats*> PlanExecutor::loops() const {
  std::vector<const LoopStats*> out;
  for (const TaskReport& t : result_.tasks) out.push_back(t.loop.get());
  return out;
}

ExecutorResult PlanExecutor::run(PointSink& sink, std::atomic<bool>& stop) {
  const bool paced = result_.paced;
  shared_->set = wire_tasks(plan_, TelemetryPolicy{options_.settings.telemetry_decimation, !paced}, stop,
                            options_.observer);
  const std::vector<std::unique_ptr<SubsystemTask>>& tasks = shared_->set.tasks;
  std::vector<int> cpus;
  for (const TaskReport& t : result_.tasks) cpus.push_back(t.thread.cpu);
  Nanoseconds start_ns = 0;  // written before the threads are released, read after
  std::vector<std::unique_ptr<RtThread>> threads;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    TaskReport& t = result_.tasks[i];
    const LoopConfig config{t.period_ns, paced, options_.settings.overrun_policy};
    threads.push_back(std::make_unique<RtThread>(t.thread, [&, i, config] {
      run_task(*tasks[i], config, start_ns + result_.tasks[i].offset_ns, *result_.tasks[i].loop, stop,
               shared_->done[i]);
    }));
  }
  result_.not_real_time = options_.process_problems;
  for (std::size_t i = 0; i < threads.size(); ++i) {
    result_.tasks[i].setup = threads[i]->setup();
    const std::vector<std::string>& problems = result_.tasks[i].setup.problems;
    result_.not_real_time.insert(result_.not_real_time.end(), problems.begin(), problems.end());
  }
  if (options_.require_rt && !result_.not_real_time.empty()) {
    result_.refused = true;
    return std::move(result_);  // the threads' destructors cancel them before they run
  }
  std::vector<ProbeRing*> rings;
  std::vector<const std::atomic<bool>*> done;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    rings.push_back(shared_->set.rings[i].get());
    done.push_back(&shared_->done[i]);
  }
  std::thread writer([&] {
    // The writer's file writes must not hold up the real-time CPUs (a kernel without full
    // preemption finishes a system call before it switches to a waking real-time thread).
    keep_off_cpus(cpus);
    result_.writer = drain_probes(rings, done, sink, stop);
  });
  start_ns = now_ns() + options_.start_delay_ns;
  result_.start_realtime_us = (realtime_ns() + (start_ns - now_ns())) / 1000;
  const Nanoseconds wall_start = now_ns();
  for (auto& t : threads) t->release(true);
  for (auto& t : threads) t->join();
  result_.wall_seconds = static_cast<double>(now_ns() - (paced ? start_ns : wall_start)) / 1e9;
  writer.join();

  result_.finished = true;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    TaskReport& t = result_.tasks[i];
    t.end = tasks[i]->end();
    t.exchange_waits = tasks[i]->exchange_waits();
    t.reached = tasks[i]->reached();
    t.telemetry_dropped = shared_->set.rings[i]->dropped();
    result_.finished = result_.finished && t.end == TaskEnd::kFinished;
    result_.diverged = result_.diverged || t.end == TaskEnd::kDiverged;
  }
  if (result_.writer.error) std::rethrow_exception(result_.writer.error);
  return std::move(result_);
}

}  // namespace hilsim::rt
