#include "hil/can_frames.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace hilsim::hil {

namespace {

// J1939 29-bit identifier: priority (3 bits) | EDP | DP | PF (8) | PS (8) | source address (8). The
// PGN with its data page bits is bits 8..25 (hil/j1939_joystick.cc reads it the same way).
constexpr std::uint32_t kPgnBits = 0x3FFFFu << 8;
constexpr std::uint32_t kSourceAddressBits = 0xFFu;

}  // namespace

std::vector<can_filter> receive_filters(const std::vector<std::pair<std::uint32_t, bool>>& command_ids,
                                        const JoystickInput* joystick) {
  std::vector<can_filter> filters;
  for (const auto& [id, extended] : command_ids) {
    // CAN_EFF_FLAG in the mask tells 11-bit from 29-bit ids; CAN_RTR_FLAG is left out of it so
    // that remote frames for a command id arrive and are counted.
    can_filter f{};
    f.can_id = extended ? (id & CAN_EFF_MASK) | CAN_EFF_FLAG : id & CAN_SFF_MASK;
    f.can_mask = (extended ? CAN_EFF_MASK : CAN_SFF_MASK) | CAN_EFF_FLAG;
    filters.push_back(f);
  }
  if (!joystick) return filters;
  // One filter per joystick's source address; one for every sender when a binding takes any.
  std::vector<std::optional<std::uint8_t>> sources;
  for (const std::optional<JoystickBinding>& b : joystick->valve) {
    if (!b) continue;
    if (!b->source_address) {
      sources.assign(1, std::nullopt);
      break;
    }
    if (std::find(sources.begin(), sources.end(), b->source_address) == sources.end())
      sources.push_back(b->source_address);
  }
  for (const std::optional<std::uint8_t>& source : sources) {
    can_filter f{};
    f.can_id = (kBjm1Pgn << 8) | CAN_EFF_FLAG;
    f.can_mask = kPgnBits | CAN_EFF_FLAG;  // any priority
    if (source) {
      f.can_id |= *source;
      f.can_mask |= kSourceAddressBits;
    }
    filters.push_back(f);
  }
  return filters;
}

std::optional<JoystickInput> joystick_input(const CanSettings& can, std::span<const double> command0,
                                            std::span<const bool> closed_centre) {
  if (can.joystick == Joystick::kNone) return std::nullopt;
  JoystickInput j;
  const std::size_t valves = std::min(command0.size(), j.valve.size());
  const auto bind = [&](std::size_t k, JoystickAxis axis, std::optional<std::uint8_t> source) {
    const bool u = k < closed_centre.size() && closed_centre[k];
    j.valve[k] = JoystickBinding{axis, joystick_map(u, command0[k], can.joystick_span),
                                 source ? source : can.joystick_source_address};
  };
  if (can.joystick_axes.empty()) {
    if (valves >= 1) bind(0, can.joystick_axis, std::nullopt);
    if (valves >= 2) bind(1, second_joystick_axis(can), std::nullopt);
    return j;
  }
  for (std::size_t k = 0; k < std::min(valves, can.joystick_axes.size()); ++k) {
    std::string error;
    const std::optional<JoystickAxisEntry> e = parse_joystick_axis(can.joystick_axes[k], error);
    if (!e) throw std::invalid_argument("can.joystick_axes: entry " + std::to_string(k + 1) + ": " + error);
    if (!e->none) bind(k, e->axis, e->source_address);
  }
  return j;
}

std::optional<JoystickInput> joystick_input(const CanSettings& can, double kappa0,
                                            std::optional<double> kappa0_2) {
  const double command0[] = {kappa0, kappa0_2.value_or(0.0)};
  return joystick_input(can, std::span<const double>(command0, kappa0_2 ? 2 : 1));
}

Frame to_frame(const can_frame& raw) noexcept {
  Frame f;
  f.extended = (raw.can_id & CAN_EFF_FLAG) != 0;
  // The RTR bit means nothing on an error frame (`cansend` can set it): an error frame keeps its data.
  f.rtr = (raw.can_id & CAN_RTR_FLAG) != 0 && (raw.can_id & CAN_ERR_FLAG) == 0;
  if (raw.can_id & CAN_ERR_FLAG) {
    f.id = raw.can_id & CAN_ERR_MASK;
    f.extended = false;
  } else {
    f.id = raw.can_id & (f.extended ? CAN_EFF_MASK : CAN_SFF_MASK);
  }
  f.length = std::min<std::uint8_t>(raw.len, kMaxFrameLength);
  if (!f.rtr) std::memcpy(f.data.data(), raw.data, f.length);
  return f;
}

can_frame to_can_frame(const Frame& frame) noexcept {
  can_frame raw{};
  raw.can_id = frame.extended ? (frame.id & CAN_EFF_MASK) | CAN_EFF_FLAG : frame.id & CAN_SFF_MASK;
  if (frame.rtr) raw.can_id |= CAN_RTR_FLAG;
  raw.len = std::min<std::uint8_t>(frame.length, kMaxFrameLength);
  if (!frame.rtr) std::memcpy(raw.data, frame.data.data(), raw.len);
  return raw;
}

