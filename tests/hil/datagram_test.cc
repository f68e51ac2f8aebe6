// The UDP datagram codec: the documented example byte for byte, round trips, and every error kind.
#include "hil/datagram.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "hil/signal.h"
#include "tests/hil/data_frame.h"

namespace hilsim::hil {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes encode_frames(std::uint32_t seq, const std::vector<Frame>& frames) {
  Bytes out(kMaxDatagramSize);
  out.resize(encode_datagram(seq, frames, out));
  return out;
}

DatagramError decode(const Bytes& in) {
  DecodedDatagram d;
  return decode_datagram(in, d);
}

// The example of hil/DATAGRAM.md.
TEST(Datagram, DocumentedExample) {
  const Bytes expected{0x48, 0x01, 0x01, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x00,
                       0x01, 0x00, 0x00, 0x04, 0xC4, 0x09, 0x78, 0xEC};
  // The data bytes are the two κ signals of the example, encoded by the signal codec.
  const SignalSpec kappa_1{"kappa_1", 0, 16, ByteOrder::kLittleEndian, true, 0.0001, 0.0, -1.0, 1.0, ""};
  SignalSpec kappa_2 = kappa_1;
  kappa_2.name = "kappa_2";
  kappa_2.start_bit = 16;
  Frame command = data_frame(0x100, false, {0, 0, 0, 0});
  ASSERT_EQ(encode(kappa_1, 0.25, std::span(command.data).first(4)), EncodeStatus::kOk);
  ASSERT_EQ(encode(kappa_2, -0.5, std::span(command.data).first(4)), EncodeStatus::kOk);
  EXPECT_EQ(encode_frames(42, {command}), expected);
  DecodedDatagram d;
  ASSERT_EQ(decode_datagram(expected, d), DatagramError::kOk);
  EXPECT_EQ(d.sequence, 42u);
  ASSERT_EQ(d.count, 1);
  EXPECT_EQ(d.frames[0], data_frame(0x100, false, {0xC4, 0x09, 0x78, 0xEC}));

  const Bytes ext = encode_frames(0, {data_frame(0x0CFDD633, true, {})});
  EXPECT_EQ(Bytes(ext.begin() + 8, ext.begin() + 12), (Bytes{0x33, 0xD6, 0xFD, 0x8C}));
}

TEST(Datagram, SequenceIsLittleEndian) {
  const Bytes d = encode_frames(0x12345678, {data_frame(1, false, {})});
  EXPECT_EQ(Bytes(d.begin() + 4, d.begin() + 8), (Bytes{0x78, 0x56, 0x34, 0x12}));
}

TEST(Datagram, RoundTripOfRandomFrameSets) {
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
    const Bytes bytes = encode_frames(seq, frames);
    std::size_t expected_size = 8;
    for (const Frame& f : frames) expected_size += 5 + f.length;
    ASSERT_EQ(bytes.size(), expected_size);
    DecodedDatagram d;
    ASSERT_EQ(decode_datagram(bytes, d), DatagramError::kOk);
    ASSERT_EQ(d.sequence, seq);
    ASSERT_EQ(d.count, frames.size());
    for (std::size_t k = 0; k < frames.size(); ++k) ASSERT_EQ(d.frames[k], frames[k]) << k;
  }
}

TEST(Datagram, LargestDatagram) {
  std::vector<Frame> frames(16, data_frame(0x1FFFFFFF, true, {1, 2, 3, 4, 5, 6, 7, 8}));
  const Bytes bytes = encode_frames(7, frames);
  EXPECT_EQ(bytes.size(), 216u);
  EXPECT_EQ(bytes.size(), kMaxDatagramSize);
  EXPECT_EQ(decode(bytes), DatagramError::kOk);
}

