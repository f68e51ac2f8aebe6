// One co-simulation subsystem driven by a periodic loop, exchanging its outputs with one peer
// subsystem (in another thread) through a pair of SPSC channels: the Jacobi scheme of the offline
// manager (sim/cosim/manager.h), split over two threads.
//
// The subsystem advances one do_step per cycle; every `steps_per_exchange` cycles is a
// communication point t_n. At t_n each side has published its y(t_n) (at the end of the cycle
// that computed it), takes the peer's y(t_n), sets its inputs, and steps on: exactly the offline
// order "every subsystem reads the others' y(t_n), then all step". A subsystem whose own step is
// the hydraulic step h_H is stepped once per h_H cycle and gets new inputs every H/h_H cycles.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rt/periodic_loop.h"
#include "rt/spsc_channel.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::rt {

inline constexpr std::size_t kMaxPorts = 8;

// y(t_n) of one subsystem, or the end of its stream.
struct CouplingFrame {
  std::int64_t n = 0;  // communication point
  bool stop = false;   // the sender has stopped; no frame follows
  std::array<double, kMaxPorts> y{};
};

// Capacity argument: a side publishes y(t_{n+1}) only after it has taken the peer's y(t_n), and
// the peer publishes y(t_n) before it takes ours. So when we push frame n+1, the peer has pushed
// frame n, hence popped our frame n-1: at most frames n and n+1 (and, once, a stop frame) wait in
// a channel. Four slots leave room; a failed push is reported as a protocol error, never waited on.
using CouplingChannel = SpscChannel<CouplingFrame, 4>;

// What a loop does at each communication point (telemetry). Called in the real-time thread.
class CommunicationHook {
 public:
  virtual ~CommunicationHook() = default;
  // The subsystem has reached communication point n (n = 0 before the first step); `healthy` is
  // its healthy() there.
  virtual void at_communication_point(std::int64_t n, bool healthy) noexcept = 0;
};

// What a loop does after every step (the sensor outputs of a hardware-in-the-loop run). Called in
// the real-time thread; `inputs` are the inputs the step used.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  virtual void after_step(std::int64_t step, std::span<const double> inputs, const sim::Subsystem& subsystem,
                          bool healthy) noexcept = 0;
};

enum class LoopEnd {
  kRunning,        // not ended (or ended by the periodic loop's overrun policy)
  kFinished,       // reached the last communication point
  kDiverged,       // a state stopped being finite
  kPeerStopped,    // the peer stopped
  kStopRequested,  // the run was asked to stop
  kProtocolError,  // a frame out of order or a full channel: a bug, reported
};
const char* to_string(LoopEnd end);

class SubsystemLoop final {
 public:
  // Each input of `subsystem` is fed by the peer's output of the same name. Throws
  // std::invalid_argument when one has no such peer output or there are more than kMaxPorts ports.
  SubsystemLoop(sim::Subsystem& subsystem, const std::vector<std::string>& peer_outputs,
                std::int64_t steps_per_exchange, std::int64_t communication_points, CouplingChannel& to_peer,
                CouplingChannel& from_peer, CommunicationHook& hook, const std::atomic<bool>& stop,
                StepObserver* observer = nullptr);

  // Before the loop: publishes y(t_0) and reports communication point 0.
  void begin() noexcept;
  // The loop body: cycle c runs the subsystem's step c.
  LoopAction operator()(std::int64_t cycle) noexcept;
  // Tells the peer this side has stopped (for a loop ended by its overrun policy).
  void announce_stop() noexcept;

  LoopEnd end() const { return end_; }
  // Communication points at which the peer's y(t_n) had not arrived when it was first looked for.
  std::int64_t exchange_waits() const { return exchange_waits_; }
  // The last communication point this side reached.
  std::int64_t reached() const { return reached_; }

 private:
  bool receive(std::int64_t n) noexcept;
  bool publish(std::int64_t n) noexcept;
  LoopAction stop_with(LoopEnd end) noexcept;

  sim::Subsystem& subsystem_;
  std::vector<std::size_t> route_;  // input i ← peer output route_[i]
  std::int64_t steps_per_exchange_;
  std::int64_t communication_points_;
  CouplingChannel& to_peer_;
  CouplingChannel& from_peer_;
  CommunicationHook& hook_;
  const std::atomic<bool>& stop_;
  StepObserver* observer_;
  std::array<double, kMaxPorts> u_{};
  CouplingFrame frame_{};
  std::int64_t exchange_waits_ = 0;
  std::int64_t reached_ = 0;
  LoopEnd end_ = LoopEnd::kRunning;
  bool stop_announced_ = false;
};

}  // namespace hilsim::rt
