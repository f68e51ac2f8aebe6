// The UDP datagram format, version 1: up to 16 CAN frames behind an 8-byte header with a sequence
// number, all integers little-endian. The byte layout is documented in hil/DATAGRAM.md. Encoding
// and decoding are pure, noexcept and allocate nothing: they run in the UDP I/O thread, on
// untrusted input, so every length is checked before it is used.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "hil/frame.h"

namespace hilsim::hil {

inline constexpr std::uint8_t kDatagramMagic = 0x48;  // 'H'
inline constexpr std::uint8_t kDatagramVersion = 1;
inline constexpr std::size_t kDatagramHeaderSize = 8;  // [bytes]
inline constexpr std::size_t kMaxFramesPerDatagram = 16;
inline constexpr std::size_t kDatagramFrameOverhead = 5;             // [bytes] id (4) and length (1)
inline constexpr std::uint32_t kDatagramExtendedFlag = 0x80000000u;  // bit 31 of the id, as CAN_EFF_FLAG
// [bytes] 216: 16 frames of 8 data bytes.
inline constexpr std::size_t kMaxDatagramSize =
    kDatagramHeaderSize + kMaxFramesPerDatagram * (kDatagramFrameOverhead + kMaxFrameLength);

struct DecodedDatagram {
  std::uint32_t sequence = 0;
  std::uint8_t count = 0;                             // frames[0 .. count) are valid
  std::array<Frame, kMaxFramesPerDatagram> frames{};  // data frames: rtr is false
};

enum class DatagramError {
  kOk,
  kTooShort,       // fewer bytes than the 8-byte header
  kBadMagic,       // byte 0 is not 0x48
  kBadVersion,     // byte 1 is not 1
  kBadFlags,       // byte 3 is not 0
  kBadCount,       // frame count outside 1..16
  kBadId,          // id bits 29..30 set, or a standard id above 0x7FF
  kBadLength,      // a frame length above 8
  kTruncated,      // the datagram ends inside a frame
  kTrailingBytes,  // bytes left after the last frame
};

const char* to_string(DatagramError error) noexcept;

// Writes the datagram into `out` and returns its size in bytes; returns 0 (and writes nothing
// meaningful) when `out` is too small, there are not 1..16 frames, or a frame is not a
// well-formed data frame (is_well_formed, not rtr).
std::size_t encode_datagram(std::uint32_t sequence, std::span<const Frame> frames,
                            std::span<std::uint8_t> out) noexcept;

// Decodes a whole datagram. On kOk `out` holds the sequence number and the frames, with data bytes
// past each frame's length zero; on an error `out` is unspecified.
DatagramError decode_datagram(std::span<const std::uint8_t> in, DecodedDatagram& out) noexcept;

}  // namespace hilsim::hil
