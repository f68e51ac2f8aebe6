// The UDP datagram codec: the documented examples byte for byte (version 1 and version 2 with its
// CRC-32), the CRC against its published check value, round trips of both versions, every error
// kind, and what each [udp] e2e setting sends and accepts.
#include "hil/datagram.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "hil/signal.h"
#include "tests/hil/data_frame.h"

namespace hilsim::hil {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes encode_frames(DatagramE2e e2e, std::uint32_t seq, const std::vector<Frame>& frames) {
  Bytes out(kMaxDatagramSize);
  out.resize(encode_datagram(e2e, seq, frames, out));
  return out;
}

// Version 1 (no checksum) and version 2 (with its CRC-32).
Bytes plain(std::uint32_t seq, const std::vector<Frame>& frames) {
  return encode_frames(DatagramE2e::kNone, seq, frames);
}
Bytes protected_(std::uint32_t seq, const std::vector<Frame>& frames) {
  return encode_frames(DatagramE2e::kCrc32, seq, frames);
}

DatagramError decode(const Bytes& in, DatagramE2e e2e = DatagramE2e::kNone) {
  DecodedDatagram d;
  return decode_datagram(in, e2e, d);
}

// Writes the CRC-32 of a version 2 datagram's other bytes into its last four: a datagram changed
// on purpose, so that the check after the CRC's is the one under test.
Bytes sealed(Bytes b) {
  const std::uint32_t crc = datagram_crc32(std::span(b).first(b.size() - kDatagramCrcSize));
  for (std::size_t i = 0; i < 4; ++i) b[b.size() - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  return b;
}

// The CRC-32 of IEEE 802.3 and zlib (reflected polynomial 0x04C11DB7, init and xor-out 0xFFFFFFFF):
// its published check value, the CRC of the nine ASCII digits "123456789".
TEST(Datagram, Crc32OfTheCheckStringIsThePublishedCheckValue) {
  constexpr std::string_view check = "123456789";
  const Bytes digits(check.begin(), check.end());
  EXPECT_EQ(datagram_crc32(digits), 0xCBF43926u);
  EXPECT_EQ(datagram_crc32(Bytes{}), 0x00000000u);
}

// The κ frame of hil/DATAGRAM.md's examples: kappa_1 = 0.25 and kappa_2 = -0.5, encoded by the
// signal codec.
Frame documented_command() {
  const SignalSpec kappa_1{"kappa_1", 0, 16, ByteOrder::kLittleEndian, true, 0.0001, 0.0, -1.0, 1.0, ""};
  SignalSpec kappa_2 = kappa_1;
  kappa_2.name = "kappa_2";
  kappa_2.start_bit = 16;
  Frame command = data_frame(0x100, false, {0, 0, 0, 0});
  EXPECT_EQ(encode(kappa_1, 0.25, std::span(command.data).first(4)), EncodeStatus::kOk);
  EXPECT_EQ(encode(kappa_2, -0.5, std::span(command.data).first(4)), EncodeStatus::kOk);
  return command;
}

// The version 1 example of hil/DATAGRAM.md.
TEST(Datagram, DocumentedExample) {
  const Bytes expected{0x48, 0x01, 0x01, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x00,
                       0x01, 0x00, 0x00, 0x04, 0xC4, 0x09, 0x78, 0xEC};
  EXPECT_EQ(plain(42, {documented_command()}), expected);
  DecodedDatagram d;
  ASSERT_EQ(decode_datagram(expected, DatagramE2e::kNone, d), DatagramError::kOk);
  EXPECT_EQ(d.version, 1);
  EXPECT_EQ(d.sequence, 42u);
  ASSERT_EQ(d.count, 1);
  EXPECT_EQ(d.frames[0], data_frame(0x100, false, {0xC4, 0x09, 0x78, 0xEC}));

  const Bytes ext = plain(0, {data_frame(0x0CFDD633, true, {})});
  EXPECT_EQ(Bytes(ext.begin() + 8, ext.begin() + 12), (Bytes{0x33, 0xD6, 0xFD, 0x8C}));
}

// The version 2 example of hil/DATAGRAM.md: the same frame, version byte 2, and the CRC-32 of the
// 17 bytes before it, 0x444DB1A2 (zlib.crc32 of those bytes), little-endian.
TEST(Datagram, DocumentedExampleVersion2) {
  const Bytes expected{0x48, 0x02, 0x01, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
                       0x00, 0x04, 0xC4, 0x09, 0x78, 0xEC, 0xA2, 0xB1, 0x4D, 0x44};
  EXPECT_EQ(protected_(42, {documented_command()}), expected);
  for (const DatagramE2e e2e : {DatagramE2e::kCrc32, DatagramE2e::kNone}) {
    DecodedDatagram d;
    ASSERT_EQ(decode_datagram(expected, e2e, d), DatagramError::kOk) << to_string(e2e);
    EXPECT_EQ(d.version, 2);
    EXPECT_EQ(d.sequence, 42u);
    ASSERT_EQ(d.count, 1);
    EXPECT_EQ(d.frames[0], data_frame(0x100, false, {0xC4, 0x09, 0x78, 0xEC}));
  }
}

TEST(Datagram, SequenceIsLittleEndian) {
  const Bytes d = protected_(0x12345678, {data_frame(1, false, {})});
  EXPECT_EQ(Bytes(d.begin() + 4, d.begin() + 8), (Bytes{0x78, 0x56, 0x34, 0x12}));
}

TEST(Datagram, RoundTripOfRandomFrameSetsInBothVersions) {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<Frame> frames(1 + rng() % kMaxFramesPerDatagram);
    for (Frame& f : frames) {
      f.extended = rng() % 2;
      f.id = static_cast<std::uint32_t>(rng() % ((f.extended ? kMaxExtendedId : kMaxStandardId) + 1));
      f.length = static_cast<std::uint8_t>(rng() % 9);
      for (std::size_t i = 0; i < f.length; ++i) f.data[i] = static_cast<std::uint8_t>(rng());
    }
    const std::uint32_t seq = static_cast<std::uint32_t>(rng());
    std::size_t v1_size = 8;
    for (const Frame& f : frames) v1_size += 5 + f.length;
    for (const DatagramE2e e2e : {DatagramE2e::kNone, DatagramE2e::kCrc32}) {
      const Bytes bytes = encode_frames(e2e, seq, frames);
      const bool v2 = e2e == DatagramE2e::kCrc32;
      ASSERT_EQ(bytes.size(), v1_size + (v2 ? 4 : 0));
      ASSERT_EQ(bytes[1], v2 ? 2 : 1);
      if (v2) {
        // The rest of a version 2 datagram is version 1's, with byte 1 = 2.
        Bytes v1 = plain(seq, frames);
        v1[1] = 2;
        ASSERT_EQ(Bytes(bytes.begin(), bytes.end() - 4), v1);
      }
      DecodedDatagram d;
      ASSERT_EQ(decode_datagram(bytes, DatagramE2e::kNone, d), DatagramError::kOk);
      ASSERT_EQ(d.version, v2 ? 2 : 1);
      ASSERT_EQ(d.sequence, seq);
      ASSERT_EQ(d.count, frames.size());
      for (std::size_t k = 0; k < frames.size(); ++k) ASSERT_EQ(d.frames[k], frames[k]) << k;
    }
  }
}

TEST(Datagram, LargestDatagram) {
  std::vector<Frame> frames(16, data_frame(0x1FFFFFFF, true, {1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(plain(7, frames).size(), 216u);
  const Bytes bytes = protected_(7, frames);
  EXPECT_EQ(bytes.size(), 220u);
  EXPECT_EQ(bytes.size(), kMaxDatagramSize);
  EXPECT_EQ(decode(bytes, DatagramE2e::kCrc32), DatagramError::kOk);
}

TEST(Datagram, EncodeRefusals) {
  for (const DatagramE2e e2e : {DatagramE2e::kNone, DatagramE2e::kCrc32}) {
    std::array<std::uint8_t, kMaxDatagramSize> out{};
    const Frame ok = data_frame(0x123, false, {1, 2});
    EXPECT_EQ(encode_datagram(e2e, 1, std::span<const Frame>{}, out), 0u);
    std::vector<Frame> seventeen(17, ok);
    EXPECT_EQ(encode_datagram(e2e, 1, seventeen, out), 0u);
    Frame bad = ok;
    bad.id = 0x800;
    EXPECT_EQ(encode_datagram(e2e, 1, std::vector<Frame>{bad}, out), 0u);
    bad = ok;
    bad.length = 9;
    EXPECT_EQ(encode_datagram(e2e, 1, std::vector<Frame>{bad}, out), 0u);
    bad = ok;
    bad.rtr = true;
    EXPECT_EQ(encode_datagram(e2e, 1, std::vector<Frame>{bad}, out), 0u);
    // Exactly 15 bytes needed in version 1, 19 in version 2.
    const std::size_t need = e2e == DatagramE2e::kNone ? 15 : 19;
    EXPECT_EQ(encode_datagram(e2e, 1, std::vector<Frame>{ok}, std::span(out).first(need - 1)), 0u);
    EXPECT_EQ(encode_datagram(e2e, 1, std::vector<Frame>{ok}, std::span(out).first(need)), need);
  }
}

// Every error kind of a datagram's structure, in version 1 and in version 2 (changed on purpose and
// sealed with a correct CRC, so that the structure is what is checked).
TEST(Datagram, EveryErrorKind) {
  const std::vector<Frame> frames{data_frame(0x100, false, {0xAA, 0xBB}),
                                  data_frame(0x1234567, true, {0xCC})};
  for (const DatagramE2e e2e : {DatagramE2e::kNone, DatagramE2e::kCrc32}) {
    SCOPED_TRACE(to_string(e2e));
    const bool v2 = e2e == DatagramE2e::kCrc32;
    const Bytes good = encode_frames(e2e, 5, frames);
    const std::size_t crc = v2 ? 4 : 0;
    // Changes a copy of `good` and, in version 2, reseals it.
    const auto changed = [&](auto change) {
      Bytes b = good;
      change(b);
      return v2 ? sealed(b) : b;
    };
    // The frames without the CRC, cut or extended, then resealed (a CRC appended to them).
    const auto frames_part = [&](std::size_t size, bool extra_byte = false) {
      Bytes b(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(size));
      if (extra_byte) b.push_back(0);
      if (v2) b.resize(b.size() + 4);
      return v2 ? sealed(b) : b;
    };
    ASSERT_EQ(good.size(), 8u + 7u + 6u + crc);
    ASSERT_EQ(decode(good, e2e), DatagramError::kOk);

    EXPECT_EQ(decode(Bytes{}, e2e), DatagramError::kTooShort);
    EXPECT_EQ(decode(Bytes(good.begin(), good.begin() + 7), e2e), DatagramError::kTooShort);

    EXPECT_EQ(decode(changed([](Bytes& b) { b[0] = 0x49; }), e2e), DatagramError::kBadMagic);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[1] = 3; }), e2e), DatagramError::kBadVersion);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[1] = 0; }), e2e), DatagramError::kBadVersion);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[3] = 0x01; }), e2e), DatagramError::kBadFlags);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[2] = 0; }), e2e), DatagramError::kBadCount);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[2] = 17; }), e2e), DatagramError::kBadCount);

    EXPECT_EQ(decode(changed([](Bytes& b) { b[8 + 1] = 0x08; }), e2e),
              DatagramError::kBadId);  // standard 0x800
    // Bit 30 (RTR flag in SocketCAN) on a standard id; bit 29 (error flag) on the extended id.
    EXPECT_EQ(decode(changed([](Bytes& b) { b[8 + 3] = 0x40; }), e2e), DatagramError::kBadId);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[15 + 3] = 0xA0; }), e2e), DatagramError::kBadId);

    EXPECT_EQ(decode(changed([](Bytes& b) { b[8 + 4] = 9; }), e2e), DatagramError::kBadLength);

    // Truncated inside the second frame's id, inside its data, and with the header promising 3 frames.
    EXPECT_EQ(decode(frames_part(17), e2e), DatagramError::kTruncated);
    EXPECT_EQ(decode(frames_part(20), e2e), DatagramError::kTruncated);
    EXPECT_EQ(decode(changed([](Bytes& b) { b[2] = 3; }), e2e), DatagramError::kTruncated);

    EXPECT_EQ(decode(frames_part(21, true), e2e), DatagramError::kTrailingBytes);
    // The second frame becomes trailing bytes.
    EXPECT_EQ(decode(changed([](Bytes& b) { b[2] = 1; }), e2e), DatagramError::kTrailingBytes);
  }
}

