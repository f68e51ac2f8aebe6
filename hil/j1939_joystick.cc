// BJM1 decoding and encoding (layout and sources in j1939_joystick.h) and the axis-to-κ mapping.
#include "hil/j1939_joystick.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace hilsim::hil {

namespace {

constexpr std::uint32_t kPgnShift = 8;
constexpr std::uint32_t kPgnMask = 0x3FFFF;  // data page bits and PF, PS: 18 bits
constexpr int kPriorityShift = 26;

// An axis occupies two bytes: statuses in the low 6 bits of the first, then the 10-bit position
// with its 2 LSBs in the first byte's bits 7-8 and its 8 MSBs in the second byte.
Bjm1AxisFields read_axis(std::uint8_t lo, std::uint8_t hi) {
  Bjm1AxisFields f;
  f.neutral = lo & 0x3;
  f.negative = (lo >> 2) & 0x3;
  f.positive = (lo >> 4) & 0x3;
  f.position = static_cast<std::uint16_t>((lo >> 6) | (hi << 2));
  return f;
}

void write_axis(const Bjm1AxisFields& f, std::uint8_t& lo, std::uint8_t& hi) {
  const unsigned position = f.position & 0x3FFu;
  lo = static_cast<std::uint8_t>((f.neutral & 0x3u) | (f.negative & 0x3u) << 2 | (f.positive & 0x3u) << 4 |
                                 (position & 0x3u) << 6);
  hi = static_cast<std::uint8_t>(position >> 2);
}

AxisState interpret(const Bjm1AxisFields& f) {
  AxisState a;
  a.raw = f;
  const std::uint8_t statuses[] = {f.neutral, f.negative, f.positive};
  const auto any = [&](std::uint8_t v) {
    return std::find(std::begin(statuses), std::end(statuses), v) != std::end(statuses);
  };
  if (any(kJ1939Error)) {
    a.error = AxisError::kStatusError;
  } else if (any(kJ1939NotAvailable)) {
    a.error = AxisError::kStatusNotAvailable;
  } else if (f.position == kBjm1PositionError) {
    a.error = AxisError::kPositionError;
  } else if (f.position == kBjm1PositionNotAvailable) {
    a.error = AxisError::kPositionNotAvailable;
  } else if (f.position > kBjm1MaxPosition) {
    a.error = AxisError::kPositionOutOfRange;
  } else if (std::count(std::begin(statuses), std::end(statuses), kJ1939On) != 1) {
    a.error = AxisError::kContradictoryStatus;
  }
  a.valid = a.error == AxisError::kOk;
  if (!a.valid) return a;
  a.neutral = f.neutral == kJ1939On;
  a.negative = f.negative == kJ1939On;
  a.positive = f.positive == kJ1939On;
  a.position_percent = 0.1 * f.position;
  return a;
}

}  // namespace

const char* to_string(Bjm1FrameError error) noexcept {
  switch (error) {
    case Bjm1FrameError::kOk:
      return "ok";
    case Bjm1FrameError::kNotExtended:
      return "not an extended (29-bit) identifier";
    case Bjm1FrameError::kRemoteFrame:
      return "remote (RTR) frame";
    case Bjm1FrameError::kWrongPgn:
      return "PGN is not 0xFDD6 (BJM1)";
    case Bjm1FrameError::kWrongLength:
      return "length is not 8 bytes";
  }
  return "unknown BJM1 frame error";
}

const char* to_string(AxisError error) noexcept {
  switch (error) {
    case AxisError::kOk:
      return "ok";
    case AxisError::kStatusError:
      return "a position status reports an error (10)";
    case AxisError::kStatusNotAvailable:
      return "a position status is not available (11)";
    case AxisError::kPositionError:
      return "position is the error indicator (1022)";
    case AxisError::kPositionNotAvailable:
      return "position is not available (1023)";
    case AxisError::kPositionOutOfRange:
      return "position above 1000 (100 %)";
    case AxisError::kContradictoryStatus:
      return "not exactly one of neutral, negative, positive";
  }
  return "unknown axis error";
}

