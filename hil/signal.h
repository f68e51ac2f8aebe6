// A CAN signal described the way a DBC file describes it (SG_ name : start|length@order sign
// (scale,offset) [min|max] "unit"), and its decoding from / encoding into a frame's data bytes.
//
// Bit numbering, exactly as DBC files and cantools define it: bit b of the frame is bit b % 8 of
// byte b / 8, bit 0 being a byte's least significant bit.
//  - Little-endian (Intel, "@1"): start_bit is the signal's least significant bit; the signal
//    occupies bits start_bit .. start_bit + length - 1 in this numbering (towards later bytes).
//  - Big-endian (Motorola, "@0"): start_bit is the signal's most significant bit; the following
//    bits run down to bit 0 of that byte, then continue at bit 7 of the next byte (the "sawtooth").
//    Equivalently, with k(b) = 8·(b / 8) + 7 − b % 8 numbering the bits MSB-first, the signal
//    occupies k(start_bit) .. k(start_bit) + length − 1, its least significant bit last.
// Example: 7|16@0+ reads bytes 0,1 as a big-endian uint16; 0|16@1+ reads them as little-endian.
//
// physical = raw · scale + offset, raw being unsigned or two's complement of `length` bits.
// Decoding and encoding allocate nothing and never throw: they run in the I/O threads. Their
// precondition is a spec accepted by validate_signal() for a frame of at most data.size() bytes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace hilsim::hil {

enum class ByteOrder {
  kLittleEndian,  // Intel, DBC "@1"
  kBigEndian,     // Motorola, DBC "@0"
};

struct SignalSpec {
  std::string name;   // a C identifier, as DBC requires
  int start_bit = 0;  // DBC start bit (see above), 0 .. 8·frame_length − 1
  int length = 1;     // [bits] 1..64
  ByteOrder byte_order = ByteOrder::kLittleEndian;
  bool is_signed = false;  // raw value in two's complement
  double scale = 1.0;      // [unit per raw count], finite and non-zero
  double offset = 0.0;     // [unit]
  double min = 0.0;        // [unit] physical range; encode() clamps to it
  double max = 0.0;        // [unit] min ≤ max
  std::string unit;        // free text without '"'
};

// True for a C identifier ([A-Za-z_][A-Za-z0-9_]*), the form DBC requires of names.
bool is_dbc_identifier(std::string_view name);

// Empty when `spec` is valid for a frame of `frame_length` bytes (0..64), otherwise one line naming
// the signal, the field and the accepted range: a C-identifier name, length 1..64, the bits inside
// the frame, finite non-zero scale, finite offset, finite min ≤ max, raw range finite in physical
// units, no '"' in the unit.
std::string validate_signal(const SignalSpec& spec, int frame_length);

// The frame bits (numbered byte·8 + bit, bit 0 = LSB) the signal occupies, as a mask; the spec must
// be valid for a frame of at most 8 bytes.
std::uint64_t occupied_bits(const SignalSpec& spec);

// The physical values that raw values of the signal can represent: [lo, hi] with lo ≤ hi (scale may
// be negative). Independent of min and max.
struct PhysicalRange {
  double lo = 0.0;
  double hi = 0.0;
};
PhysicalRange representable_range(const SignalSpec& spec);

// The signal's raw bits, zero-extended (bit 0 = the signal's least significant bit).
std::uint64_t decode_raw(const SignalSpec& spec, std::span<const std::uint8_t> data) noexcept;
// The low `length` bits of `bits` as a two's complement number; length 1..64.
std::int64_t sign_extend(std::uint64_t bits, int length) noexcept;
// raw · scale + offset, raw signed or not as the spec says. Not clamped to [min, max]: a sender may
// send any raw value; compare with min and max where that matters.
double decode(const SignalSpec& spec, std::span<const std::uint8_t> data) noexcept;

// Writes the low `length` bits of `bits` into the signal's bits, leaving every other bit alone.
void encode_raw(const SignalSpec& spec, std::uint64_t bits, std::span<std::uint8_t> data) noexcept;

enum class EncodeStatus {
  kOk,          // written, rounded to the nearest raw value
  kClamped,     // written, after clamping to [min, max] and/or to the raw range
  kNotANumber,  // refused: NaN has no raw value; data untouched
};
// raw = round((clamp(physical, min, max) − offset) / scale), halves away from zero, then clamped to
// the raw range of `length` bits; ±infinity clamps like any value out of range.
EncodeStatus encode(const SignalSpec& spec, double physical, std::span<std::uint8_t> data) noexcept;

}  // namespace hilsim::hil
