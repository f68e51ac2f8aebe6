// κ from a candump log, for `hilsim replay --candump`: each frame the CAN bridge would apply (a
// command frame, or a BJM1 frame with a joystick configured; classified exactly as the bridge
// classifies them, hil/can_frames.h) becomes a κ change at a hydraulic micro step:
//
//   t = its timestamp − the timestamp of the first such frame   (the run starts with the first κ)
//   applied at micro step m = ceil(t / h_H)
//
// i.e. at the first micro step that starts at or after the frame's arrival, as the live valve
// samples the newest command at the start of each micro step (rt/commanded_valve.h); of several
// frames before the same micro step the last wins. The watchdog acts as live: when the newest κ is
// older than [hil] watchdog_timeout at the start of a micro step, the safe κ applies from that
// micro step until the next frame. Timestamps are integers (µs) and h_H is taken in whole
// nanoseconds, so the micro steps are computed exactly.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hil/can_frames.h"
#include "hil/candump_log.h"
#include "sim/manoeuvre/recorded_valve_command.h"

namespace hilsim::tools {

struct CandumpKappa {
  std::vector<sim::RecordedValveCommand::Entry> entries;  // κ changes by micro step, strictly increasing
  std::array<std::size_t, hil::kCanFrameKinds> kinds{};   // frames by kind
  std::size_t frames = 0;                                 // lines in the log
  std::int64_t first_us = 0;                              // [µs] timestamp of the first κ frame
  std::int64_t last_us = 0;                               // [µs] timestamp of the last κ frame
  std::int64_t watchdog_trips = 0;                        // gaps longer than the timeout
};

struct WatchdogRule {
  std::int64_t timeout_ns = 100'000'000;  // [ns] [hil] watchdog_timeout
  double safe_kappa = 0.5;                // [-]
};

// Throws io::InputError when the log carries no κ frame. `h_hyd_ns`: the micro step [ns], > 0;
// `end_step`: the run's micro steps (the watchdog after the last frame acts up to it).
CandumpKappa kappa_from_candump(const std::vector<hil::CandumpRecord>& records,
                                const hil::CommandDecoder& commands, const hil::JoystickInput* joystick,
                                std::int64_t h_hyd_ns, std::int64_t end_step, const WatchdogRule& watchdog);

}  // namespace hilsim::tools
