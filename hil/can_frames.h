// What the CAN bridge makes of the frames on its raw socket, as pure functions of the frame and the
// configuration (no state, no system call, no allocation in the per-frame ones), so that they are
// tested on any machine (this one has no CAN) and fuzzed (tests/fuzz/hil_decoders_fuzz.cc):
//  - SocketCAN's struct can_frame (<linux/can.h>: flags in the top bits of can_id) to and from
//    hil::Frame;
//  - the kernel filters (CAN_RAW_FILTER) that let only the command ids and, with a joystick, the
//    J1939 BJM1 PGN reach the socket; error frames are asked for separately (CAN_RAW_ERR_FILTER);
//  - the classification of one received frame: a command or a joystick deflection (κ), or one of
//    the kinds of frame that are counted and never change κ.
#pragma once

#include <linux/can.h>
#include <linux/can/error.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "hil/e2e.h"
#include "hil/frame.h"
#include "hil/hil_settings.h"
#include "hil/j1939_joystick.h"
#include "hil/signal_map.h"

namespace hilsim::hil {

// The axis of one J1939 joystick's Basic Joystick Message 1 (hil/j1939_joystick.h) that moves a
// valve, and how its deflection becomes the valve's command.
struct JoystickBinding {
  JoystickAxis axis = JoystickAxis::kX;
  AxisToKappa map;                             // kappa0: the command at neutral
  std::optional<std::uint8_t> source_address;  // only this joystick's frames; unset: any sender's
};

// The valves joysticks move: valve k (0-based) by its binding, if it has one. Several joysticks
// (each its source address) and both axes of each may move as many valves.
struct JoystickInput {
  std::array<std::optional<JoystickBinding>, kMaxActuators> valve{};
};

// Valve 1 alone, moved by `axis` of the joystick at `source_address` (unset: any sender).
inline JoystickInput single_joystick(JoystickAxis axis, const AxisToKappa& map,
                                     std::optional<std::uint8_t> source_address = std::nullopt) {
  JoystickInput j;
  j.valve[0] = JoystickBinding{axis, map, source_address};
  return j;
}

// What a valve's command is at a joystick deflection d ∈ [−1, 1]: the benchmark's valve κ =
// clamp(κ0 + d · span, 0, 1) about the equilibrium's κ0, where the machine holds its load; a
// closed-centre valve u = ±d, full deflection the full spool, the sign of span its direction.
inline AxisToKappa joystick_map(bool closed_centre, double command0, double span) {
  return closed_centre ? AxisToKappa{0.0, span < 0.0 ? -1.0 : 1.0, -1.0, 1.0, false}
                       : AxisToKappa{command0, span, 0.0, 1.0, false};
}

// The joysticks [can] configures (none when joystick = "none") for `command0.size()` valves, each
// with its command at rest (κ0; a closed-centre valve's is not used) and its type: valve k takes
// joystick_axes[k] when that is set (an entry without '@' the joystick_source_address's joystick),
// else valve 1 joystick_axis and valve 2 joystick_axis_2 (the other axis by default). Throws
// std::invalid_argument for an entry parse_joystick_axis refuses.
std::optional<JoystickInput> joystick_input(const CanSettings& can, std::span<const double> command0,
                                            std::span<const bool> closed_centre = {});
// The benchmark's valves: valve 1 at κ0 = kappa0 and, given, valve 2 at kappa0_2.
std::optional<JoystickInput> joystick_input(const CanSettings& can, double kappa0,
                                            std::optional<double> kappa0_2 = std::nullopt);

// The kernel filters of the bridge's socket: each command id (an 11-bit id does not match the
// 29-bit id of the same number, and the reverse), and with a joystick the BJM1 PGN 0xFDD6 from any
// source address, or from the configured one. Remote frames pass on purpose: they are counted.
// A frame passes a filter when (can_id & mask) == (filter.can_id & mask) (linux/can.h).
std::vector<can_filter> receive_filters(const std::vector<std::pair<std::uint32_t, bool>>& command_ids,
                                        const JoystickInput* joystick);

// Every error class (CAN_ERR_*): error frames are counted and reported, whatever their cause.
inline constexpr can_err_mask_t kErrorClasses = CAN_ERR_MASK;

// The flags of can_id become `extended` and `rtr`; the length is the DLC capped at 8; data bytes
// past it are zero (and all of them for a remote frame). Error frames keep their class bits as id.
Frame to_frame(const can_frame& raw) noexcept;
// The frame on the wire: EFF and RTR flags, len = length (at most 8), data up to length.
can_frame to_can_frame(const Frame& frame) noexcept;

enum class CanFrameKind : std::uint8_t {
  kCommand,          // a command frame: κ in `command`
  kJoystick,         // a BJM1 frame with a valid axis: κ of its actuator(s) in `command`
  kErrorFrame,       // CAN_ERR_FLAG: the controller's or the driver's report, in `error`
  kRemote,           // a remote (RTR) frame
  kBadLength,        // a command id with fewer data bytes than its message, BJM1 not 8, or DLC > 8
  kUnknownId,        // neither a command nor (with a joystick) BJM1: the filters should keep it out
  kOutOfRange,       // a command κ outside its signal's range with out_of_range = "reject"
  kNotFinite,        // a command κ that decodes to NaN or ±inf
  kJoystickInvalid,  // BJM1 whose configured axes all report an error, "not available" or nonsense
  kOtherSource,      // BJM1 from another source address than the configured one
  // Refused by the end-to-end check of a protected command message (hil/e2e.h):
  kBadCrc,           // its CRC does not match
  kBadCounter,       // its alive counter is 15
  kCounterRepeated,  // its counter repeats the last accepted one (a stuck sender)
  kCounterJumped,    // its counter skips (a lost frame, a restart, another sender)
  kTwoSenders,       // two interleaved counter sequences: refused until one remains
};
inline constexpr std::size_t kCanFrameKinds = 15;
const char* to_string(CanFrameKind kind) noexcept;
// Whether the frame carries a κ the bridge publishes.
constexpr bool applies(CanFrameKind kind) {
  return kind == CanFrameKind::kCommand || kind == CanFrameKind::kJoystick;
}

// Whether the frame was refused by the end-to-end check (hil/e2e.h).
constexpr bool is_e2e_refusal(CanFrameKind kind) {
  return kind == CanFrameKind::kBadCrc || kind == CanFrameKind::kBadCounter ||
         kind == CanFrameKind::kCounterRepeated || kind == CanFrameKind::kCounterJumped ||
         kind == CanFrameKind::kTwoSenders;
}

// An error frame's content (linux/can/error.h): the class bits of its id, and the controller
// status byte.
struct CanErrorFrame {
  std::uint32_t classes = 0;    // CAN_ERR_TX_TIMEOUT ... CAN_ERR_CNT
  std::uint8_t controller = 0;  // data[1], CAN_ERR_CRTL_*: meaningful with CAN_ERR_CRTL

