// BJM1: frames built by hand from the layout in j1939_joystick.h, a cross-check against the DBC
// signal codec, every invalid case, encode/decode round trips, and the axis-to-κ mapping.
#include "hil/j1939_joystick.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "hil/signal.h"

namespace hilsim::hil {
namespace {

Frame bjm1(std::uint32_t id, std::array<std::uint8_t, 8> data) {
  Frame f;
  f.id = id;
  f.extended = true;
  f.length = 8;
  f.data = data;
  return f;
}

// X right 50.0 %: position 500 = 01 1111 0100b -> 2 LSBs 00, 8 MSBs 0111 1101b = 0x7D;
//   statuses neutral 00, left 00, right 01 (bits 5-6) -> byte 1 = 0001 0000b = 0x10, byte 2 = 0x7D.
// Y back 25.3 %: position 253 = 00 1111 1101b -> 2 LSBs 01, 8 MSBs 0011 1111b = 0x3F;
//   statuses neutral 00, back 01 (bits 3-4), forward 00 -> byte 3 = 01 00 01 00b = 0x44, byte 4 = 0x3F.
TEST(Bjm1, HandBuiltFrame) {
  const Frame f = bjm1(0x0CFDD633, {0x10, 0x7D, 0x44, 0x3F, 0xFF, 0xFF, 0xFF, 0xFF});
  EXPECT_TRUE(is_bjm1(f));
  const Bjm1Decode d = decode_bjm1(f);
  ASSERT_TRUE(d.ok()) << to_string(d.error);
  EXPECT_EQ(d.source_address, 0x33);
  EXPECT_EQ(d.priority, 3);
  EXPECT_TRUE(d.x.valid);
  EXPECT_TRUE(d.x.positive);
  EXPECT_FALSE(d.x.negative);
  EXPECT_FALSE(d.x.neutral);
  EXPECT_DOUBLE_EQ(d.x.position_percent, 50.0);
  EXPECT_TRUE(d.y.valid);
  EXPECT_TRUE(d.y.negative);
  EXPECT_FALSE(d.y.positive);
  EXPECT_DOUBLE_EQ(d.y.position_percent, 25.3);
  // The encoder builds the same bytes.
  EXPECT_EQ(encode_bjm1(0x33, axis_fields(50.0), axis_fields(-25.3)), f);
}

TEST(Bjm1, NeutralAndFullDeflection) {
  // Both neutral: byte 1 = 01b, position 0.
  Bjm1Decode d = decode_bjm1(bjm1(0x0CFDD680, {0x01, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF}));
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(d.x.valid && d.x.neutral && d.y.valid && d.y.neutral);
  EXPECT_EQ(d.x.position_percent, 0.0);
  // X left 100 %: 1000 = 11 1110 1000b -> LSBs 00, MSBs 1111 1010b = 0xFA; left status 01 -> 0x04.
  // Y forward 0.1 %: 1 -> LSBs 01 -> 0x40, MSBs 0; forward status 01 -> 0x10: byte 3 = 0x50.
  d = decode_bjm1(bjm1(0x0CFDD680, {0x04, 0xFA, 0x50, 0x00, 0xFF, 0xFF, 0xFF, 0xFF}));
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(d.x.valid && d.x.negative);
  EXPECT_DOUBLE_EQ(d.x.position_percent, 100.0);
  EXPECT_TRUE(d.y.valid && d.y.positive);
  EXPECT_DOUBLE_EQ(d.y.position_percent, 0.1);
}

TEST(Bjm1, AnyPriorityAndSourceAddress) {
  const Frame f = bjm1(0x18FDD6FE, {0x01, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF});  // priority 6
  EXPECT_TRUE(is_bjm1(f));
  const Bjm1Decode d = decode_bjm1(f);
  EXPECT_TRUE(d.ok());
  EXPECT_EQ(d.priority, 6);
  EXPECT_EQ(d.source_address, 0xFE);
  EXPECT_EQ(encode_bjm1(0xFE, {}, {}, 6).id, 0x18FDD6FEu);
}

// The same fields read by the DBC signal codec: X neutral 0|2@1+, left 2|2@1+, right 4|2@1+,
// position 6|10@1+; Y the same 16 bits further. An independent formulation of the layout.
TEST(Bjm1, AgreesWithLittleEndianDbcSignals) {
  const auto s = [](int start, int length) {
    return SignalSpec{"f", start, length, ByteOrder::kLittleEndian, false, 1.0, 0.0, 0.0, 1023.0, ""};
  };
  std::mt19937 rng(3);
  for (int trial = 0; trial < 1000; ++trial) {
    std::array<std::uint8_t, 8> data{};
    for (auto& b : data) b = static_cast<std::uint8_t>(rng());
    const Bjm1Decode d = decode_bjm1(bjm1(0x0CFDD601, data));
    ASSERT_TRUE(d.ok());
    for (int axis = 0; axis < 2; ++axis) {
      const Bjm1AxisFields& raw = axis == 0 ? d.x.raw : d.y.raw;
      const int base = 16 * axis;
      ASSERT_EQ(raw.neutral, decode_raw(s(base, 2), data));
      ASSERT_EQ(raw.negative, decode_raw(s(base + 2, 2), data));
      ASSERT_EQ(raw.positive, decode_raw(s(base + 4, 2), data));
      ASSERT_EQ(raw.position, decode_raw(s(base + 6, 10), data));
    }
  }
}

TEST(Bjm1, FrameLevelRejections) {
  const std::array<std::uint8_t, 8> neutral{0x01, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF};
  Frame f = bjm1(0x0CFDD633, neutral);
  f.extended = false;
  f.id = 0x633;
  EXPECT_FALSE(is_bjm1(f));
  EXPECT_EQ(decode_bjm1(f).error, Bjm1FrameError::kNotExtended);

  f = bjm1(0x0CFDD633, neutral);
  f.rtr = true;
  EXPECT_FALSE(is_bjm1(f));
  EXPECT_EQ(decode_bjm1(f).error, Bjm1FrameError::kRemoteFrame);

  f = bjm1(0x0CFDD733, neutral);  // PGN 0xFDD7 is EJM1
  EXPECT_FALSE(is_bjm1(f));
  EXPECT_EQ(decode_bjm1(f).error, Bjm1FrameError::kWrongPgn);
  f = bjm1(0x0DFDD633, neutral);  // data page 1
  EXPECT_EQ(decode_bjm1(f).error, Bjm1FrameError::kWrongPgn);

  f = bjm1(0x0CFDD633, neutral);
  f.length = 7;
  EXPECT_TRUE(is_bjm1(f));
  EXPECT_EQ(decode_bjm1(f).error, Bjm1FrameError::kWrongLength);
  EXPECT_STREQ(to_string(Bjm1FrameError::kWrongLength), "length is not 8 bytes");
}

AxisState x_axis_of(Bjm1AxisFields x) {
  const Bjm1Decode d = decode_bjm1(encode_bjm1(0x10, x, {}));
  EXPECT_TRUE(d.ok());
  EXPECT_TRUE(d.y.valid);
  return d.x;
}

TEST(Bjm1, AxisRejections) {
  const auto expect = [](Bjm1AxisFields f, AxisError e) {
    const AxisState a = x_axis_of(f);
    EXPECT_FALSE(a.valid) << to_string(e);
    EXPECT_EQ(a.error, e) << to_string(a.error);
    EXPECT_EQ(a.position_percent, 0.0);
  };
  expect({kJ1939Error, kJ1939Off, kJ1939Off, 0}, AxisError::kStatusError);
  expect({kJ1939Off, kJ1939Off, kJ1939Error, 500}, AxisError::kStatusError);
  expect({kJ1939NotAvailable, kJ1939Off, kJ1939Off, 0}, AxisError::kStatusNotAvailable);
  expect({kJ1939Off, kJ1939NotAvailable, kJ1939On, 10}, AxisError::kStatusNotAvailable);
  expect({kJ1939Off, kJ1939Off, kJ1939On, 1022}, AxisError::kPositionError);
  expect({kJ1939Off, kJ1939Off, kJ1939On, 1023}, AxisError::kPositionNotAvailable);
  expect({kJ1939Off, kJ1939Off, kJ1939On, 1001}, AxisError::kPositionOutOfRange);
  expect({kJ1939Off, kJ1939Off, kJ1939On, 1021}, AxisError::kPositionOutOfRange);
  expect({kJ1939On, kJ1939Off, kJ1939On, 10}, AxisError::kContradictoryStatus);
  expect({kJ1939Off, kJ1939On, kJ1939On, 10}, AxisError::kContradictoryStatus);
  expect({kJ1939Off, kJ1939Off, kJ1939Off, 10}, AxisError::kContradictoryStatus);
  expect(axis_fields(std::numeric_limits<double>::quiet_NaN()), AxisError::kStatusNotAvailable);
  // At the edge of the range: valid.
  EXPECT_TRUE(x_axis_of({kJ1939Off, kJ1939Off, kJ1939On, 1000}).valid);
}

TEST(Bjm1, RoundTripOfDeflections) {
  for (int tenths = -1000; tenths <= 1000; ++tenths) {
    const double p = tenths / 10.0;
    const AxisState a = x_axis_of(axis_fields(p));
    ASSERT_TRUE(a.valid) << p;
    ASSERT_EQ(a.neutral, tenths == 0);
    ASSERT_EQ(a.negative, tenths < 0);
    ASSERT_EQ(a.positive, tenths > 0);
    ASSERT_NEAR(a.position_percent, std::abs(p), 1e-12);
  }
  EXPECT_DOUBLE_EQ(x_axis_of(axis_fields(250.0)).position_percent, 100.0);  // clamped
  EXPECT_TRUE(x_axis_of(axis_fields(-0.04)).neutral);                       // rounds to 0
}

TEST(AxisToKappa, Mapping) {
  const AxisToKappa map{0.5, 0.4, 0.0, 1.0, false};
  ASSERT_EQ(validate_axis_to_kappa(map), "");
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(50.0)), map), 0.7);  // 0.5 + 0.5·0.4
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(-50.0)), map), 0.3);
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(100.0)), map), 0.9);
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(0.0)), map), 0.5);
  AxisToKappa inverted = map;
  inverted.invert = true;
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(50.0)), inverted), 0.3);
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(-50.0)), inverted), 0.7);
}