// A version 2 datagram shorter than its header and CRC (12 bytes) is too short.
TEST(Datagram, Version2ShorterThanHeaderAndCrcIsTooShort) {
  for (std::size_t n = 8; n < 12; ++n) {
    Bytes b{0x48, 0x02, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00};
    b.resize(n);
    EXPECT_EQ(decode(b), DatagramError::kTooShort) << n;
    EXPECT_EQ(decode(b, DatagramE2e::kCrc32), DatagramError::kTooShort) << n;
  }
}

// Every single-bit error of a version 2 datagram is found: in the magic and version bytes by their
// own checks, anywhere else (the CRC included) by the CRC, before any frame is looked at, under
// either setting.
TEST(Datagram, EverySingleBitErrorOfVersion2IsRefused) {
  const Bytes good = protected_(0x01020304, {data_frame(0x100, false, {0xAA, 0xBB, 0xCC, 0xDD, 0, 0, 0, 0}),
                                             data_frame(0x18FEF100, true, {1, 2, 3})});
  for (const DatagramE2e e2e : {DatagramE2e::kNone, DatagramE2e::kCrc32}) {
    for (std::size_t i = 0; i < good.size(); ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        Bytes b = good;
        b[i] ^= static_cast<std::uint8_t>(1u << bit);
        const DatagramError expected = i == 0   ? DatagramError::kBadMagic
                                       : i == 1 ? DatagramError::kBadVersion
                                                : DatagramError::kBadChecksum;
        ASSERT_EQ(decode(b, e2e), expected) << "byte " << i << " bit " << bit << ", " << to_string(e2e);
      }
    }
  }
}

