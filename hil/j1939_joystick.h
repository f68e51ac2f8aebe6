// SAE J1939 Basic Joystick Message 1 (BJM1): decoding a joystick's X and Y axes from the CAN bus,
// encoding them (for tests and the joystick emulator), and mapping an axis to a valve command κ.
//
// Identifier: 29-bit, PGN 64982 = 0xFDD6 (PDU2: PF 0xFD, PS 0xD6, data page 0), default priority 3,
// the sender's source address in the low byte: 0x0CFDD6xx. The priority is not checked (J1939-21
// lets it be reconfigured); the PGN, a data frame and 8 data bytes are.
// Data field (bytes and bits 1-based as J1939 writes them; bit 1 = least significant):
//   byte 1 bits 1-2  X-axis neutral position status                           (SPN 2675)
//   byte 1 bits 3-4  X-axis lever left negative position status               (SPN 2670)
//   byte 1 bits 5-6  X-axis lever right positive position status              (SPN 2665)
//   byte 1 bits 7-8  X-axis position, its 2 least significant bits            (SPN 2660)
//   byte 2           X-axis position, its 8 most significant bits
//   bytes 3-4        the same for the Y axis (neutral; back negative; forward positive; position)
//   bytes 5-8        detent statuses and buttons: not decoded; encode_bjm1 sends them as 0xFF
// 2-bit statuses: 00 not in that position, 01 in that position, 10 error, 11 not available.
// Position: 10 bits, 0.1 %/bit, 0..1000 = 0..100 % deflection from neutral (its sign is given by the
// negative/positive statuses); 1022 = error indicator, 1023 = not available, 1001..1021 invalid.
// Source: SAE J1939-71 BJM1 as documented by makers of devices that send or receive it, which
// agree: Danfoss JS6000 joystick technical information 520L0760 rev. 1102 (2015) pp. 23-26 (layout,
// 1022/1023 per J1939-71), Danfoss PLUS+1 JS1-H user and safety manual AX436683569858en-000101
// (2022) p. 12 (X-axis SPNs, 0-1000 in 0.1 %), Akron 6032 installation manual (bit diagram of PGN
// 0xFDD6 as received). SAE J1939-71 itself was not at hand.
//
// Decoding is noexcept and allocates nothing (it runs in the CAN I/O thread).
#pragma once

#include <cstdint>
#include <string>

#include "hil/frame.h"

namespace hilsim::hil {

inline constexpr std::uint32_t kBjm1Pgn = 0xFDD6;  // 64982
inline constexpr std::uint8_t kBjm1DefaultPriority = 3;
inline constexpr std::uint16_t kBjm1MaxPosition = 1000;    // [0.1 %] 100 %
inline constexpr std::uint16_t kBjm1PositionError = 1022;  // error indicator
inline constexpr std::uint16_t kBjm1PositionNotAvailable = 1023;

// The values of a 2-bit J1939 status.
inline constexpr std::uint8_t kJ1939Off = 0;           // 00: not in that position
inline constexpr std::uint8_t kJ1939On = 1;            // 01: in that position
inline constexpr std::uint8_t kJ1939Error = 2;         // 10: error indicator
inline constexpr std::uint8_t kJ1939NotAvailable = 3;  // 11: not available

enum class Bjm1FrameError {
  kOk,
  kNotExtended,  // an 11-bit identifier
  kRemoteFrame,  // RTR
  kWrongPgn,     // not PGN 0xFDD6
  kWrongLength,  // not 8 data bytes
};

enum class AxisError {
  kOk,
  kStatusError,           // a status is 10 (error indicator)
  kStatusNotAvailable,    // a status is 11
  kPositionError,         // position 1022
  kPositionNotAvailable,  // position 1023
  kPositionOutOfRange,    // position 1001..1021
  kContradictoryStatus,   // not exactly one of neutral / negative / positive is 01
};

const char* to_string(Bjm1FrameError error) noexcept;
const char* to_string(AxisError error) noexcept;

// One axis as sent: the raw fields.
struct Bjm1AxisFields {
  std::uint8_t neutral = kJ1939On;  // 2-bit statuses
  std::uint8_t negative = kJ1939Off;
  std::uint8_t positive = kJ1939Off;
  std::uint16_t position = 0;  // [0.1 %] 10 bits
};

struct AxisState {
  bool valid = false;  // error == kOk
  bool neutral = false;
  bool negative = false;          // left (X) or back (Y)
  bool positive = false;          // right (X) or forward (Y)
  double position_percent = 0.0;  // [%] 0..100 when valid, 0 otherwise
  AxisError error = AxisError::kOk;
  Bjm1AxisFields raw;  // as received, for diagnostics
};

struct Bjm1Decode {
  Bjm1FrameError error = Bjm1FrameError::kOk;
  std::uint8_t source_address = 0;
  std::uint8_t priority = 0;  // 0..7
  AxisState x;                // both axes meaningful only when error == kOk
  AxisState y;
  bool ok() const { return error == Bjm1FrameError::kOk; }
};

// An extended data frame whose PGN is 0xFDD6 (any priority, any source address, any length).
bool is_bjm1(const Frame& frame) noexcept;
Bjm1Decode decode_bjm1(const Frame& frame) noexcept;

// A BJM1 frame: id (priority << 26) | 0xFDD6 << 8 | source address, 8 bytes; the fields are masked
// to their widths and written as they are (an emulator may send errors on purpose); bytes 5-8 are
// 0xFF. Priority is masked to 3 bits.
Frame encode_bjm1(std::uint8_t source_address, const Bjm1AxisFields& x, const Bjm1AxisFields& y,
                  std::uint8_t priority = kBjm1DefaultPriority) noexcept;
// The fields of an axis deflected by `signed_percent` [%] (negative = left/back), clamped to
// ±100 % and rounded to 0.1 %; neutral when it rounds to 0; NaN gives "not available" everywhere.
Bjm1AxisFields axis_fields(double signed_percent) noexcept;

// From an axis to a valve command: d = ±position/100 ∈ [−1, 1] (sign from the negative/positive
// status, 0 in neutral, negated when `invert`), κ = clamp(κ0 + d·span, κ_min, κ_max). κ is the valve
// spool position [-] of sim/manoeuvre, in [0, 1] by default.
struct AxisToKappa {
  double kappa0 = 0.5;     // [-] κ at neutral
  double span = 0.5;       // [-] κ change at full deflection (negative to reverse the direction)
  double kappa_min = 0.0;  // [-]
  double kappa_max = 1.0;  // [-]
  bool invert = false;
};
// Empty when every number is finite and κ_min ≤ κ0 ≤ κ_max; otherwise one line naming the field.
std::string validate_axis_to_kappa(const AxisToKappa& map);
// κ for a valid axis; for an invalid one, clamp(κ0) (neutral), the caller deciding what an invalid
// axis means (the watchdog's safe κ, typically).
double kappa_from_axis(const AxisState& axis, const AxisToKappa& map) noexcept;

}  // namespace hilsim::hil
