#include "rt/subsystem_task.h"

#include <stdexcept>

#include "rt/polling.h"

namespace hilsim::rt {

const char* to_string(TaskEnd end) {
  switch (end) {
    case TaskEnd::kRunning:
      return "running";
    case TaskEnd::kFinished:
      return "finished";
    case TaskEnd::kDiverged:
      return "diverged";
    case TaskEnd::kPeerStopped:
      return "a subsystem it exchanges with stopped";
    case TaskEnd::kStopRequested:
      return "stop requested";
    case TaskEnd::kProtocolError:
      return "exchange protocol error";
  }
  return "?";
}

SubsystemTask::SubsystemTask(sim::Subsystem& subsystem, std::int64_t communication_points, int input_lag,
                             std::vector<TaskInput> inputs, std::vector<TaskOutput> outputs,
                             ProbeRing& probes, TelemetryPolicy policy, const std::atomic<bool>& stop,
                             MicroStepObserver* observer)
    : subsystem_(subsystem),
      K_(subsystem.micro_steps()),
      N_(communication_points),
      input_lag_(input_lag),
      inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      probes_(probes),
      policy_(policy),
      stop_(stop),
      observer_(observer),
      input_count_(subsystem.input_names().size()) {
  if (N_ < 1) throw std::invalid_argument("the run is shorter than one macro step H");
  if (K_ < 1 || policy_.decimation < 1)
    throw std::invalid_argument("real-time task: bad step counts for " + subsystem.name());
}

void SubsystemTask::begin() noexcept {
  const bool healthy = subsystem_.healthy();
  if (healthy && !publish(0)) return;
  record(0, healthy);
  if (!healthy) end_ = TaskEnd::kDiverged;
}

bool SubsystemTask::publish(std::int64_t point) noexcept {
  ExchangeFrame out;
  out.n = point;
  subsystem_.get_outputs(std::span<double>(out.y.data(), subsystem_.output_names().size()));
  for (const TaskOutput& o : outputs_) {
    if (point < o.lag || point > N_ - 1 + o.lag) continue;  // nobody takes it
    bool waited = false;
    if (!poll_until([&] { return o.channel->try_push(out); }, stop_, waited)) {
      end_ = TaskEnd::kStopRequested;
      return false;
    }
    if (waited) ++exchange_waits_;
  }
  return true;
}

bool SubsystemTask::receive(std::int64_t n) noexcept {
  for (const TaskInput& in : inputs_) {
    bool waited = false;
    if (!poll_until([&] { return in.channel->try_pop(frame_); }, stop_, waited)) {
      end_ = TaskEnd::kStopRequested;
      return false;
    }
    if (waited) ++exchange_waits_;
    if (frame_.stop) {
      end_ = TaskEnd::kPeerStopped;
      return false;
    }
    if (frame_.n != n + in.lag) {
      end_ = TaskEnd::kProtocolError;
      return false;
    }
    for (const auto& [output, input] : in.ports) u_[input] = frame_.y[output];
  }
  return true;
}

void SubsystemTask::record(std::int64_t point, bool healthy) noexcept {
  // Every d-th point, the last one (the run's end is always in the CSV) and any unhealthy one.
  if (healthy && point % policy_.decimation != 0 && point != N_) return;
  ProbeRecord r;
  r.n = point;
  r.healthy = healthy;
  subsystem_.probe(point, std::span<double>(r.values.data(), r.values.size()));
  if (!policy_.wait_for_room) {
    probes_.push(r);  // a full ring drops and counts
    return;
  }
  bool waited = false;
  if (!poll_until([&] { return probes_.try_push(r); }, stop_, waited)) probes_.push(r);
}

void SubsystemTask::announce_stop() noexcept {
  if (stop_announced_) return;
  stop_announced_ = true;
  ExchangeFrame f;
  f.stop = true;
  for (const TaskOutput& o : outputs_) o.channel->try_push(f);  // room by the capacity argument
}

LoopAction SubsystemTask::stop_with(TaskEnd end) noexcept {
  if (end_ == TaskEnd::kRunning) end_ = end;
  announce_stop();
  return LoopAction::kStop;
}

LoopAction SubsystemTask::operator()(std::int64_t cycle) noexcept {
  if (end_ != TaskEnd::kRunning) return stop_with(end_);
  if (stop_.load(std::memory_order_relaxed)) return stop_with(TaskEnd::kStopRequested);
  const std::int64_t n = cycle / K_, j = cycle % K_;
  if (j == 0) {
    if (!receive(n)) return stop_with(end_);
    subsystem_.set_inputs(n + input_lag_, std::span<const double>(u_.data(), input_count_));
    subsystem_.begin_macro_step(n);
  }
  subsystem_.micro_step(n, j);
  if (observer_) observer_->after_micro_step(subsystem_, cycle, subsystem_.healthy());
  if (j + 1 != K_) return LoopAction::kContinue;

  // Communication point n + 1: publish y(t_{n+1}) first (a consumer may be waiting), then record.
  subsystem_.end_macro_step(n);
  const std::int64_t n1 = n + 1;
  reached_ = n1;
  const bool healthy = subsystem_.healthy();
  if (healthy && !publish(n1)) {
    record(n1, healthy);
    return stop_with(end_);
  }
  record(n1, healthy);
  if (!healthy) return stop_with(TaskEnd::kDiverged);
  if (n1 == N_) {
    end_ = TaskEnd::kFinished;
    return LoopAction::kStop;
  }
  return LoopAction::kContinue;
}

}  // namespace hilsim::rt
