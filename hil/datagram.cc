// The datagram codec, versions 1 and 2 (hil/DATAGRAM.md). Reads walk a cursor that is checked
// against the datagram's size before every field; version 2's CRC is checked before the cursor
// starts.
#include "hil/datagram.h"

#include <boost/crc.hpp>

namespace hilsim::hil {

namespace {

void put_u32(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t get_u32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// The header and frames of a datagram whose version byte and CRC (if any) have been checked.
DatagramError decode_frames(std::span<const std::uint8_t> in, DecodedDatagram& out) noexcept {
  if (in[3] != 0) return DatagramError::kBadFlags;
  const std::uint8_t count = in[2];
  if (count < 1 || count > kMaxFramesPerDatagram) return DatagramError::kBadCount;
  out.version = in[1];
  out.sequence = get_u32(in.data() + 4);
  out.count = count;

  std::size_t at = kDatagramHeaderSize;
  for (std::size_t k = 0; k < count; ++k) {
    if (in.size() - at < kDatagramFrameOverhead) return DatagramError::kTruncated;
    const std::uint32_t raw_id = get_u32(in.data() + at);
    const std::uint8_t length = in[at + 4];
    at += kDatagramFrameOverhead;

    Frame& f = out.frames[k];
    f = Frame{};
    f.extended = (raw_id & kDatagramExtendedFlag) != 0;
    f.id = raw_id & ~kDatagramExtendedFlag;
    if (f.id > (f.extended ? kMaxExtendedId : kMaxStandardId)) return DatagramError::kBadId;
    if (length > kMaxFrameLength) return DatagramError::kBadLength;
    if (in.size() - at < length) return DatagramError::kTruncated;
    f.length = length;
    for (std::size_t i = 0; i < length; ++i) f.data[i] = in[at + i];
    at += length;
  }
  if (at != in.size()) return DatagramError::kTrailingBytes;
  return DatagramError::kOk;
}

}  // namespace

const char* to_string(DatagramE2e e2e) noexcept { return e2e == DatagramE2e::kCrc32 ? "crc32" : "none"; }

std::optional<DatagramE2e> datagram_e2e_from_string(std::string_view text) noexcept {
  for (const DatagramE2e e2e : {DatagramE2e::kCrc32, DatagramE2e::kNone}) {
    if (text == to_string(e2e)) return e2e;
  }
  return std::nullopt;
}

const char* describe(DatagramE2e e2e) noexcept {
  return e2e == DatagramE2e::kCrc32
             ? "e2e = \"crc32\": sending datagram version 2 (CRC-32), accepting version 2 only (version 1, "
               "without a checksum, is refused)"
             : "e2e = \"none\": sending datagram version 1 (no checksum), accepting versions 1 and 2 (a "
               "version 2 datagram's CRC-32 is checked)";
}

const char* to_string(DatagramError error) noexcept {
  switch (error) {
    case DatagramError::kOk:
      return "ok";
    case DatagramError::kTooShort:
      return "shorter than the header (8 bytes, 12 with version 2's CRC)";
    case DatagramError::kBadMagic:
      return "bad magic (byte 0 must be 0x48)";
    case DatagramError::kBadVersion:
      return "unsupported version (byte 1 must be 1 or 2)";
    case DatagramError::kBadFlags:
      return "flags must be 0";
    case DatagramError::kBadCount:
      return "frame count outside 1..16";
    case DatagramError::kBadId:
      return "bad frame id (bits 29-30 set, or a standard id above 0x7FF)";
    case DatagramError::kBadLength:
      return "frame length above 8";
    case DatagramError::kTruncated:
      return "datagram ends inside a frame";
    case DatagramError::kTrailingBytes:
      return "bytes after the last frame";
    case DatagramError::kBadChecksum:
      return "CRC-32 does not match (corrupted)";
    case DatagramError::kNoChecksum:
      return "version 1, no checksum (e2e = \"crc32\" accepts version 2 only)";
  }
  return "unknown datagram error";
}

std::uint32_t datagram_crc32(std::span<const std::uint8_t> bytes) noexcept {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

std::size_t encode_datagram(DatagramE2e e2e, std::uint32_t sequence, std::span<const Frame> frames,
                            std::span<std::uint8_t> out) noexcept {
  if (frames.empty() || frames.size() > kMaxFramesPerDatagram) return 0;
  const bool with_crc = e2e == DatagramE2e::kCrc32;
  std::size_t size = kDatagramHeaderSize + (with_crc ? kDatagramCrcSize : 0);
  for (const Frame& f : frames) {
    if (!is_well_formed(f) || f.rtr) return 0;
    size += kDatagramFrameOverhead + f.length;
  }
  if (out.size() < size) return 0;

  std::uint8_t* p = out.data();
  p[0] = kDatagramMagic;
  p[1] = with_crc ? kDatagramVersionCrc32 : kDatagramVersionPlain;
  p[2] = static_cast<std::uint8_t>(frames.size());
  p[3] = 0;
  put_u32(p + 4, sequence);
  p += kDatagramHeaderSize;
  for (const Frame& f : frames) {
    put_u32(p, f.extended ? (f.id | kDatagramExtendedFlag) : f.id);
    p[4] = f.length;
    p += kDatagramFrameOverhead;
    for (std::size_t i = 0; i < f.length; ++i) *p++ = f.data[i];
  }
  if (with_crc) put_u32(p, datagram_crc32(out.first(size - kDatagramCrcSize)));
  return size;
}

DatagramError decode_datagram(std::span<const std::uint8_t> in, DatagramE2e e2e,
                              DecodedDatagram& out) noexcept {
  if (in.size() < kDatagramHeaderSize) return DatagramError::kTooShort;
  if (in[0] != kDatagramMagic) return DatagramError::kBadMagic;
  if (in[1] == kDatagramVersionPlain) {
    // Unprotected: nothing in it can be told from corruption, so where a CRC is required its other
    // fields do not matter.
    if (e2e == DatagramE2e::kCrc32) return DatagramError::kNoChecksum;
    return decode_frames(in, out);
  }
  if (in[1] != kDatagramVersionCrc32) return DatagramError::kBadVersion;
  if (in.size() < kDatagramHeaderSize + kDatagramCrcSize) return DatagramError::kTooShort;
  const std::span<const std::uint8_t> checked = in.first(in.size() - kDatagramCrcSize);
  if (get_u32(in.data() + checked.size()) != datagram_crc32(checked)) return DatagramError::kBadChecksum;
  return decode_frames(checked, out);
}

}  // namespace hilsim::hil