// Every error of up to three bits after the version byte is found: the CRC-32 of IEEE 802.3 has a
// Hamming distance of 5 up to 2974 bits of data (Koopman 2002, "32-Bit Cyclic Redundancy Codes for
// Internet Applications", Table 1), and a datagram holds at most 1728 bits before its CRC.
TEST(Datagram, EveryErrorOfUpToThreeBitsIsFound) {
  const Bytes good = protected_(42, {documented_command()});
  const std::size_t first = 2 * 8, bits = good.size() * 8;  // from byte 2 on
  const auto flip = [](Bytes& b, std::size_t bit) {
    b[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
  };
  long checked = 0;
  for (std::size_t i = first; i < bits; ++i) {
    for (std::size_t j = i; j < bits; ++j) {
      for (std::size_t k = j; k < bits; ++k) {
        if (i == j && j != k) continue;  // i < j = k stands for the two-bit errors
        Bytes b = good;
        flip(b, i);
        if (j != i) flip(b, j);
        if (k != j) flip(b, k);
        ASSERT_EQ(decode(b), DatagramError::kBadChecksum) << i << " " << j << " " << k;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 152 + 152 * 151 / 2 + 152 * 151 * 150 / 6);
}

// A corrupted datagram whose frames are also bad is refused for its checksum: the frames of a
// datagram that fails it are never read.
TEST(Datagram, TheChecksumIsCheckedBeforeAnyFrame) {
  Bytes b = protected_(9, {data_frame(0x100, false, {1, 2})});
  b[8 + 4] = 9;  // a length above 8 ...
  EXPECT_EQ(decode(b), DatagramError::kBadChecksum);
  EXPECT_EQ(decode(sealed(b)),
            DatagramError::kBadLength);  // ... which a correct CRC lets through to its check
  b = protected_(9, {data_frame(0x100, false, {1, 2})});
  b[2] = 0;  // a frame count of 0, and flags
  b[3] = 0x80;
  EXPECT_EQ(decode(b, DatagramE2e::kCrc32), DatagramError::kBadChecksum);
  b = protected_(9, {data_frame(0x100, false, {1, 2})});
  b.push_back(0);  // a byte more: the CRC is read from the last four bytes, which no longer hold it
  EXPECT_EQ(decode(b), DatagramError::kBadChecksum);
}

// [udp] e2e = "crc32" accepts version 2 only: a version 1 datagram, however well formed (or not),
// is refused as one without a checksum. "none" accepts both versions.
TEST(Datagram, Version1IsRefusedWhenAChecksumIsRequired) {
  const std::vector<Frame> frames{data_frame(0x100, false, {1, 2, 3, 4})};
  Bytes v1 = plain(3, frames);
  EXPECT_EQ(decode(v1, DatagramE2e::kCrc32), DatagramError::kNoChecksum);
  EXPECT_EQ(decode(v1, DatagramE2e::kNone), DatagramError::kOk);
  v1[2] = 0;  // malformed too: the missing checksum is the reason given
  EXPECT_EQ(decode(v1, DatagramE2e::kCrc32), DatagramError::kNoChecksum);
  EXPECT_EQ(decode(protected_(3, frames), DatagramE2e::kCrc32), DatagramError::kOk);
  EXPECT_EQ(decode(protected_(3, frames), DatagramE2e::kNone), DatagramError::kOk);
}

TEST(Datagram, DecodedDataPastTheLengthIsZero) {
  for (const DatagramE2e e2e : {DatagramE2e::kNone, DatagramE2e::kCrc32}) {
    DecodedDatagram d;
    d.frames[0].data.fill(0xEE);
    ASSERT_EQ(decode_datagram(encode_frames(e2e, 1, {data_frame(0x10, false, {0x01})}), e2e, d),
              DatagramError::kOk);
    EXPECT_EQ(d.frames[0].data, (std::array<std::uint8_t, 8>{0x01}));
  }
}

TEST(Datagram, ErrorTexts) {
  ASSERT_EQ(kDatagramErrorKinds, static_cast<std::size_t>(DatagramError::kNoChecksum) + 1);
  for (std::size_t e = 0; e < kDatagramErrorKinds; ++e) {
    EXPECT_STRNE(to_string(static_cast<DatagramError>(e)), "unknown datagram error") << e;
  }
  EXPECT_STREQ(to_string(DatagramError::kBadCount), "frame count outside 1..16");
  EXPECT_STREQ(to_string(DatagramError::kBadChecksum), "CRC-32 does not match (corrupted)");
  EXPECT_STREQ(to_string(DatagramError::kNoChecksum),
               "version 1, no checksum (e2e = \"crc32\" accepts version 2 only)");
  EXPECT_STREQ(to_string(DatagramE2e::kCrc32), "crc32");
  EXPECT_STREQ(to_string(DatagramE2e::kNone), "none");
}

}  // namespace
}  // namespace hilsim::hil
