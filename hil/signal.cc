// Signal decoding and encoding bit by bit, following the DBC numbering documented in signal.h.
// One bit position formula serves decoding, encoding, validation and the overlap mask, so they
// cannot disagree.
#include "hil/signal.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace hilsim::hil {

namespace {

const char* order_name(ByteOrder order) {
  return order == ByteOrder::kLittleEndian ? "little-endian" : "big-endian";
}

// Big-endian signals: the MSB-first index k(b) = 8·(b / 8) + 7 − b % 8 of DBC bit b.
int msb_first_index(int dbc_bit) { return 8 * (dbc_bit / 8) + 7 - dbc_bit % 8; }

// Frame bit (byte·8 + bit, bit 0 = LSB) holding bit j of the raw value (j = 0 its LSB).
int frame_bit(const SignalSpec& spec, int j) {
  if (spec.byte_order == ByteOrder::kLittleEndian) return spec.start_bit + j;
  const int k = msb_first_index(spec.start_bit) + spec.length - 1 - j;
  return 8 * (k / 8) + 7 - k % 8;
}

// The last byte the signal touches, for the fit check: its most significant bit for
// little-endian signals, its least significant bit for big-endian ones.
int last_byte(const SignalSpec& spec) {
  if (spec.byte_order == ByteOrder::kLittleEndian) return (spec.start_bit + spec.length - 1) / 8;
  return (msb_first_index(spec.start_bit) + spec.length - 1) / 8;
}

// Raw extremes as doubles: exact, being ±2^n or 2^n − 1 rounded at most to 2^n.
double raw_lo(const SignalSpec& spec) { return spec.is_signed ? -std::ldexp(1.0, spec.length - 1) : 0.0; }
double raw_hi(const SignalSpec& spec) {
  return spec.is_signed ? std::ldexp(1.0, spec.length - 1) - 1.0 : std::ldexp(1.0, spec.length) - 1.0;
}

}  // namespace

bool is_dbc_identifier(std::string_view name) {
  const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (name.empty() || !alpha(name.front())) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return alpha(c) || (c >= '0' && c <= '9'); });
}

std::string validate_signal(const SignalSpec& spec, int frame_length) {
  std::ostringstream e;
  e << "signal '" << spec.name << "': ";
  if (!is_dbc_identifier(spec.name)) {
    e << "name must be a C identifier ([A-Za-z_][A-Za-z0-9_]*)";
  } else if (frame_length < 0 || frame_length > 64) {
    e << "frame length " << frame_length << " bytes outside 0..64";
  } else if (spec.length < 1 || spec.length > 64) {
    e << "length " << spec.length << " bits outside 1..64";
  } else if (frame_length == 0) {
    e << "a frame of 0 bytes has no room for a signal";
  } else if (spec.start_bit < 0 || spec.start_bit >= 8 * frame_length) {
    e << "start_bit " << spec.start_bit << " outside 0.." << 8 * frame_length - 1 << " (frame length "
      << frame_length << " bytes)";
  } else if (last_byte(spec) >= frame_length) {
    e << "start_bit " << spec.start_bit << " with length " << spec.length << " ("
      << order_name(spec.byte_order) << ") ends in byte " << last_byte(spec)
      << ", past the frame's last byte " << frame_length - 1 << " (frame length " << frame_length
      << " bytes)";
  } else if (!std::isfinite(spec.scale) || spec.scale == 0.0) {
    e << "scale " << spec.scale << " must be finite and non-zero";
  } else if (!std::isfinite(spec.offset)) {
    e << "offset " << spec.offset << " must be finite";
  } else if (!std::isfinite(spec.min) || !std::isfinite(spec.max) || spec.min > spec.max) {
    e << "range [" << spec.min << ", " << spec.max << "] must be finite with min <= max";
  } else if (const PhysicalRange r = representable_range(spec);
             !std::isfinite(r.lo) || !std::isfinite(r.hi)) {
    e << "scale " << spec.scale << " and offset " << spec.offset
      << " overflow a double over the raw range of " << spec.length << " bits";
  } else if (spec.unit.find('"') != std::string::npos) {
    e << "unit must not contain '\"'";
  } else {
    return "";
  }
  return e.str();
}

