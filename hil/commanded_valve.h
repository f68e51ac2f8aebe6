// κ as the hydraulics thread applies it in a hardware-in-the-loop run: from a controller through a
// latest-value channel (fed by an I/O thread), guarded by a watchdog, or from a scripted manoeuvre;
// and every change of the applied κ as an event for the recording.
//
// Determinism. κ is sampled once per hydraulic micro step: the first evaluation for micro step m
// (by the telemetry at a communication point, or by the step itself) fixes the value every later
// evaluation for m returns. Each change of the applied value becomes an InputEvent {m, κ}; the
// events are everything that came from outside, so a replay of them offline (sim/manoeuvre/
// recorded_valve_command.h) applies every input at the same micro step and reproduces the run bit
// for bit.
//
// Watchdog. A command older than the timeout (by CLOCK_MONOTONIC, compared at every micro step)
// is stale: the safe κ is applied from that micro step on, so the fall-back happens within one
// hydraulic period after the timeout. The same holds before the first command. Fresh commands
// end it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "rt/clock.h"
#include "rt/latest_value.h"
#include "rt/telemetry_ring.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::hil {

// The most valves (cylinders) a hardware-in-the-loop run drives: the machine model's most cylinders
// (sim/machine/machine_model.h kMaxCylinders; a static_assert in commanded_valve.cc keeps them equal).
// Every per-actuator array of the bridges, channels and recordings has this size.
inline constexpr int kMaxActuators = 8;

// One valid command, as the I/O thread publishes it (already decoded, range-checked, clamped).
struct ValveCommandSample {
  double kappa = 0.0;               // [-], finite, in the accepted range
  rt::Nanoseconds received_ns = 0;  // CLOCK_MONOTONIC time of arrival [ns]
  std::uint32_t sequence = 0;       // the datagram's or frame's sequence number, for the record
};

enum class InputCause : std::uint8_t {
  kCommand = 0,   // a controller's command
  kWatchdog = 1,  // the safe value: no command yet, or the newest one is stale
  kScript = 2,    // the scenario's manoeuvre (a run without a live input)
};
const char* to_string(InputCause cause);

// Who reads an actuator's κ: its hydraulics, and with the two-way coupling the mechanics too, whose
// reduced hydraulic model takes κ at the mechanics' own micro steps (sim/cosim/reduced_hydraulics.h).
// Each reader has its own valve (channel, watchdog, events), since each is read by its own thread.
enum class InputReader : std::uint8_t { kHydraulics = 0, kMechanics = 1 };
inline constexpr int kInputReaders = 2;

// A change of the applied κ of actuator `actuator`, effective from micro step `micro_step` on (a
// hydraulic micro step: the mechanics' reader is asked on the hydraulic grid too).
struct InputEvent {
  std::int64_t micro_step = 0;
  double kappa = 0.0;          // [-]
  std::uint32_t sequence = 0;  // the command's sequence number (kCommand), else 0
  InputCause cause = InputCause::kCommand;
  std::uint8_t actuator = 0;  // the crane's actuator, 0-based
  InputReader reader = InputReader::kHydraulics;
};

// 16384 events: more than 16 s of a 1 kHz controller before a stalled recorder loses one. One ring
// per actuator: its single producer is the thread that evaluates that actuator's valve.
inline constexpr std::size_t kInputEventCapacity = 16384;
using InputEventRing = rt::TelemetryRing<InputEvent, kInputEventCapacity>;

// One command channel per actuator (index 0-based); null beyond the crane's actuators. A channel has
// one consumer: with the two-way coupling each command goes to a second channel per actuator too,
// the mechanics' (null otherwise).
struct CommandChannels {
  std::array<rt::LatestValue<ValveCommandSample>*, kMaxActuators> hydraulics{};
  std::array<rt::LatestValue<ValveCommandSample>*, kMaxActuators> mechanics{};
  rt::LatestValue<ValveCommandSample>* operator[](std::size_t k) const { return hydraulics[k]; }
};

struct WatchdogSettings {
  rt::Nanoseconds timeout_ns = 100'000'000;  // a command older than this is stale, (0, ∞) [ns]
  double safe_kappa = 0.5;                   // applied while stale [-]
};

