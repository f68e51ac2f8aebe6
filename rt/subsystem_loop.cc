#include "rt/subsystem_loop.h"

#include <algorithm>
#include <span>
#include <stdexcept>

#include "rt/polling.h"

namespace hilsim::rt {

const char* to_string(LoopEnd end) {
  switch (end) {
    case LoopEnd::kRunning:
      return "running";
    case LoopEnd::kFinished:
      return "finished";
    case LoopEnd::kDiverged:
      return "diverged";
    case LoopEnd::kPeerStopped:
      return "peer stopped";
    case LoopEnd::kStopRequested:
      return "stop requested";
    case LoopEnd::kProtocolError:
      return "exchange protocol error";
  }
  return "?";
}

SubsystemLoop::SubsystemLoop(sim::Subsystem& subsystem, const std::vector<std::string>& peer_outputs,
                             std::int64_t steps_per_exchange, std::int64_t communication_points,
                             CouplingChannel& to_peer, CouplingChannel& from_peer, CommunicationHook& hook,
                             const std::atomic<bool>& stop, StepObserver* observer)
    : subsystem_(subsystem),
      steps_per_exchange_(steps_per_exchange),
      communication_points_(communication_points),
      to_peer_(to_peer),
      from_peer_(from_peer),
      hook_(hook),
      stop_(stop),
      observer_(observer) {
  if (subsystem.input_names().size() > kMaxPorts || subsystem.output_names().size() > kMaxPorts ||
      peer_outputs.size() > kMaxPorts) {
    throw std::invalid_argument("real-time exchange: more than 8 ports on subsystem " + subsystem.name());
  }
  if (steps_per_exchange < 1 || communication_points < 0) {
    throw std::invalid_argument("real-time exchange: bad step counts for subsystem " + subsystem.name());
  }
  for (const std::string& input : subsystem.input_names()) {
    const auto it = std::find(peer_outputs.begin(), peer_outputs.end(), input);
    if (it == peer_outputs.end()) {
      throw std::invalid_argument("real-time exchange: input '" + input + "' of " + subsystem.name() +
                                  " has no peer output of that name");
    }
    route_.push_back(static_cast<std::size_t>(it - peer_outputs.begin()));
  }
}

void SubsystemLoop::begin() noexcept {
  const bool healthy = subsystem_.healthy();
  if (communication_points_ > 0 && healthy) publish(0);
  hook_.at_communication_point(0, healthy);
  if (!healthy) end_ = LoopEnd::kDiverged;
}

bool SubsystemLoop::publish(std::int64_t n) noexcept {
  CouplingFrame out;
  out.n = n;
  const std::size_t ports = subsystem_.output_names().size();
  subsystem_.get_outputs(std::span<double>(out.y.data(), ports));
  return to_peer_.try_push(out);
}

bool SubsystemLoop::receive(std::int64_t n) noexcept {
  bool waited = false;
  if (!poll_until([this] { return from_peer_.try_pop(frame_); }, stop_, waited)) {
    end_ = LoopEnd::kStopRequested;
    return false;
  }
  if (waited) ++exchange_waits_;
  if (frame_.stop) {
    end_ = LoopEnd::kPeerStopped;
    return false;
  }
  if (frame_.n != n) {
    end_ = LoopEnd::kProtocolError;
    return false;
  }
  for (std::size_t i = 0; i < route_.size(); ++i) u_[i] = frame_.y[route_[i]];
  return true;
}

void SubsystemLoop::announce_stop() noexcept {
  if (stop_announced_) return;
  stop_announced_ = true;
  CouplingFrame f;
  f.stop = true;
  to_peer_.try_push(f);  // room by the capacity argument; a peer that has stopped no longer reads
}

LoopAction SubsystemLoop::stop_with(LoopEnd end) noexcept {
  if (end_ == LoopEnd::kRunning) end_ = end;
  announce_stop();
  return LoopAction::kStop;
}

LoopAction SubsystemLoop::operator()(std::int64_t cycle) noexcept {
  if (end_ != LoopEnd::kRunning) return stop_with(end_);
  if (stop_.load(std::memory_order_relaxed)) return stop_with(LoopEnd::kStopRequested);
  if (cycle % steps_per_exchange_ == 0) {
    if (!receive(cycle / steps_per_exchange_)) return stop_with(end_);
    subsystem_.set_inputs(cycle, std::span<const double>(u_.data(), route_.size()));
  }
  subsystem_.do_step(cycle);
  if (observer_) {
    observer_->after_step(cycle, std::span<const double>(u_.data(), route_.size()), subsystem_,
                          subsystem_.healthy());
  }
  if ((cycle + 1) % steps_per_exchange_ != 0) return LoopAction::kContinue;

  // Communication point n + 1: publish y(t_{n+1}) first (the peer may be waiting), then report.
  const std::int64_t n1 = (cycle + 1) / steps_per_exchange_;
  reached_ = n1;
  const bool healthy = subsystem_.healthy();
  if (healthy && n1 < communication_points_ && !publish(n1)) {
    hook_.at_communication_point(n1, healthy);
    return stop_with(LoopEnd::kProtocolError);
  }
  hook_.at_communication_point(n1, healthy);
  if (!healthy) return stop_with(LoopEnd::kDiverged);
  if (n1 == communication_points_) {
    end_ = LoopEnd::kFinished;
    return LoopAction::kStop;
  }
  return LoopAction::kContinue;
}

}  // namespace hilsim::rt
