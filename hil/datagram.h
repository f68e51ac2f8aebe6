// The UDP datagram format: up to 16 CAN frames behind an 8-byte header with a sequence number, all
// integers little-endian; version 1 ends there, version 2 adds a CRC-32 of every byte before it.
// The byte layout is documented in hil/DATAGRAM.md. Encoding and decoding are pure, noexcept and
// allocate nothing: they run in the UDP I/O thread, on untrusted input, so every length is checked
// before it is used.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "hil/frame.h"

namespace hilsim::hil {

inline constexpr std::uint8_t kDatagramMagic = 0x48;      // 'H'
inline constexpr std::uint8_t kDatagramVersionPlain = 1;  // no checksum
inline constexpr std::uint8_t kDatagramVersionCrc32 = 2;  // the frames followed by a CRC-32
inline constexpr std::size_t kDatagramHeaderSize = 8;     // [bytes]
inline constexpr std::size_t kDatagramCrcSize = 4;        // [bytes] version 2's CRC-32, little-endian
inline constexpr std::size_t kMaxFramesPerDatagram = 16;
inline constexpr std::size_t kDatagramFrameOverhead = 5;             // [bytes] id (4) and length (1)
inline constexpr std::uint32_t kDatagramExtendedFlag = 0x80000000u;  // bit 31 of the id, as CAN_EFF_FLAG
// [bytes] 220: 16 frames of 8 data bytes and the CRC of version 2 (216 in version 1).
inline constexpr std::size_t kMaxDatagramSize =
    kDatagramHeaderSize + kMaxFramesPerDatagram * (kDatagramFrameOverhead + kMaxFrameLength) +
    kDatagramCrcSize;

// [udp] e2e: the end-to-end protection of the datagrams a side sends, and what it accepts.
enum class DatagramE2e : std::uint8_t {
  kCrc32,  // sends version 2; accepts version 2 only (version 1 is refused: kNoChecksum)
  kNone,   // sends version 1, for a peer that cannot compute the CRC; accepts versions 1 and 2 (a
           // version 2 datagram's CRC is checked all the same)
};

const char* to_string(DatagramE2e e2e) noexcept;  // "crc32", "none"
// The setting named `text` ("crc32" or "none"), or nothing: the one reading of the name, for the
// scenario's key and the command line alike.
std::optional<DatagramE2e> datagram_e2e_from_string(std::string_view text) noexcept;
// What a side with this setting sends and accepts, for the start of a run: `e2e = "crc32": sending
// datagram version 2 (CRC-32), accepting version 2 only (...)`.
const char* describe(DatagramE2e e2e) noexcept;

struct DecodedDatagram {
  std::uint8_t version = 0;  // 1 or 2
  std::uint32_t sequence = 0;
  std::uint8_t count = 0;                             // frames[0 .. count) are valid
  std::array<Frame, kMaxFramesPerDatagram> frames{};  // data frames: rtr is false
};

enum class DatagramError {
  kOk,
  kTooShort,       // fewer bytes than the 8-byte header (12 with version 2's CRC)
  kBadMagic,       // byte 0 is not 0x48
  kBadVersion,     // byte 1 is not 1 or 2
  kBadFlags,       // byte 3 is not 0
  kBadCount,       // frame count outside 1..16
  kBadId,          // id bits 29..30 set, or a standard id above 0x7FF
  kBadLength,      // a frame length above 8
  kTruncated,      // the datagram ends inside a frame
  kTrailingBytes,  // bytes left after the last frame
  kBadChecksum,    // version 2: the CRC-32 does not match the bytes before it
  kNoChecksum,     // version 1 where a CRC is required (DatagramE2e::kCrc32)
};
inline constexpr std::size_t kDatagramErrorKinds = static_cast<std::size_t>(DatagramError::kNoChecksum) + 1;

const char* to_string(DatagramError error) noexcept;

// The CRC-32 of IEEE 802.3 and zlib (polynomial 0x04C11DB7 reflected, init and xor-out 0xFFFFFFFF;
// boost::crc_32_type) of `bytes`: version 2's checksum over every byte before it.
std::uint32_t datagram_crc32(std::span<const std::uint8_t> bytes) noexcept;

// Writes the datagram into `out`, version 2 for DatagramE2e::kCrc32 and version 1 for kNone, and
// returns its size in bytes; returns 0 (and writes nothing meaningful) when `out` is too small,
// there are not 1..16 frames, or a frame is not a well-formed data frame (is_well_formed, not rtr).
std::size_t encode_datagram(DatagramE2e e2e, std::uint32_t sequence, std::span<const Frame> frames,
                            std::span<std::uint8_t> out) noexcept;

// Decodes a whole datagram of version 1 or 2 as a side with setting `e2e` accepts it. A version 2
// datagram's CRC is checked before anything after its header's version byte is read. On kOk `out`
// holds the version, the sequence number and the frames, with data bytes past each frame's length
// zero; on an error `out` is unspecified.
DatagramError decode_datagram(std::span<const std::uint8_t> in, DatagramE2e e2e,
                              DecodedDatagram& out) noexcept;

}  // namespace hilsim::hil