  bool bus_off() const { return (classes & CAN_ERR_BUSOFF) != 0; }
  bool restarted() const { return (classes & CAN_ERR_RESTARTED) != 0; }
  // The controller reached error-passive (receive or transmit counter ≥ 128).
  bool error_passive() const {
    return (classes & CAN_ERR_CRTL) != 0 &&
           (controller & (CAN_ERR_CRTL_RX_PASSIVE | CAN_ERR_CRTL_TX_PASSIVE)) != 0;
  }
  // The controller is back to error-active.
  bool back_to_active() const {
    return (classes & CAN_ERR_CRTL) != 0 && (controller & CAN_ERR_CRTL_ACTIVE) != 0;
  }
};
// The name of error class bit `bit` (0 .. 9: CAN_ERR_TX_TIMEOUT .. CAN_ERR_CNT), e.g. "bus-off".
const char* error_class_name(int bit) noexcept;
inline constexpr int kErrorClassBits = 10;

struct CanFrameVerdict {
  CanFrameKind kind = CanFrameKind::kUnknownId;
  DecodedCommand command;  // kCommand, kJoystick
  CanErrorFrame error;     // kErrorFrame
};

// What one received frame is. Order: error frames, then remote frames, a DLC above 8, BJM1 (with a
// joystick configured), command ids; a command frame of a protected message then passes `e2e`'s
// check (when given), which updates its state: frames must be classified in the order received.
CanFrameVerdict classify_can_frame(const can_frame& raw, const CommandDecoder& commands,
                                   const JoystickInput* joystick, E2EReceiver* e2e = nullptr) noexcept;

}  // namespace hilsim::hil
