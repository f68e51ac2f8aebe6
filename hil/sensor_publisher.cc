#include "hil/sensor_publisher.h"

#include <stdexcept>

#include "sim/cosim/actuator_sensors.h"

namespace hilsim::hil {

SensorPublisher::SensorPublisher(SensorChannels channels, CommandedValves valves, double h_H)
    : channels_(channels), valves_(valves), h_H_(h_H) {
  if (!(h_H > 0.0))
    throw std::invalid_argument("sensor publisher: the hydraulic micro step must be positive");
}

std::int64_t SensorPublisher::overruns() const noexcept {
  std::int64_t n = 0;
  for (const rt::LoopStats* loop : loops_) {
    if (loop) n += loop->overruns_shared.load(std::memory_order_relaxed);
  }
  return n;
}

void SensorPublisher::after_micro_step(const sim::Subsystem& subsystem, std::int64_t micro_step,
                                       bool healthy) noexcept {
  // A cast per call rather than a table filled at set-up: it keeps no state, so several threads may
  // call at once with nothing to forget to attach; dynamic_cast neither allocates nor locks, and a
  // cross-cast costs far less than a micro step.
  const auto* sensors = dynamic_cast<const sim::ActuatorSensors*>(&subsystem);
  if (!sensors) {  // the cylinders' threads pay no second cast
    const auto* contact = dynamic_cast<const sim::ContactSensors*>(&subsystem);
    if (contact && contact->senses_contacts())
      contact_force_.store(contact->contact_normal_force(), std::memory_order_relaxed);
    return;
  }
  for (int i = 0; i < sensors->sensed_actuators(); ++i) {
    const int k = sensors->sensed_actuator(i);
    if (k < 0 || k >= kMaxActuators) continue;
    rt::LatestValue<SensorSnapshot>* channel = channels_[static_cast<std::size_t>(k)];
    if (!channel) continue;
    const sim::ActuatorReading r = sensors->reading(k);
    SensorSnapshot snap;
    snap.actuator = k;
    snap.micro_step = micro_step;
    snap.t = static_cast<double>(micro_step + 1) * h_H_;
    snap.s = r.s;
    snap.s_dot = r.s_dot;
    snap.p1 = r.p1;
    snap.p2 = r.p2;
    snap.f_h = r.f_h;
    snap.kappa = r.kappa;
    snap.fault = !healthy;
    snap.limits = r.limits;
    snap.contact_force = contact_force_.load(std::memory_order_relaxed);
    // Valve k is evaluated in this thread (the one integrating actuator k): same-thread reads.
    if (const CommandedValve* valve = valves_[static_cast<std::size_t>(k)]) {
      snap.watchdog_active = valve->watchdog_active();
      snap.watchdog_trips = valve->watchdog_trips();
      snap.last_sequence = valve->last_sequence();
    }
    snap.overruns = overruns();
    channel->publish(snap);
  }
}

}  // namespace hilsim::hil