const char* to_string(CanFrameKind kind) noexcept {
  switch (kind) {
    case CanFrameKind::kCommand:
      return "command";
    case CanFrameKind::kJoystick:
      return "joystick";
    case CanFrameKind::kErrorFrame:
      return "error frame";
    case CanFrameKind::kRemote:
      return "remote (RTR)";
    case CanFrameKind::kBadLength:
      return "wrong DLC";
    case CanFrameKind::kUnknownId:
      return "unknown id";
    case CanFrameKind::kOutOfRange:
      return "kappa out of range";
    case CanFrameKind::kNotFinite:
      return "kappa not finite";
    case CanFrameKind::kJoystickInvalid:
      return "joystick axis not valid";
    case CanFrameKind::kOtherSource:
      return "joystick from another source address";
    case CanFrameKind::kBadCrc:
      return "wrong CRC";
    case CanFrameKind::kBadCounter:
      return "counter 15";
    case CanFrameKind::kCounterRepeated:
      return "repeated counter";
    case CanFrameKind::kCounterJumped:
      return "counter jump";
    case CanFrameKind::kTwoSenders:
      return "two senders";
  }
  return "?";
}

const char* error_class_name(int bit) noexcept {
  static const char* const names[kErrorClassBits] = {
      "tx timeout", "lost arbitration", "controller problem", "protocol violation", "transceiver",
      "no ack",     "bus-off",          "bus error",          "restarted",          "error counters"};
  return bit >= 0 && bit < kErrorClassBits ? names[bit] : "?";
}

namespace {

// A command frame's kind after its end-to-end check (kCommand, kOutOfRange or kNotFinite before).
CanFrameKind after_e2e(E2EVerdict verdict, CanFrameKind kind) {
  switch (verdict) {
    case E2EVerdict::kAccepted:
      return kind;
    case E2EVerdict::kBadCrc:
      return CanFrameKind::kBadCrc;
    case E2EVerdict::kBadCounter:
      return CanFrameKind::kBadCounter;
    case E2EVerdict::kRepeated:
      return CanFrameKind::kCounterRepeated;
    case E2EVerdict::kJumped:
      return CanFrameKind::kCounterJumped;
    case E2EVerdict::kTwoSenders:
      return CanFrameKind::kTwoSenders;
  }
  return kind;
}

// A BJM1 joystick frame (frame is one, is_bjm1()).
CanFrameVerdict classify_joystick(const Frame& frame, const JoystickInput& joystick) noexcept {
  CanFrameVerdict v;
  const Bjm1Decode d = decode_bjm1(frame);
  const auto from_sender = [&](const JoystickBinding& b) {
    return !b.source_address || *b.source_address == d.source_address;
  };
  bool moves = false;  // a valve takes an axis of this sender's
  for (const std::optional<JoystickBinding>& b : joystick.valve) moves = moves || (b && from_sender(*b));
  if (!moves) {
    v.kind = CanFrameKind::kOtherSource;
    return v;
  }
  if (!d.ok()) {
    v.kind = CanFrameKind::kBadLength;  // the only frame error left once is_bjm1() holds
    return v;
  }
  // Each valve's axis on its own: an invalid one leaves that valve's command as it was (its
  // watchdog takes over if it stays invalid), a valid one still moves the other valves.
  bool any = false;
  for (std::size_t k = 0; k < joystick.valve.size(); ++k) {
    const std::optional<JoystickBinding>& b = joystick.valve[k];
    if (!b || !from_sender(*b)) continue;
    const AxisState& axis = b->axis == JoystickAxis::kX ? d.x : d.y;
    if (!axis.valid) continue;
    v.command.kappa[k] = kappa_from_axis(axis, b->map);
    v.command.present[k] = true;
    any = true;
  }
  v.kind = any ? CanFrameKind::kJoystick : CanFrameKind::kJoystickInvalid;
  return v;
}

// The kind of a frame the command decoder looked at.
CanFrameKind command_kind(CommandVerdict verdict) noexcept {
  switch (verdict) {
    case CommandVerdict::kApplied:
      return CanFrameKind::kCommand;
    case CommandVerdict::kUnknownId:
      return CanFrameKind::kUnknownId;
    case CommandVerdict::kRtr:
      return CanFrameKind::kRemote;
    case CommandVerdict::kBadLength:
      return CanFrameKind::kBadLength;
    case CommandVerdict::kOutOfRange:
      return CanFrameKind::kOutOfRange;
    case CommandVerdict::kNotFinite:
      return CanFrameKind::kNotFinite;
  }
  return CanFrameKind::kUnknownId;
}

}  // namespace

CanFrameVerdict classify_can_frame(const can_frame& raw, const CommandDecoder& commands,
                                   const JoystickInput* joystick, E2EReceiver* e2e) noexcept {
  CanFrameVerdict v;
  if (raw.can_id & CAN_ERR_FLAG) {
    v.kind = CanFrameKind::kErrorFrame;
    v.error.classes = raw.can_id & CAN_ERR_MASK;
    v.error.controller = raw.len > 1 ? raw.data[1] : 0;
    return v;
  }
  if (raw.can_id & CAN_RTR_FLAG) {
    v.kind = CanFrameKind::kRemote;
    return v;
  }
  if (raw.len > kMaxFrameLength) {
    v.kind = CanFrameKind::kBadLength;
    return v;
  }
  const Frame frame = to_frame(raw);
  if (joystick && is_bjm1(frame)) return classify_joystick(frame, *joystick);
  v.kind = command_kind(commands.decode(frame, v.command));
  // A command frame of the right length: its protection decides before its κ counts.
  const bool command_frame = v.kind == CanFrameKind::kCommand || v.kind == CanFrameKind::kOutOfRange ||
                             v.kind == CanFrameKind::kNotFinite;
  if (e2e && command_frame && e2e->layout(frame.id, frame.extended)) {
    v.kind = after_e2e(e2e->check(frame), v.kind);
    if (!applies(v.kind)) v.command = {};
  }
  return v;
}

}  // namespace hilsim::hil
