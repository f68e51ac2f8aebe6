// κ from a candump log, for `hilsim replay --candump`, of each actuator: each frame the CAN bridge would
// apply (a command frame, or a BJM1 frame with a joystick configured; classified exactly as the bridge
// classifies them, hil/can_frames.h) becomes a κ change at a hydraulic micro step:
//
//   t = its timestamp − t0, t0 the candump time of the simulation's t = 0: given (the live run
//       prints it), else the timestamp of the first such frame (the run starts with the first κ)
//   applied at micro step m = ceil(t / h_H), and at micro step 0 when t < 0 (the frame waited in
//       the channel for the run to start, as live)
//
// Before the first frame applies, the safe κ holds (live: the watchdog's value before any command).
// i.e. at the first micro step that starts at or after the frame's arrival, as the live valve
// samples the newest command at the start of each micro step (hil/commanded_valve.h); of several
// frames before the same micro step the last wins. The watchdog acts as live: when the newest κ is
// older than [hil] watchdog_timeout at the start of a micro step, the safe κ applies from that
// micro step until the next frame. Timestamps are integers (µs) and h_H is taken in whole
// nanoseconds, so the micro steps are computed exactly.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hil/can_frames.h"
#include "hil/candump_log.h"
#include "sim/manoeuvre/recorded_valve_command.h"

namespace hilsim::tools {

// One actuator's κ from the log.
struct ActuatorKappa {
  std::vector<sim::RecordedValveCommand::Entry> entries;  // κ changes by micro step, strictly increasing;
                                                          // empty: no frame carried this actuator's κ
  std::int64_t watchdog_trips = 0;                        // gaps longer than the timeout
  std::int64_t last_ns = 0;                               // [ns] after t0: its newest κ frame
};

struct CandumpKappa {
  std::array<ActuatorKappa, hil::kMaxActuators> actuator;  // by actuator, 0-based
  std::array<std::size_t, hil::kCanFrameKinds> kinds{};    // frames by kind
  std::size_t frames = 0;                                  // lines in the log
  std::int64_t origin_us = 0;                              // [µs] t0: the candump time of t = 0
  std::int64_t first_us = 0;                               // [µs] timestamp of the first κ frame
  std::int64_t last_us = 0;                                // [µs] timestamp of the last κ frame
  std::size_t other_interface = 0;                         // frames of other interfaces, skipped
};

struct CandumpSelection {
  std::optional<std::int64_t> origin_us;  // [µs] t0; absent: the first κ frame's timestamp
  std::string interface;                  // only this interface's frames; empty: any
};

struct WatchdogRule {
  std::int64_t timeout_ns = 100'000'000;          // [ns] [hil] watchdog_timeout
  std::array<double, hil::kMaxActuators> safe{};  // [-] each actuator's safe command (κ, or u = 0)
};

// Each actuator has its own timeline and watchdog, as live (one commanded valve per actuator): a
// frame applies to the actuators whose κ it carries (CommandDecoder and JoystickInput decide which,
// so a one-actuator configuration never yields actuator 2's κ); t0 is the first frame carrying any.
// Throws io::InputError when the log carries no κ frame, or a κ frame more than 1e6 s (the longest
// run) from t0. `h_hyd_ns`: the micro step [ns], > 0; `end_step`: the run's micro steps (the
// watchdog after the last frame acts up to it). `e2e`: the end-to-end check the bridge applied
// ([can] e2e), fresh, or null for none.
CandumpKappa kappa_from_candump(const std::vector<hil::CandumpRecord>& records,
                                const hil::CommandDecoder& commands, const hil::JoystickInput* joystick,
                                std::int64_t h_hyd_ns, std::int64_t end_step, const WatchdogRule& watchdog,
                                const CandumpSelection& selection = {}, hil::E2EReceiver* e2e = nullptr);

// The interfaces a log's frames came from, in order of appearance.
std::vector<std::string> candump_interfaces(const std::vector<hil::CandumpRecord>& records);

}  // namespace hilsim::tools
