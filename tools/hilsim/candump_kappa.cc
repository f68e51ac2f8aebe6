#include "tools/hilsim/candump_kappa.h"

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

}  // namespace

CandumpKappa kappa_from_candump(const std::vector<hil::CandumpRecord>& records,
                                const hil::CommandDecoder& commands, const hil::JoystickInput* joystick,
                                std::int64_t h_ns, std::int64_t end_step, const WatchdogRule& watchdog,
                                const CandumpSelection& selection) {
  CandumpKappa out;
  bool started = false;
  std::int64_t last_ns = 0;  // arrival of the newest κ frame, after t0
  for (const hil::CandumpRecord& r : records) {
    ++out.frames;
    if (!selection.interface.empty() && r.interface != selection.interface) {
      ++out.other_interface;
      continue;
    }
    can_frame raw = hil::to_can_frame(r.frame);
    if (r.error_frame) raw.can_id = (r.frame.id & CAN_ERR_MASK) | CAN_ERR_FLAG;
    const hil::CanFrameVerdict v = hil::classify_can_frame(raw, commands, joystick);
    ++out.kinds[static_cast<std::size_t>(v.kind)];
    if (!hil::applies(v.kind) || !v.command.present[0]) continue;
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
    if (!out.entries.empty() && t_ns < last_ns) continue;  // out of time order: an older frame never wins
    const std::int64_t m_frame = step_at_or_after(t_ns, h_ns);
    // Stale before this frame: the safe κ from the first micro step that starts after the expiry.
    const std::int64_t expiry_ns = last_ns + watchdog.timeout_ns;
    if (!out.entries.empty() && t_ns > expiry_ns) {
      const std::int64_t m = step_after(expiry_ns, h_ns);
      if (m < m_frame) {
        apply(out.entries, m, watchdog.safe_kappa);
        ++out.watchdog_trips;
      }
    }
    // Before the first command the watchdog's safe κ holds, from micro step 0.
    if (out.entries.empty() && m_frame > 0) apply(out.entries, 0, watchdog.safe_kappa);
    apply(out.entries, m_frame, v.command.kappa[0]);
    last_ns = t_ns;
    out.last_us = r.timestamp_us;
  }
  if (!started)
    throw io::InputError("the candump log holds no command frame (nor a joystick frame) to replay");
  const std::int64_t m = step_after(last_ns + watchdog.timeout_ns, h_ns);
  if (m < end_step) {
    apply(out.entries, m, watchdog.safe_kappa);
    ++out.watchdog_trips;
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