std::uint64_t occupied_bits(const SignalSpec& spec) {
  std::uint64_t mask = 0;
  for (int j = 0; j < spec.length; ++j) mask |= std::uint64_t{1} << frame_bit(spec, j);
  return mask;
}

PhysicalRange representable_range(const SignalSpec& spec) {
  const double a = raw_lo(spec) * spec.scale + spec.offset;
  const double b = raw_hi(spec) * spec.scale + spec.offset;
  return {std::min(a, b), std::max(a, b)};
}

std::uint64_t decode_raw(const SignalSpec& spec, std::span<const std::uint8_t> data) noexcept {
  std::uint64_t bits = 0;
  for (int j = 0; j < spec.length; ++j) {
    const int b = frame_bit(spec, j);
    const std::uint64_t bit = (data[static_cast<std::size_t>(b / 8)] >> (b % 8)) & 1u;
    bits |= bit << j;
  }
  return bits;
}

std::int64_t sign_extend(std::uint64_t bits, int length) noexcept {
  if (length >= 64) return static_cast<std::int64_t>(bits);
  const std::uint64_t sign = std::uint64_t{1} << (length - 1);
  const std::uint64_t value = bits & ((std::uint64_t{1} << length) - 1);
  // (value XOR sign) − sign maps [sign, 2·sign) to [−sign, 0) without signed overflow.
  return static_cast<std::int64_t>(value ^ sign) - static_cast<std::int64_t>(sign);
}

double decode(const SignalSpec& spec, std::span<const std::uint8_t> data) noexcept {
  const std::uint64_t bits = decode_raw(spec, data);
  const double raw =
      spec.is_signed ? static_cast<double>(sign_extend(bits, spec.length)) : static_cast<double>(bits);
  return raw * spec.scale + spec.offset;
}

void encode_raw(const SignalSpec& spec, std::uint64_t bits, std::span<std::uint8_t> data) noexcept {
  for (int j = 0; j < spec.length; ++j) {
    const int b = frame_bit(spec, j);
    auto& byte = data[static_cast<std::size_t>(b / 8)];
    const auto mask = static_cast<std::uint8_t>(1u << (b % 8));
    if ((bits >> j) & 1u) {
      byte = static_cast<std::uint8_t>(byte | mask);
    } else {
      byte = static_cast<std::uint8_t>(byte & ~mask);
    }
  }
}

EncodeStatus encode(const SignalSpec& spec, double physical, std::span<std::uint8_t> data) noexcept {
  if (std::isnan(physical)) return EncodeStatus::kNotANumber;
  bool clamped = false;
  if (physical < spec.min || physical > spec.max) {
    physical = std::clamp(physical, spec.min, spec.max);
    clamped = true;
  }
  double raw = std::round((physical - spec.offset) / spec.scale);
  // Clamp against the exact bounds 2^n (exclusive above) and −2^(n−1), then convert: every double
  // inside is an integer that the integer type holds exactly.
  if (spec.is_signed) {
    const double half = std::ldexp(1.0, spec.length - 1);  // 2^(n−1)
    const auto raw_max = static_cast<std::int64_t>((std::uint64_t{1} << (spec.length - 1)) - 1);
    std::int64_t r = 0;
    if (raw >= half) {
      r = raw_max;
      clamped = true;
    } else if (raw < -half) {
      r = -raw_max - 1;
      clamped = true;
    } else {
      r = static_cast<std::int64_t>(raw);
    }
    encode_raw(spec, static_cast<std::uint64_t>(r), data);
  } else {
    const double full = std::ldexp(1.0, spec.length);  // 2^n
    std::uint64_t r = 0;
    if (raw >= full) {
      r = spec.length == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << spec.length) - 1;
      clamped = true;
    } else if (raw < 0.0) {
      clamped = true;
    } else {
      r = static_cast<std::uint64_t>(raw);
    }
    encode_raw(spec, r, data);
  }
  return clamped ? EncodeStatus::kClamped : EncodeStatus::kOk;
}

}  // namespace hilsim::hil
