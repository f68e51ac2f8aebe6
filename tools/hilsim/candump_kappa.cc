#include "tools/hilsim/candump_kappa.h"

#include "tools/io/input_error.h"

namespace hilsim::tools {

namespace {

// The first micro step that starts at or after `t_ns`: ceil(t_ns / h_ns), t_ns ≥ 0.
std::int64_t step_at_or_after(std::int64_t t_ns, std::int64_t h_ns) { return (t_ns + h_ns - 1) / h_ns; }

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
                                std::int64_t h_ns, std::int64_t end_step, const WatchdogRule& watchdog) {
  CandumpKappa out;
  bool started = false;
  std::int64_t last_ns = 0;  // arrival of the newest κ frame, since the first
  for (const hil::CandumpRecord& r : records) {
    ++out.frames;
    can_frame raw = hil::to_can_frame(r.frame);
    if (r.error_frame) raw.can_id = (r.frame.id & CAN_ERR_MASK) | CAN_ERR_FLAG;
    const hil::CanFrameVerdict v = hil::classify_can_frame(raw, commands, joystick);
    ++out.kinds[static_cast<std::size_t>(v.kind)];
    if (!hil::applies(v.kind) || !v.command.present[0]) continue;
    if (!started) {
      started = true;
      out.first_us = r.timestamp_us;
    }
    const std::int64_t t_ns = (r.timestamp_us - out.first_us) * 1000;
    if (t_ns < last_ns) continue;  // a log out of time order: an older frame never overrides a newer one
    // Stale before this frame: the safe κ from the first micro step that starts after the expiry.
    const std::int64_t expiry_ns = last_ns + watchdog.timeout_ns;
    if (!out.entries.empty() && t_ns > expiry_ns) {
      const std::int64_t m = expiry_ns / h_ns + 1;
      if (m < step_at_or_after(t_ns, h_ns)) {
        apply(out.entries, m, watchdog.safe_kappa);
        ++out.watchdog_trips;
      }
    }
    apply(out.entries, step_at_or_after(t_ns, h_ns), v.command.kappa[0]);
    last_ns = t_ns;
    out.last_us = r.timestamp_us;
  }
  if (!started)
    throw io::InputError("the candump log holds no command frame (nor a joystick frame) to replay");
  const std::int64_t m = (last_ns + watchdog.timeout_ns) / h_ns + 1;
  if (m < end_step) {
    apply(out.entries, m, watchdog.safe_kappa);
    ++out.watchdog_trips;
  }
  return out;
}

}  // namespace hilsim::tools