class CommandedValve final : public sim::ValveCommand {
 public:
  // Where the events go: `ring` (optional) receives every change. With `wait_until_stop` set, a
  // full ring makes the caller wait for room until that flag is set (unpaced runs, which have no
  // deadline); without it a full ring drops the event and counts it (paced runs: a real-time
  // thread never waits, and the recording then says it is incomplete).
  struct EventSink {
    InputEventRing* ring = nullptr;
    const std::atomic<bool>* wait_until_stop = nullptr;
  };
  // Live: κ from `commands` (its single consumer is the thread that calls kappa()), the watchdog
  // as `watchdog` says. `actuator` (0-based) is the crane's actuator this valve drives and `reader`
  // who reads it, both stamped on its events: one CommandedValve per actuator and reader, each with
  // its own channel, watchdog and ring. Everything given must outlive this object.
  CommandedValve(rt::LatestValue<ValveCommandSample>& commands, const WatchdogSettings& watchdog,
                 EventSink events, int actuator = 0, InputReader reader = InputReader::kHydraulics);
  // Scripted: κ from `script`, recorded as events the same way.
  CommandedValve(const sim::ValveCommand& script, EventSink events, int actuator = 0,
                 InputReader reader = InputReader::kHydraulics);

  int actuator() const { return actuator_; }

  // κ for micro step `micro_step`. Only one thread may call it. Micro steps are evaluated in
  // non-decreasing order (the real-time loop's order); an earlier one returns the current value.
  double kappa(std::int64_t micro_step, double t) const override;

  // The state after the newest evaluation (same thread as kappa()).
  bool watchdog_active() const { return watchdog_active_; }
  // The same state for another thread (a status line) to read while the run goes on.
  bool watchdog_active_shared() const { return watchdog_shared_.load(std::memory_order_relaxed); }
  std::int64_t watchdog_trips() const { return watchdog_trips_; }  // changes into the safe value
  // The trips before any command had arrived (at start-up): no command expired in them.
  std::int64_t watchdog_trips_without_command() const { return trips_without_command_; }
  std::uint32_t last_sequence() const { return last_sequence_; }
  // The longest time from a command's expiry (arrival + timeout) to the micro step that applied
  // the safe value instead [ns]: at most one hydraulic period when the thread keeps its deadlines.
  rt::Nanoseconds max_fallback_delay_ns() const { return max_fallback_delay_ns_; }
  // Commands applied (each newly arrived command the first time a micro step takes it), and the
  // longest time from a command's arrival to the evaluation that applied it [ns]: the latency of
  // the valve behind the bridge, at most one hydraulic period when the thread keeps its deadlines.
  std::int64_t commands_applied() const { return commands_applied_; }
  rt::Nanoseconds max_command_delay_ns() const { return max_command_delay_ns_; }
  // Commands not applied by the first micro step sampled after their arrival (an earlier sampling
  // than the applying one happened at or after `received_ns`): 0 means every command took effect
  // at the next micro step, whatever the wall-clock delay. A command stamped by the I/O thread
  // just before it was published can count here when a micro step samples in between.
  std::int64_t commands_applied_late() const { return commands_applied_late_; }
  std::int64_t events() const { return events_pushed_; }

 private:
  void evaluate(std::int64_t micro_step, double t) const noexcept;
  void record(std::int64_t micro_step, InputCause cause) const noexcept;

  rt::LatestValue<ValveCommandSample>* commands_ = nullptr;
  const sim::ValveCommand* script_ = nullptr;
  WatchdogSettings watchdog_;
  EventSink events_;
  std::uint8_t actuator_ = 0;
  InputReader reader_ = InputReader::kHydraulics;
  // The sampled state; mutable because sampling is how a const evaluation observes the outside.
  mutable std::int64_t sampled_step_ = -1;
  mutable double kappa_ = 0.0;
  mutable InputCause cause_ = InputCause::kWatchdog;
  mutable bool watchdog_active_ = false;
  mutable std::atomic<bool> watchdog_shared_{false};
  mutable std::int64_t watchdog_trips_ = 0;
  mutable std::int64_t trips_without_command_ = 0;
  mutable std::uint32_t last_sequence_ = 0;
  mutable std::int64_t events_pushed_ = 0;
  mutable rt::Nanoseconds max_fallback_delay_ns_ = 0;
  mutable rt::Nanoseconds last_received_ns_ = -1;
  mutable std::int64_t commands_applied_ = 0;
  mutable rt::Nanoseconds max_command_delay_ns_ = 0;
  mutable std::int64_t commands_applied_late_ = 0;
  mutable rt::Nanoseconds previous_sample_ns_ = -1;  // when the previous micro step sampled the channel
};

}  // namespace hilsim::hil
