// DBC signals: hand-computed bit layouts for both byte orders, signed and unsigned, lengths 1 to
// 64 at unaligned start bits; two independent examples (cantools' motohawk.dbc and a J1939 engine
// speed); validation messages; rounding and clamping; seeded random round trips.
#include "hil/signal.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace hilsim::hil {
namespace {

using Bytes = std::array<std::uint8_t, 8>;

SignalSpec spec(int start, int length, ByteOrder order, bool is_signed = false, double scale = 1.0,
                double offset = 0.0) {
  SignalSpec s;
  s.name = "s";
  s.start_bit = start;
  s.length = length;
  s.byte_order = order;
  s.is_signed = is_signed;
  s.scale = scale;
  s.offset = offset;
  const PhysicalRange r = representable_range(s);
  s.min = r.lo;
  s.max = r.hi;
  return s;
}

constexpr auto kLe = ByteOrder::kLittleEndian;
constexpr auto kBe = ByteOrder::kBigEndian;

TEST(Signal, SixteenBitsAlignedInBothOrders) {
  // 0|16@1+: bits 0..15 = byte 0 (LSB) then byte 1.  7|16@0+: MSB is byte 0 bit 7, then byte 1.
  EXPECT_EQ(decode_raw(spec(0, 16, kLe), Bytes{0x34, 0x12}), 0x1234u);
  EXPECT_EQ(decode_raw(spec(7, 16, kBe), Bytes{0x12, 0x34}), 0x1234u);
}

TEST(Signal, TwelveBitsUnaligned) {
  // 4|12@1+: bits 4..15 -> raw = byte0 >> 4 | byte1 << 4 = 0xA | 0xBC0.
  EXPECT_EQ(decode_raw(spec(4, 12, kLe), Bytes{0xA0, 0xBC}), 0xBCAu);
  // 3|12@0+: MSB byte 0 bit 3, bits 3..0 of byte 0 (4 MSBs), then all of byte 1.
  EXPECT_EQ(decode_raw(spec(3, 12, kBe), Bytes{0x0A, 0xBC}), 0xABCu);
}

TEST(Signal, BigEndianAcrossThreeBytes) {
  // 5|16@0+: byte 0 bits 5..0 (6 bits), byte 1 (8 bits), byte 2 bits 7..6 (2 bits):
  // (0x2A << 10) | (0xFF << 2) | (0xC0 >> 6) = 0xA800 | 0x3FC | 0x3 = 0xABFF.
  EXPECT_EQ(decode_raw(spec(5, 16, kBe), Bytes{0x2A, 0xFF, 0xC0}), 0xABFFu);
}

TEST(Signal, OneBit) {
  // Bit 13 is byte 1 bit 5 in both orders.
  EXPECT_EQ(decode_raw(spec(13, 1, kLe), Bytes{0x00, 0x20}), 1u);
  EXPECT_EQ(decode_raw(spec(13, 1, kBe), Bytes{0x00, 0x20}), 1u);
  EXPECT_EQ(decode_raw(spec(13, 1, kLe), Bytes{0xFF, 0xDF}), 0u);
  EXPECT_EQ(decode(spec(13, 1, kLe, true), Bytes{0x00, 0x20}), -1.0);  // signed 1 bit: {-1, 0}
}

TEST(Signal, SevenBits) {
  // 3|7@1+: byte 0 bits 3..7 (0xA8 -> 10101 = 0x15), then byte 1 bits 0..1 (0x2 -> 10):
  // raw = 0x15 | 0x2 << 5 = 0x55.
  EXPECT_EQ(decode_raw(spec(3, 7, kLe), Bytes{0xA8, 0x02}), 0x55u);
  // 3|7@0+: byte 0 bits 3..0 (0101) are the MSBs, then byte 1 bits 7..5 (101): 0101101 = 0x2D.
  EXPECT_EQ(decode_raw(spec(3, 7, kBe), Bytes{0x05, 0xA0}), 0x2Du);
  EXPECT_EQ(decode(spec(3, 7, kBe, true), Bytes{0x0F, 0xE0}), -1.0);  // 1111111
}

TEST(Signal, ThirtyTwoBits) {
  EXPECT_EQ(decode_raw(spec(8, 32, kLe), Bytes{0, 0x78, 0x56, 0x34, 0x12}), 0x12345678u);
  EXPECT_EQ(decode_raw(spec(15, 32, kBe), Bytes{0, 0x12, 0x34, 0x56, 0x78}), 0x12345678u);
  EXPECT_EQ(decode(spec(8, 32, kLe, true), Bytes{0, 0xFE, 0xFF, 0xFF, 0xFF}), -2.0);
}

TEST(Signal, SixtyFourBits) {
  const Bytes d{1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(decode_raw(spec(0, 64, kLe), d), 0x0807060504030201u);
  EXPECT_EQ(decode_raw(spec(7, 64, kBe), d), 0x0102030405060708u);
  const Bytes ones{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  EXPECT_EQ(decode(spec(0, 64, kLe, true), ones), -1.0);
  EXPECT_EQ(decode_raw(spec(0, 64, kLe), ones), std::numeric_limits<std::uint64_t>::max());
}

TEST(Signal, SignedValues) {
  EXPECT_EQ(decode(spec(0, 16, kLe, true), Bytes{0xFE, 0xFF}), -2.0);
  EXPECT_EQ(decode(spec(0, 16, kLe, true), Bytes{0xFF, 0x7F}), 32767.0);
  EXPECT_EQ(decode(spec(0, 16, kLe, true), Bytes{0x00, 0x80}), -32768.0);
  // 3|12@0-: raw 0x800 is the most negative 12-bit value.
  EXPECT_EQ(decode(spec(3, 12, kBe, true), Bytes{0x08, 0x00}), -2048.0);
  EXPECT_EQ(sign_extend(0x800, 12), -2048);
  EXPECT_EQ(sign_extend(0x7FF, 12), 2047);
  EXPECT_EQ(sign_extend(0xFFFFF7FF, 12), 2047);  // bits above the length are ignored
  EXPECT_EQ(sign_extend(1, 1), -1);
  EXPECT_EQ(sign_extend(0x8000000000000000u, 64), std::numeric_limits<std::int64_t>::min());
}

// Independent example 1: cantools' documentation loads tests/files/motohawk.dbc, whose
// ExampleMessage has  Enable 7|1@0+,  AverageRadius 6|6@0+ (0.1,0) [0|5] "m",
// Temperature 0|12@0- (0.01,250) [229.53|270.47] "degK". By hand, from the DBC definition of the
// big-endian start bit (the MSB, sawtooth numbering):
//   Enable = 1             -> byte 0 bit 7                        -> 0x80
//   AverageRadius = 3.2 m  -> raw 32 = 100000b in byte 0 bits 6..1 -> 0x40
//   Temperature = 250.55 K -> raw (250.55 − 250) / 0.01 = 55 = 0000 0011 0111b (12 bits):
//     bit 11 -> byte 0 bit 0 (0); bits 10..3 = 00000110b -> byte 1 = 0x06;
//     bits 2..0 = 111b -> byte 2 bits 7..5 = 0xE0
//   => C0 06 E0 00 00 00 00 00.
TEST(Signal, IndependentExampleMotohawk) {
  SignalSpec enable = spec(7, 1, kBe);
  SignalSpec radius = spec(6, 6, kBe, false, 0.1);
  radius.min = 0.0;
  radius.max = 5.0;
  SignalSpec temperature = spec(0, 12, kBe, true, 0.01, 250.0);
  temperature.min = 229.53;
  temperature.max = 270.47;

  Bytes data{};
  EXPECT_EQ(encode(enable, 1.0, data), EncodeStatus::kOk);
  EXPECT_EQ(encode(radius, 3.2, data), EncodeStatus::kOk);
  EXPECT_EQ(encode(temperature, 250.55, data), EncodeStatus::kOk);
  EXPECT_EQ(data, (Bytes{0xC0, 0x06, 0xE0, 0, 0, 0, 0, 0}));

  EXPECT_EQ(decode(enable, data), 1.0);
  EXPECT_NEAR(decode(radius, data), 3.2, 1e-12);
  EXPECT_NEAR(decode(temperature, data), 250.55, 1e-9);
}

// Independent example 2: SAE J1939-71 EEC1 engine speed (SPN 190) is bytes 4-5 of the frame
// (1-based), little-endian, 0.125 rpm/bit: in DBC 24|16@1+ (0.125,0). Data FF FF FF 68 13 FF FF FF
// gives raw 0x1368 = 4968, i.e. 4968 · 0.125 = 621 rpm.
TEST(Signal, IndependentExampleJ1939EngineSpeed) {
  const SignalSpec speed = spec(24, 16, kLe, false, 0.125);
  const Bytes data{0xFF, 0xFF, 0xFF, 0x68, 0x13, 0xFF, 0xFF, 0xFF};
  EXPECT_EQ(decode_raw(speed, data), 4968u);
  EXPECT_EQ(decode(speed, data), 621.0);
}

TEST(Signal, EncodeWritesOnlyItsBits) {
  const SignalSpec s = spec(5, 16, kBe);
  Bytes data{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  encode_raw(s, 0, data);
  // Byte 0 bits 5..0, byte 1, byte 2 bits 7..6 cleared; everything else kept.
  EXPECT_EQ(data, (Bytes{0xC0, 0x00, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
  EXPECT_EQ(occupied_bits(s), 0xC0FF3Fu);
}

TEST(Signal, OccupiedBitsFollowTheSawtooth) {
  // 0|2@0: MSB is byte 0 bit 0, the next bit is byte 1 bit 7 (frame bits 0 and 15).
  EXPECT_EQ(occupied_bits(spec(0, 2, kBe)), 0x8001u);
  EXPECT_EQ(occupied_bits(spec(14, 4, kLe)), 0x3C000u);
  EXPECT_EQ(occupied_bits(spec(0, 64, kLe)), ~std::uint64_t{0});
  EXPECT_EQ(occupied_bits(spec(7, 64, kBe)), ~std::uint64_t{0});
}

TEST(Signal, EncodeRoundsToNearestHalvesAwayFromZero) {
  const SignalSpec s = spec(0, 8, kLe, true, 0.5);
  Bytes data{};
  encode(s, 1.24, data);
  EXPECT_EQ(decode(s, data), 1.0);
  encode(s, 1.26, data);
  EXPECT_EQ(decode(s, data), 1.5);
  encode(s, 1.25, data);  // raw 2.5 -> 3
  EXPECT_EQ(decode(s, data), 1.5);
  encode(s, -1.25, data);  // raw -2.5 -> -3
  EXPECT_EQ(decode(s, data), -1.5);
}

TEST(Signal, EncodeClampsToMinMax) {
  SignalSpec s = spec(0, 16, kLe, false, 0.01);
  s.min = 1.0;
  s.max = 2.0;
  Bytes data{};
  EXPECT_EQ(encode(s, 2.5, data), EncodeStatus::kClamped);
  EXPECT_DOUBLE_EQ(decode(s, data), 2.0);
  EXPECT_EQ(encode(s, -3.0, data), EncodeStatus::kClamped);
  EXPECT_DOUBLE_EQ(decode(s, data), 1.0);
  EXPECT_EQ(encode(s, std::numeric_limits<double>::infinity(), data), EncodeStatus::kClamped);
  EXPECT_DOUBLE_EQ(decode(s, data), 2.0);
  EXPECT_EQ(encode(s, 1.5, data), EncodeStatus::kOk);
  EXPECT_DOUBLE_EQ(decode(s, data), 1.5);
}

TEST(Signal, EncodeClampsToTheRawRange) {
  SignalSpec u = spec(0, 8, kLe);
  u.max = 1000.0;
  u.min = -1000.0;
  Bytes data{};
  EXPECT_EQ(encode(u, 300.0, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode_raw(u, data), 255u);
  EXPECT_EQ(encode(u, -4.0, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode_raw(u, data), 0u);
  EXPECT_EQ(encode(u, 255.4, data), EncodeStatus::kOk);       // rounds to 255, inside
  EXPECT_EQ(encode(u, 255.6, data), EncodeStatus::kClamped);  // rounds to 256, outside

  SignalSpec s = spec(0, 8, kLe, true);
  s.max = 1000.0;
  s.min = -1000.0;
  EXPECT_EQ(encode(s, 128.0, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode(s, data), 127.0);
  EXPECT_EQ(encode(s, -129.0, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode(s, data), -128.0);

  // 64-bit raw ranges: the extremes are exact.
  SignalSpec u64 = spec(0, 64, kLe);
  u64.max = 1e30;
  EXPECT_EQ(encode(u64, 1e30, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode_raw(u64, data), std::numeric_limits<std::uint64_t>::max());
  SignalSpec s64 = spec(0, 64, kLe, true);
  s64.min = -1e30;
  s64.max = 1e30;
  EXPECT_EQ(encode(s64, -1e30, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode_raw(s64, data), 0x8000000000000000u);
  EXPECT_EQ(encode(s64, 1e30, data), EncodeStatus::kClamped);
  EXPECT_EQ(decode_raw(s64, data), 0x7FFFFFFFFFFFFFFFu);
}

TEST(Signal, EncodeRefusesNaN) {
  const SignalSpec s = spec(0, 8, kLe);
  Bytes data{0x5A};
  EXPECT_EQ(encode(s, std::numeric_limits<double>::quiet_NaN(), data), EncodeStatus::kNotANumber);
  EXPECT_EQ(data[0], 0x5A);
}

TEST(Signal, ValidSpecsPass) {
  EXPECT_EQ(validate_signal(spec(0, 64, kLe), 8), "");
  EXPECT_EQ(validate_signal(spec(7, 64, kBe), 8), "");
  EXPECT_EQ(validate_signal(spec(63, 1, kLe), 8), "");
  EXPECT_EQ(validate_signal(spec(63, 8, kBe), 8), "");  // byte 7, bits 7..0
}

TEST(Signal, SignalsOutsideTheFrameAreRejected) {
  SignalSpec s = spec(60, 8, kLe);
  s.name = "kappa_1";
  EXPECT_EQ(validate_signal(s, 8),
            "signal 'kappa_1': start_bit 60 with length 8 (little-endian) ends in byte 8, past the "
            "frame's last byte 7 (frame length 8 bytes)");
  // 0|2@0 needs byte 1 (its second bit is byte 1 bit 7).
  s = spec(0, 2, kBe);
  EXPECT_EQ(validate_signal(s, 1),
            "signal 's': start_bit 0 with length 2 (big-endian) ends in byte 1, past the frame's last "
            "byte 0 (frame length 1 bytes)");
  EXPECT_EQ(validate_signal(s, 2), "");
  // 56|8@0: the MSB is byte 7 bit 0, the next bits would be in byte 8.
  EXPECT_NE(validate_signal(spec(56, 8, kBe), 8).find("ends in byte 8"), std::string::npos);
  s = spec(6, 64, kBe);
  EXPECT_NE(validate_signal(s, 8).find("ends in byte 8"), std::string::npos);
  s = spec(64, 1, kLe);
  EXPECT_EQ(validate_signal(s, 8), "signal 's': start_bit 64 outside 0..63 (frame length 8 bytes)");
  EXPECT_EQ(validate_signal(spec(0, 1, kLe), 0), "signal 's': a frame of 0 bytes has no room for a signal");
}

TEST(Signal, EachFieldIsChecked) {
  SignalSpec s = spec(0, 8, kLe);
  s.name = "2fast";
  EXPECT_EQ(validate_signal(s, 8), "signal '2fast': name must be a C identifier ([A-Za-z_][A-Za-z0-9_]*)");
  s.name = "";
  EXPECT_NE(validate_signal(s, 8).find("C identifier"), std::string::npos);
  s = spec(0, 8, kLe);
  EXPECT_EQ(validate_signal(s, 65), "signal 's': frame length 65 bytes outside 0..64");
  s.length = 0;
  EXPECT_EQ(validate_signal(s, 8), "signal 's': length 0 bits outside 1..64");
  s.length = 65;
  EXPECT_EQ(validate_signal(s, 8), "signal 's': length 65 bits outside 1..64");
  s = spec(0, 8, kLe);
  s.start_bit = -1;
  EXPECT_EQ(validate_signal(s, 8), "signal 's': start_bit -1 outside 0..63 (frame length 8 bytes)");
  s = spec(0, 8, kLe);
  s.scale = 0.0;
  EXPECT_EQ(validate_signal(s, 8), "signal 's': scale 0 must be finite and non-zero");
  s.scale = std::numeric_limits<double>::infinity();
  EXPECT_EQ(validate_signal(s, 8), "signal 's': scale inf must be finite and non-zero");
  s = spec(0, 8, kLe);
  s.offset = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(validate_signal(s, 8), "signal 's': offset nan must be finite");
  s = spec(0, 8, kLe);
  s.min = 2.0;
  s.max = 1.0;
  EXPECT_EQ(validate_signal(s, 8), "signal 's': range [2, 1] must be finite with min <= max");
  s = spec(0, 64, kLe);
  s.scale = 1e300;
  s.min = s.max = 0.0;
  EXPECT_EQ(validate_signal(s, 8),
            "signal 's': scale 1e+300 and offset 0 overflow a double over the raw range of 64 bits");
  s = spec(0, 8, kLe);
  s.unit = "\"";
  EXPECT_EQ(validate_signal(s, 8), "signal 's': unit must not contain '\"'");
}

// Exact integer round trip of the raw bits, every length and both orders, at random start bits.
TEST(Signal, RawRoundTripIsExact) {
  std::mt19937_64 rng(20240611);
  for (int length = 1; length <= 64; ++length) {
    for (const ByteOrder order : {kLe, kBe}) {
      for (int trial = 0; trial < 50; ++trial) {
        SignalSpec s = spec(0, length, order);
        do {
          s.start_bit = static_cast<int>(rng() % 64);
        } while (!validate_signal(s, 8).empty());
        const std::uint64_t mask = length == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << length) - 1;
        const std::uint64_t bits = rng() & mask;
        Bytes data{};
        for (auto& b : data) b = static_cast<std::uint8_t>(rng());
        const Bytes before = data;
        encode_raw(s, bits, data);
        ASSERT_EQ(decode_raw(s, data), bits) << "length " << length << " start " << s.start_bit;
        // Bits outside the signal are untouched.
        const std::uint64_t occupied = occupied_bits(s);
        for (int b = 0; b < 64; ++b) {
          if ((occupied >> b) & 1u) continue;
          ASSERT_EQ((data[b / 8] >> (b % 8)) & 1, (before[b / 8] >> (b % 8)) & 1) << b;
        }
        ASSERT_EQ(std::popcount(occupied), length);
      }
    }
  }
}

// Physical round trip: decode(encode(x)) is within scale/2 of x for x in [min, max], plus the
// rounding of doubles (raw counts beyond 2^53 are not all representable).
TEST(Signal, PhysicalRoundTripWithinHalfAStep) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 20000; ++trial) {
    const int length = 1 + static_cast<int>(rng() % 64);
    const ByteOrder order = rng() % 2 ? kLe : kBe;
    const bool is_signed = rng() % 2;
    const double scale = (rng() % 2 ? 1.0 : -1.0) * std::pow(10.0, -4.0 + 6.0 * unit(rng));
    const double offset = (unit(rng) - 0.5) * 1000.0;
    SignalSpec s = spec(0, length, order, is_signed, scale, offset);
    do {
      s.start_bit = static_cast<int>(rng() % 64);
    } while (!validate_signal(s, 8).empty());
    const double x = s.min + (s.max - s.min) * unit(rng);
    Bytes data{};
    const EncodeStatus status = encode(s, x, data);
    ASSERT_NE(status, EncodeStatus::kNotANumber);
    const double y = decode(s, data);
    const double tolerance = std::abs(scale) * 0.5 +
                             8.0 * std::numeric_limits<double>::epsilon() * (std::abs(x) + std::abs(offset));
    ASSERT_LE(std::abs(y - x), tolerance) << "trial " << trial << " length " << length << " scale " << scale;
    ASSERT_GE(y, s.min - tolerance);
    ASSERT_LE(y, s.max + tolerance);
  }
}

}  // namespace
}  // namespace hilsim::hil