bool is_bjm1(const Frame& frame) noexcept {
  return frame.extended && !frame.rtr && ((frame.id >> kPgnShift) & kPgnMask) == kBjm1Pgn;
}

Bjm1Decode decode_bjm1(const Frame& frame) noexcept {
  Bjm1Decode d;
  d.source_address = static_cast<std::uint8_t>(frame.id & 0xFF);
  d.priority = static_cast<std::uint8_t>((frame.id >> kPriorityShift) & 0x7);
  if (!frame.extended) {
    d.error = Bjm1FrameError::kNotExtended;
  } else if (frame.rtr) {
    d.error = Bjm1FrameError::kRemoteFrame;
  } else if (((frame.id >> kPgnShift) & kPgnMask) != kBjm1Pgn) {
    d.error = Bjm1FrameError::kWrongPgn;
  } else if (frame.length != 8) {
    d.error = Bjm1FrameError::kWrongLength;
  } else {
    d.x = interpret(read_axis(frame.data[0], frame.data[1]));
    d.y = interpret(read_axis(frame.data[2], frame.data[3]));
  }
  return d;
}

Frame encode_bjm1(std::uint8_t source_address, const Bjm1AxisFields& x, const Bjm1AxisFields& y,
                  std::uint8_t priority) noexcept {
  Frame f;
  f.extended = true;
  f.id =
      (static_cast<std::uint32_t>(priority & 0x7) << kPriorityShift) | kBjm1Pgn << kPgnShift | source_address;
  f.length = 8;
  f.data.fill(0xFF);
  write_axis(x, f.data[0], f.data[1]);
  write_axis(y, f.data[2], f.data[3]);
  return f;
}

Bjm1AxisFields axis_fields(double signed_percent) noexcept {
  if (std::isnan(signed_percent)) {
    return {kJ1939NotAvailable, kJ1939NotAvailable, kJ1939NotAvailable, kBjm1PositionNotAvailable};
  }
  const double p = std::clamp(signed_percent, -100.0, 100.0);
  Bjm1AxisFields f;
  f.position = static_cast<std::uint16_t>(std::lround(std::abs(p) * 10.0));
  f.neutral = f.position == 0 ? kJ1939On : kJ1939Off;
  f.negative = f.position != 0 && p < 0.0 ? kJ1939On : kJ1939Off;
  f.positive = f.position != 0 && p > 0.0 ? kJ1939On : kJ1939Off;
  return f;
}

std::string validate_axis_to_kappa(const AxisToKappa& m) {
  std::ostringstream e;
  if (!std::isfinite(m.kappa0) || !std::isfinite(m.span) || !std::isfinite(m.kappa_min) ||
      !std::isfinite(m.kappa_max)) {
    e << "axis to kappa: kappa0, span, kappa_min and kappa_max must be finite";
  } else if (!(m.kappa_min <= m.kappa0 && m.kappa0 <= m.kappa_max)) {
    e << "axis to kappa: need kappa_min <= kappa0 <= kappa_max, got " << m.kappa_min << " <= " << m.kappa0
      << " <= " << m.kappa_max;
  } else {
    return "";
  }
  return e.str();
}

double kappa_from_axis(const AxisState& axis, const AxisToKappa& map) noexcept {
  double d = 0.0;  // signed deflection [-1, 1]
  if (axis.valid && !axis.neutral) d = (axis.negative ? -1.0 : 1.0) * axis.position_percent / 100.0;
  if (map.invert) d = -d;
  // min/max rather than std::clamp: defined (if meaningless) even for an unvalidated map.
  return std::min(std::max(map.kappa0 + d * map.span, map.kappa_min), map.kappa_max);
}

}  // namespace hilsim::hil
