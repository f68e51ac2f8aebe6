// One subsystem of a co-simulation plan, stepped by a periodic loop in its own thread: one cycle
// is one micro step (period h of the subsystem), K cycles one macro step. The cycle that begins
// macro step n takes the inputs of every incoming edge, tagged n + lag (sim/cosim/coupling_graph.h),
// sets them and begins the step; the cycle that ends it publishes y(t_{n+1}) on every outgoing
// edge and hands its probes to the writer. This is the offline manager's order
// (sim/cosim/manager.cc) spread over threads: the subsystem does the same arithmetic in the same
// order, so the samples are the same bytes.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "rt/exchange.h"
#include "rt/micro_step_observer.h"
#include "rt/periodic_loop.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::rt {

struct TaskInput {
  ExchangeChannel* channel = nullptr;                      // this task is its single consumer
  int lag = 0;                                             // macro step n takes the frame of point n + lag
  std::vector<std::pair<std::size_t, std::size_t>> ports;  // (producer output, own input)
};

struct TaskOutput {
  ExchangeChannel* channel = nullptr;  // this task is its single producer
  int lag = 0;                         // the consumer's lag: frames of points lag … N − 1 + lag
};

// How a task hands its probes to its ring.
struct TelemetryPolicy {
  std::int64_t decimation = 1;  // every d-th communication point (and the last and any unhealthy one)
  // Paced runs drop a record when the ring is full (a real-time thread never waits for the
  // writer). Unpaced runs have no deadline to keep: they wait for room and drop nothing.
  bool wait_for_room = false;
};

class SubsystemTask final {
 public:
  // `communication_points`: N, the run ends at t_N. `input_lag`: the graph's input_lag() of the
  // subsystem. Throws std::invalid_argument for N < 1.
  SubsystemTask(sim::Subsystem& subsystem, std::int64_t communication_points, int input_lag,
                std::vector<TaskInput> inputs, std::vector<TaskOutput> outputs, ProbeRing& probes,
                TelemetryPolicy policy, const std::atomic<bool>& stop, MicroStepObserver* observer);

  // Before the loop: publishes y(t_0) where a consumer takes it, and probes point 0.
  void begin() noexcept;
  // The loop body: cycle c is micro step c mod K of macro step c / K.
  LoopAction operator()(std::int64_t cycle) noexcept;
  // Tells every consumer that no frame follows (once).
  void announce_stop() noexcept;

  const sim::Subsystem& subsystem() const { return subsystem_; }
  TaskEnd end() const { return end_; }
  std::int64_t exchange_waits() const { return exchange_waits_; }  // inputs or room not there at first look
  std::int64_t reached() const { return reached_; }                // last communication point reached

 private:
  bool receive(std::int64_t n) noexcept;
  bool publish(std::int64_t point) noexcept;
  void record(std::int64_t point, bool healthy) noexcept;
  LoopAction stop_with(TaskEnd end) noexcept;

  sim::Subsystem& subsystem_;
  std::int64_t K_;
  std::int64_t N_;
  int input_lag_;
  std::vector<TaskInput> inputs_;
  std::vector<TaskOutput> outputs_;
  ProbeRing& probes_;
  TelemetryPolicy policy_;
  const std::atomic<bool>& stop_;
  MicroStepObserver* observer_;
  std::array<double, sim::kMaxPorts> u_{};
  std::size_t input_count_;
  ExchangeFrame frame_;
  TaskEnd end_ = TaskEnd::kRunning;
  std::int64_t exchange_waits_ = 0;
  std::int64_t reached_ = 0;
  bool stop_announced_ = false;
};

}  // namespace hilsim::rt
