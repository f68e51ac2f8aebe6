#include "hil/commanded_valve.h"

#include <bit>
#include <stdexcept>
#include <string>

#include "rt/polling.h"
#include "sim/machine/machine_model.h"

namespace hilsim::hil {

static_assert(kMaxActuators == sim::machine::kMaxCylinders,
              "a hardware-in-the-loop run drives every cylinder a machine may have");

namespace {

// An index is set up once, so a wrong one is a programming error.
std::uint8_t checked_actuator(int actuator) {
  if (actuator < 0 || actuator >= kMaxActuators) {
    throw std::invalid_argument("commanded valve: actuator index " + std::to_string(actuator) +
                                " is not 0 to " + std::to_string(kMaxActuators - 1));
  }
  return static_cast<std::uint8_t>(actuator);
}

}  // namespace

const char* to_string(InputCause cause) {
  switch (cause) {
    case InputCause::kCommand:
      return "command";
    case InputCause::kWatchdog:
      return "watchdog";
    case InputCause::kScript:
      return "script";
  }
  return "?";
}

CommandedValve::CommandedValve(rt::LatestValue<ValveCommandSample>& commands,
                               const WatchdogSettings& watchdog, EventSink events, int actuator,
                               InputReader reader)
    : commands_(&commands),
      watchdog_(watchdog),
      events_(events),
      actuator_(checked_actuator(actuator)),
      reader_(reader) {}

CommandedValve::CommandedValve(const sim::ValveCommand& script, EventSink events, int actuator,
                               InputReader reader)
    : script_(&script), events_(events), actuator_(checked_actuator(actuator)), reader_(reader) {}

double CommandedValve::kappa(std::int64_t micro_step, double t) const {
  if (micro_step > sampled_step_) evaluate(micro_step, t);
  return kappa_;
}

void CommandedValve::evaluate(std::int64_t micro_step, double t) const noexcept {
  const bool first = sampled_step_ < 0;
  sampled_step_ = micro_step;
  double kappa = 0.0;
  InputCause cause = InputCause::kScript;
  std::uint32_t sequence = 0;
  if (script_) {
    kappa = script_->kappa(micro_step, t);
  } else {
    ValveCommandSample command;
    const bool any = commands_->read(command);
    const rt::Nanoseconds now = rt::now_ns();
    const rt::Nanoseconds age = any ? now - command.received_ns : 0;
    const bool fresh = any && age <= watchdog_.timeout_ns;
    if (any && !fresh && !watchdog_active_ && age - watchdog_.timeout_ns > max_fallback_delay_ns_) {
      max_fallback_delay_ns_ = age - watchdog_.timeout_ns;
    }
    if (fresh) {
      if (command.received_ns != last_received_ns_) {
        last_received_ns_ = command.received_ns;
        ++commands_applied_;
        if (age > max_command_delay_ns_) max_command_delay_ns_ = age;
        if (command.received_ns <= previous_sample_ns_) ++commands_applied_late_;
      }
      kappa = command.kappa;
      cause = InputCause::kCommand;
      sequence = command.sequence;
    } else {
      kappa = watchdog_.safe_kappa;
      cause = InputCause::kWatchdog;
      if (!watchdog_active_) {
        ++watchdog_trips_;
        if (!any) ++trips_without_command_;
      }
    }
    if (watchdog_active_ != !fresh) watchdog_shared_.store(!fresh, std::memory_order_relaxed);
    watchdog_active_ = !fresh;
    previous_sample_ns_ = now;
  }
  // An event when the applied value or its source changes; the bits decide (a replay must give
  // the same bits, and −0.0 ≠ +0.0 there).
  const bool changed =
      first || cause != cause_ || std::bit_cast<std::uint64_t>(kappa) != std::bit_cast<std::uint64_t>(kappa_);
  kappa_ = kappa;
  cause_ = cause;
  if (cause == InputCause::kCommand) last_sequence_ = sequence;
  if (changed) record(micro_step, cause);
}

void CommandedValve::record(std::int64_t micro_step, InputCause cause) const noexcept {
  ++events_pushed_;
  if (!events_.ring) return;
  const InputEvent event{micro_step, kappa_,    cause == InputCause::kCommand ? last_sequence_ : 0u,
                         cause,      actuator_, reader_};
  if (!events_.wait_until_stop) {
    events_.ring->push(event);  // full: dropped and counted
    return;
  }
  bool waited = false;
  if (!rt::poll_until([&] { return events_.ring->try_push(event); }, *events_.wait_until_stop, waited)) {
    events_.ring->push(event);  // stopping: count the loss
  }
}

}  // namespace hilsim::hil
