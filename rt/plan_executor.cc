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

// A thread's loop body: one cycle of each of its tasks still running, in the plan's order. A task
// that ends early has told its consumers (SubsystemTask::stop_with); the others are told to stop.
// (Not in the anonymous namespace: PlanExecutor::Shared holds it, and a member of a class with
// external linkage must have it too, -Wsubobject-linkage, in a unity build.)
class ExecutorThreadBody {
 public:
  ExecutorThreadBody(std::vector<SubsystemTask*> tasks, std::atomic<bool>& stop)
      : tasks_(std::move(tasks)), stop_(stop) {}
  LoopAction operator()(std::int64_t cycle) noexcept {
    bool running = false;
    for (SubsystemTask* task : tasks_) {
      if (task->end() != TaskEnd::kRunning) continue;
      if ((*task)(cycle) == LoopAction::kContinue) {
        running = true;
      } else if (task->end() != TaskEnd::kFinished) {
        stop_.store(true, std::memory_order_relaxed);
      }
    }
    return running ? LoopAction::kContinue : LoopAction::kStop;
  }
  const std::vector<SubsystemTask*>& tasks() const { return tasks_; }

 private:
  std::vector<SubsystemTask*> tasks_;
  std::atomic<bool>& stop_;
};

namespace {

// One thread's body: publish every task's y(t_0), run the loop, tell the others if one ended early.
void run_thread(ExecutorThreadBody& body, const LoopConfig& config, Nanoseconds start_ns, LoopStats& stats,
                std::atomic<bool>& stop, const std::vector<std::atomic<bool>*>& done) noexcept {
  bool running = false;
  for (SubsystemTask* task : body.tasks()) {
    task->begin();
    running = running || task->end() == TaskEnd::kRunning;
    // Ended at t_0 (diverged, stopped): its consumers and the thread's other tasks must not wait for it.
    if (task->end() != TaskEnd::kRunning) {
      task->announce_stop();
      stop.store(true, std::memory_order_relaxed);
    }
  }
  if (running) run_periodic(config, start_ns, stats, body);
  for (SubsystemTask* task : body.tasks()) {
    // Ended by the overrun policy, or before its loop (diverged at t_0, stopped): no frame follows.
    if (task->end() == TaskEnd::kFinished) continue;
    task->announce_stop();
    stop.store(true, std::memory_order_relaxed);
  }
  for (std::atomic<bool>* d : done) d->store(true, std::memory_order_release);
}

}  // namespace

// Everything the threads share, on the heap.
struct PlanExecutor::Shared {
  TaskSet set;
  std::unique_ptr<std::atomic<bool>[]> done;                // per task: set when its thread ends
  std::vector<std::unique_ptr<ExecutorThreadBody>> bodies;  // per thread
  std::vector<std::vector<std::atomic<bool>*>> done_flags;  // per thread: its tasks' done flags

  // One body per thread, stepping its group's tasks.
  void make_bodies(const std::vector<ThreadGroup>& groups, std::atomic<bool>& stop) {
    for (const ThreadGroup& g : groups) {
      std::vector<SubsystemTask*> members;
      done_flags.emplace_back();
      for (const std::size_t i : g.members) {
        members.push_back(set.tasks[i].get());
        done_flags.back().push_back(&done[i]);
      }
      bodies.push_back(std::make_unique<ExecutorThreadBody>(std::move(members), stop));
    }
  }
};

std::int64_t ExecutorResult::reached() const {
  std::int64_t r = communication_points;
  for (const TaskReport& t : tasks) r = std::min(r, t.reached);
  return r;
}

bool ExecutorResult::stopped_by_overrun() const {
  return std::any_of(tasks.begin(), tasks.end(),
                     [](const TaskReport& t) { return t.loop->stopped_by_overrun; });
}

std::size_t executor_bytes(const std::vector<ThreadConfig>& threads, std::size_t subsystems,
                           std::size_t edges) {
  std::size_t bytes = thread_bytes(default_thread_stack_bytes());  // the writer's (std::thread)
  for (const ThreadConfig& t : threads) bytes += thread_bytes(t.stack_bytes) + sizeof(LoopStats);
  bytes += subsystems * (sizeof(ProbeRing) + sizeof(SubsystemTask));
  return bytes + edges * sizeof(ExchangeChannel);
}

std::size_t executor_bytes(const sim::Plan& plan, const RtSettings& settings) {
  std::vector<ThreadConfig> threads;
  for (const ThreadGroup& g : plan_thread_groups(plan, settings)) threads.push_back(g.thread);
  return executor_bytes(threads, plan.size(), plan.graph().edges().size());
}

PlanExecutor::PlanExecutor(sim::Plan& plan, ExecutorOptions options)
    : plan_(plan), options_(std::move(options)), shared_(std::make_unique<Shared>()) {
  if (plan.communication_points() < 1)
    throw std::invalid_argument("the run is shorter than one macro step H");
  result_.communication_points = plan.communication_points();
  result_.paced = options_.pacing == Pacing::kWallClock;
  result_.subsystems = plan.size();
  groups_ = plan_thread_groups(plan, options_.settings);
  for (const ThreadGroup& g : groups_) {
    const std::size_t first = g.members.front();
    TaskReport t;
    t.subsystem = g.label(plan);
    t.thread = g.thread;
    t.period_ns = seconds_to_ns(plan.subsystem(first).micro_step_size());
    t.offset_ns = seconds_to_ns(plan.graph().schedule_offset(first, plan.H()));
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
  shared_->make_bodies(groups_, stop);
  std::vector<int> cpus;
  for (const TaskReport& t : result_.tasks) cpus.push_back(t.thread.cpu);
  Nanoseconds start_ns = 0;  // written before the threads are released, read after
  std::vector<std::unique_ptr<RtThread>> threads;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    TaskReport& t = result_.tasks[g];
    const LoopConfig config{t.period_ns, paced, options_.settings.overrun_policy};
    threads.push_back(std::make_unique<RtThread>(t.thread, [&, g, config] {
      run_thread(*shared_->bodies[g], config, start_ns + result_.tasks[g].offset_ns, *result_.tasks[g].loop,
                 stop, shared_->done_flags[g]);
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
  collect_results();
  if (result_.writer.error) std::rethrow_exception(result_.writer.error);
  return std::move(result_);
}

// Each thread's report from its tasks' ends, and the run's.
void PlanExecutor::collect_results() {
  const std::vector<std::unique_ptr<SubsystemTask>>& tasks = shared_->set.tasks;
  result_.finished = true;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    TaskReport& t = result_.tasks[g];
    t.end = TaskEnd::kFinished;
    t.reached = result_.communication_points;
    for (const std::size_t i : groups_[g].members) {
      if (t.end == TaskEnd::kFinished) t.end = tasks[i]->end();
      t.exchange_waits += tasks[i]->exchange_waits();
      t.reached = std::min(t.reached, tasks[i]->reached());
      t.telemetry_dropped += shared_->set.rings[i]->dropped();
      result_.finished = result_.finished && tasks[i]->end() == TaskEnd::kFinished;
      result_.diverged = result_.diverged || tasks[i]->end() == TaskEnd::kDiverged;
    }
  }
}

}  // namespace hilsim::rt
