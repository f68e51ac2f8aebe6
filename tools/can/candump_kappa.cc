#include "tools/can/candump_kappa.h"

#include <algorithm>

#include "tools/io/input_error.h"

namespace hilsim::tools {

namespace {

// Frames further than this from t0 are refused: no run is longer (run.duration ≤ 1e6 s), and the
// nanosecond arithmetic below stays far from overflow.
constexpr std::int64_t kLongestSpanUs = 1'000'000'000'000;

// The first micro step that starts at or after `t_ns`: ceil(t_ns / h_ns); 0 for t_ns ≤ 0.
std::int64_t step_at_or_after(std::int64_t t_ns, std::int64_t h_ns) {
  return t_ns <= 0 ? 0 : (t_ns + h_ns - 1) / h_ns;
}

// The first micro step that starts after `t_ns`: floor(t_ns / h_ns) + 1; 0 for t_ns < 0.
std::int64_t step_after(std::int64_t t_ns, std::int64_t h_ns) { return t_ns < 0 ? 0 : t_ns / h_ns + 1; }

// Appends κ from micro step m on: replaces an entry for the same step (the later frame wins) and
// drops a change to the value already in force.
void apply(std::vector<sim::RecordedValveCommand::Entry>& entries, std::int64_t m, double kappa) {
  if (!entries.empty() && entries.back().micro_step == m) entries.pop_back();
  if (!entries.empty() && entries.back().kappa == kappa) return;
  entries.push_back({m, kappa});
}

// Actuator a's κ from a frame that arrived at t_ns (after t0) and applies from micro step m_frame:
// first the watchdog's safe κ where the previous one went stale (or from micro step 0 before the
// first), then the frame's κ.
void take(ActuatorKappa& a, std::int64_t t_ns, std::int64_t m_frame, double kappa, std::int64_t h_ns,
          std::int64_t timeout_ns, double safe_kappa) {
  if (!a.entries.empty() && t_ns < a.last_ns) return;  // out of time order: an older frame never wins
  // Stale before this frame: the safe κ from the first micro step that starts after the expiry.
  const std::int64_t expiry_ns = a.last_ns + timeout_ns;
  if (!a.entries.empty() && t_ns > expiry_ns) {
    const std::int64_t m = step_after(expiry_ns, h_ns);
    if (m < m_frame) {
      apply(a.entries, m, safe_kappa);
      ++a.watchdog_trips;
    }
  }
  // Before the first command the watchdog's safe κ holds, from micro step 0.
  if (a.entries.empty() && m_frame > 0) apply(a.entries, 0, safe_kappa);
  apply(a.entries, m_frame, kappa);
  a.last_ns = t_ns;
}

// After the log's last frame of actuator a: the safe κ once it went stale, if within the run.
void finish(ActuatorKappa& a, std::int64_t h_ns, std::int64_t end_step, std::int64_t timeout_ns,
            double safe_kappa) {
  if (a.entries.empty()) return;
  const std::int64_t m = step_after(a.last_ns + timeout_ns, h_ns);
  if (m < end_step) {
    apply(a.entries, m, safe_kappa);
    ++a.watchdog_trips;
  }
}

}  // namespace

CandumpKappa kappa_from_candump(const std::vector<hil::CandumpRecord>& records,
                                const hil::CommandDecoder& commands, const hil::JoystickInput* joystick,
                                std::int64_t h_ns, std::int64_t end_step, const WatchdogRule& watchdog,
                                const CandumpSelection& selection, hil::E2EReceiver* e2e) {
  CandumpKappa out;
  const std::array<double, hil::kMaxActuators>& safe = watchdog.safe;
  bool started = false;
  for (const hil::CandumpRecord& r : records) {
    ++out.frames;
    if (!selection.interface.empty() && r.interface != selection.interface) {
      ++out.other_interface;
      continue;
    }
    can_frame raw = hil::to_can_frame(r.frame);
    if (r.error_frame) raw.can_id = (r.frame.id & CAN_ERR_MASK) | CAN_ERR_FLAG;
    const hil::CanFrameVerdict v = hil::classify_can_frame(raw, commands, joystick, e2e);
    ++out.kinds[static_cast<std::size_t>(v.kind)];
    const bool carries =
        std::any_of(v.command.present.begin(), v.command.present.end(), [](bool p) { return p; });
    if (!hil::applies(v.kind) || !carries) continue;  // a command of any valve, or a joystick deflection
    if (!started) {
      started = true;
      out.first_us = r.timestamp_us;
      out.origin_us = selection.origin_us.value_or(r.timestamp_us);
    }
    const std::int64_t t_us = r.timestamp_us - out.origin_us;
    if (t_us > kLongestSpanUs || t_us < -kLongestSpanUs) {
      throw io::InputError("frame " + std::to_string(out.frames) + " is " + std::to_string(t_us / 1'000'000) +
                           " s from t = 0: more than the longest run (1e6 s); is --t0 right?");
    }
    const std::int64_t t_ns = t_us * 1000;
    for (std::size_t k = 0; k < out.actuator.size(); ++k) {
      if (!v.command.present[k]) continue;
      take(out.actuator[k], t_ns, step_at_or_after(t_ns, h_ns), v.command.kappa[k], h_ns, watchdog.timeout_ns,
           safe[k]);
    }
    out.last_us = std::max(out.last_us, r.timestamp_us);
  }
  if (!started)
    throw io::InputError("the candump log holds no command frame (nor a joystick frame) to replay");
  for (std::size_t k = 0; k < out.actuator.size(); ++k) {
    finish(out.actuator[k], h_ns, end_step, watchdog.timeout_ns, safe[k]);
  }
  return out;
}

std::vector<std::string> candump_interfaces(const std::vector<hil::CandumpRecord>& records) {
  std::vector<std::string> names;
  for (const hil::CandumpRecord& r : records) {
    if (std::find(names.begin(), names.end(), r.interface) == names.end()) names.push_back(r.interface);
  }
  return names;
}

}  // namespace hilsim::tools