TEST(Datagram, EncodeRefusals) {
  std::array<std::uint8_t, kMaxDatagramSize> out{};
  const Frame ok = data_frame(0x123, false, {1, 2});
  EXPECT_EQ(encode_datagram(1, std::span<const Frame>{}, out), 0u);
  std::vector<Frame> seventeen(17, ok);
  EXPECT_EQ(encode_datagram(1, seventeen, out), 0u);
  Frame bad = ok;
  bad.id = 0x800;
  EXPECT_EQ(encode_datagram(1, std::vector<Frame>{bad}, out), 0u);
  bad = ok;
  bad.length = 9;
  EXPECT_EQ(encode_datagram(1, std::vector<Frame>{bad}, out), 0u);
  bad = ok;
  bad.rtr = true;
  EXPECT_EQ(encode_datagram(1, std::vector<Frame>{bad}, out), 0u);
  // Exactly 15 bytes needed.
  EXPECT_EQ(encode_datagram(1, std::vector<Frame>{ok}, std::span(out).first(14)), 0u);
  EXPECT_EQ(encode_datagram(1, std::vector<Frame>{ok}, std::span(out).first(15)), 15u);
}

TEST(Datagram, EveryErrorKind) {
  const Bytes good = encode_frames(5, {data_frame(0x100, false, {0xAA, 0xBB}), data_frame(0x1234567, true, {0xCC})});
  ASSERT_EQ(good.size(), 8u + 7u + 6u);
  ASSERT_EQ(decode(good), DatagramError::kOk);

  EXPECT_EQ(decode(Bytes{}), DatagramError::kTooShort);
  EXPECT_EQ(decode(Bytes(good.begin(), good.begin() + 7)), DatagramError::kTooShort);

  Bytes b = good;
  b[0] = 0x49;
  EXPECT_EQ(decode(b), DatagramError::kBadMagic);
  b = good;
  b[1] = 2;
  EXPECT_EQ(decode(b), DatagramError::kBadVersion);
  b = good;
  b[3] = 0x01;
  EXPECT_EQ(decode(b), DatagramError::kBadFlags);
  b = good;
  b[2] = 0;
  EXPECT_EQ(decode(b), DatagramError::kBadCount);
  b[2] = 17;
  EXPECT_EQ(decode(b), DatagramError::kBadCount);

  b = good;
  b[8 + 1] = 0x08;  // standard id 0x800
  EXPECT_EQ(decode(b), DatagramError::kBadId);
  b = good;
  b[8 + 3] = 0x40;  // bit 30 (RTR flag in SocketCAN) on a standard id
  EXPECT_EQ(decode(b), DatagramError::kBadId);
  b = good;
  b[15 + 3] = 0xA0;  // bit 29 (error flag in SocketCAN) on the extended id
  EXPECT_EQ(decode(b), DatagramError::kBadId);

  b = good;
  b[8 + 4] = 9;
  EXPECT_EQ(decode(b), DatagramError::kBadLength);

  // Truncated inside the second frame's id, inside its data, and with the header promising 3 frames.
  EXPECT_EQ(decode(Bytes(good.begin(), good.begin() + 17)), DatagramError::kTruncated);
  EXPECT_EQ(decode(Bytes(good.begin(), good.end() - 1)), DatagramError::kTruncated);
  b = good;
  b[2] = 3;
  EXPECT_EQ(decode(b), DatagramError::kTruncated);

  b = good;
  b.push_back(0);
  EXPECT_EQ(decode(b), DatagramError::kTrailingBytes);
  b = good;
  b[2] = 1;  // the second frame becomes trailing bytes
  EXPECT_EQ(decode(b), DatagramError::kTrailingBytes);
}

TEST(Datagram, DecodedDataPastTheLengthIsZero) {
  DecodedDatagram d;
  d.frames[0].data.fill(0xEE);
  ASSERT_EQ(decode_datagram(encode_frames(1, {data_frame(0x10, false, {0x01})}), d), DatagramError::kOk);
  EXPECT_EQ(d.frames[0].data, (std::array<std::uint8_t, 8>{0x01}));
}

TEST(Datagram, ErrorTexts) {
  for (int e = 0; e <= static_cast<int>(DatagramError::kTrailingBytes); ++e) {
    EXPECT_STRNE(to_string(static_cast<DatagramError>(e)), "unknown datagram error") << e;
  }
  EXPECT_STREQ(to_string(DatagramError::kBadCount), "frame count outside 1..16");
}

}  // namespace
}  // namespace hilsim::hil