TEST(AxisToKappa, ClampsAndNeutralFallback) {
  const AxisToKappa map{0.5, 1.0, 0.2, 0.9, false};
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(100.0)), map), 0.9);   // 1.5 -> 0.9
  EXPECT_DOUBLE_EQ(kappa_from_axis(x_axis_of(axis_fields(-100.0)), map), 0.2);  // -0.5 -> 0.2
  // An invalid axis gives κ0, whatever it claims.
  const AxisState invalid = x_axis_of({kJ1939Off, kJ1939Off, kJ1939On, 1022});
  ASSERT_FALSE(invalid.valid);
  EXPECT_DOUBLE_EQ(kappa_from_axis(invalid, map), 0.5);
  // A neutral axis reporting a small position still maps to κ0.
  AxisState neutral = x_axis_of({kJ1939On, kJ1939Off, kJ1939Off, 7});
  ASSERT_TRUE(neutral.valid);
  EXPECT_DOUBLE_EQ(kappa_from_axis(neutral, map), 0.5);
}

TEST(AxisToKappa, Validation) {
  EXPECT_EQ(validate_axis_to_kappa({0.5, std::nan(""), 0.0, 1.0, false}),
            "axis to kappa: kappa0, span, kappa_min and kappa_max must be finite");
  EXPECT_EQ(validate_axis_to_kappa({1.5, 0.5, 0.0, 1.0, false}),
            "axis to kappa: need kappa_min <= kappa0 <= kappa_max, got 0 <= 1.5 <= 1");
  EXPECT_EQ(validate_axis_to_kappa({0.5, 0.5, 0.8, 0.2, false}),
            "axis to kappa: need kappa_min <= kappa0 <= kappa_max, got 0.8 <= 0.5 <= 0.2");
}

}  // namespace
}  // namespace hilsim::hil
