#include "rt/sensor_publisher.h"

namespace hilsim::rt {

void SensorPublisher::after_step(std::int64_t step, std::span<const double> inputs,
                                 const sim::Subsystem& hydraulics, bool healthy) noexcept {
  // Outputs of the hydraulics subsystem: [p1, p2, f_h, fp]; inputs: [s, sdot].
  std::array<double, 4> y{};
  hydraulics.get_outputs(std::span<double>(y.data(), y.size()));
  SensorSnapshot snap;
  snap.micro_step = step;
  snap.t = static_cast<double>(step + 1) * h_H_;
  snap.s = inputs.size() > 0 ? inputs[0] : 0.0;
  snap.s_dot = inputs.size() > 1 ? inputs[1] : 0.0;
  snap.p1 = y[0];
  snap.p2 = y[1];
  snap.f_h = y[2];
  snap.kappa = valve_.kappa(step, static_cast<double>(step) * h_H_);  // sampled already: no new read
  snap.fault = !healthy;
  if (commanded_) {
    snap.watchdog_active = commanded_->watchdog_active();
    snap.watchdog_trips = commanded_->watchdog_trips();
    snap.last_sequence = commanded_->last_sequence();
  }
  for (const LoopStats* loop : loops_) {
    if (loop) snap.overruns += loop->overruns_shared.load(std::memory_order_relaxed);
  }
  out_.publish(snap);
}

}  // namespace hilsim::rt
