// candump log lines: examples written by hand in the format can-utils documents and prints
// ("(seconds.microseconds) interface id#data", 3 or 8 hex-digit ids, R for RTR, CAN_ERR_FLAG ids for
// error frames), round trips, and every malformed case.
#include "hil/candump_log.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "tests/hil/data_frame.h"

namespace hilsim::hil {
namespace {

CandumpRecord parse_ok(std::string_view line) {
  CandumpRecord r;
  const std::string e = parse_candump_line(line, r);
  EXPECT_EQ(e, "") << line;
  return r;
}

std::string parse_error(std::string_view line) {
  CandumpRecord r;
  return parse_candump_line(line, r);
}

TEST(CandumpLog, StandardFrame) {
  const CandumpRecord r = parse_ok("(1436509052.249713) vcan0 123#DEADBEEF");
  EXPECT_EQ(r.timestamp_us, 1436509052249713);
  EXPECT_EQ(r.interface, "vcan0");
  EXPECT_FALSE(r.error_frame);
  EXPECT_EQ(r.frame, data_frame(0x123, false, {0xDE, 0xAD, 0xBE, 0xEF}));
}

TEST(CandumpLog, ExtendedEmptyAndLowercase) {
  EXPECT_EQ(parse_ok("(1436509052.249713) can0 0CFDD633#0100010000FFFFFF").frame,
            data_frame(0x0CFDD633, true, {0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0xFF}));
  // 8 digits mean an extended id even when the value would fit 11 bits.
  EXPECT_EQ(parse_ok("(1436509052.249713) can0 00000123#11").frame, data_frame(0x123, true, {0x11}));
  EXPECT_EQ(parse_ok("(0000000000.000001) can1 7FF#").frame, data_frame(0x7FF, false, {}));
  EXPECT_EQ(parse_ok("(1.000000) can0 1ab#deadbeef").frame,
            data_frame(0x1AB, false, {0xDE, 0xAD, 0xBE, 0xEF}));
  EXPECT_EQ(parse_ok("(1.000000) can0 1ab#deadbeef").timestamp_us, 1000000);
}

TEST(CandumpLog, RemoteFrames) {
  CandumpRecord r = parse_ok("(1436509052.249713) can0 123#R");
  EXPECT_TRUE(r.frame.rtr);
  EXPECT_EQ(r.frame.length, 0);
  r = parse_ok("(1436509052.249713) can0 12345678#R8");
  EXPECT_TRUE(r.frame.rtr);
  EXPECT_TRUE(r.frame.extended);
  EXPECT_EQ(r.frame.length, 8);
  EXPECT_EQ(parse_ok("(1.000000) can0 123#r3").frame.length, 3);
}

TEST(CandumpLog, ErrorFrames) {
  // CAN_ERR_FLAG | CAN_ERR_BUSERROR (0x80), with the 8 data bytes the kernel always sends.
  const CandumpRecord r = parse_ok("(1436509052.249713) can0 20000080#0000000000000000");
  EXPECT_TRUE(r.error_frame);
  EXPECT_EQ(r.frame.id, 0x80u);
  EXPECT_FALSE(r.frame.extended);
  EXPECT_EQ(r.frame.length, 8);
  // An error frame with the RTR bit, as candump writes it: an error frame without data.
  const CandumpRecord rtr = parse_ok("(1.000000) vcan0 20000004#R");
  EXPECT_TRUE(rtr.error_frame);
  EXPECT_FALSE(rtr.frame.rtr);
  EXPECT_EQ(rtr.frame.id, 0x4u);
  EXPECT_EQ(rtr.frame.length, 0);
}

TEST(CandumpLog, LineEndingsAndDirection) {
  EXPECT_EQ(parse_ok("(1.000000) can0 123#11\n").frame.length, 1);
  EXPECT_EQ(parse_ok("(1.000000) can0 123#11\r\n").frame.length, 1);
  EXPECT_EQ(parse_ok("(1.000000) can0 123#11 R").frame.length, 1);
  EXPECT_EQ(parse_ok("(1.000000) can0 123#11 T").frame.length, 1);
  // candump pads interface names to the longest one when it listens on several.
  EXPECT_EQ(parse_ok("(1.000000)  can0 123#11").interface, "can0");
}

TEST(CandumpLog, Format) {
  EXPECT_EQ(
      format_candump_line(1436509052249713, "vcan0", data_frame(0x123, false, {0xDE, 0xAD, 0xBE, 0xEF})),
      "(1436509052.249713) vcan0 123#DEADBEEF");
  EXPECT_EQ(format_candump_line(1, "can0", data_frame(0x5, false, {0x0A})),
            "(0000000000.000001) can0 005#0A");
  EXPECT_EQ(format_candump_line(0, "can0", data_frame(0x5, true, {})), "(0000000000.000000) can0 00000005#");
  EXPECT_EQ(format_candump_line(2000000, "can0", data_frame(0x1FFFFFFF, true, {1, 2, 3, 4, 5, 6, 7, 8})),
            "(0000000002.000000) can0 1FFFFFFF#0102030405060708");
  Frame rtr = data_frame(0x123, false, {});
  rtr.rtr = true;
  EXPECT_EQ(format_candump_line(0, "can0", rtr), "(0000000000.000000) can0 123#R");
  rtr.length = 3;
  EXPECT_EQ(format_candump_line(0, "can0", rtr), "(0000000000.000000) can0 123#R3");
  EXPECT_EQ(format_candump_line(0, "can0", data_frame(0x80, false, {0, 0, 0, 0, 0, 0, 0, 0}), true),
            "(0000000000.000000) can0 20000080#0000000000000000");
}

TEST(CandumpLog, FormatRefusals) {
  const Frame ok = data_frame(0x1, false, {});
  EXPECT_THROW(format_candump_line(-1, "can0", ok), std::invalid_argument);
  EXPECT_THROW(format_candump_line(0, "", ok), std::invalid_argument);
  EXPECT_THROW(format_candump_line(0, "can 0", ok), std::invalid_argument);
  EXPECT_THROW(format_candump_line(0, "can\n0", ok), std::invalid_argument);
  EXPECT_THROW(format_candump_line(0, "averyveryverylongname", ok), std::invalid_argument);
  EXPECT_THROW(format_candump_line(0, "can0", data_frame(0x800, false, {})), std::invalid_argument);
  Frame long_frame = ok;
  long_frame.length = 9;
  EXPECT_THROW(format_candump_line(0, "can0", long_frame), std::invalid_argument);
}

TEST(CandumpLog, CanonicalLinesRoundTrip) {
  for (const char* line :
       {"(1436509052.249713) vcan0 123#DEADBEEF", "(0000000000.000000) can0 000#",
        "(1700000000.999999) can1 1FFFFFFF#R8", "(1700000000.000010) can0 20000004#0004000000000000",
        "(0000000042.100000) vcan15 7FF#0011223344556677"}) {
    EXPECT_EQ(format_candump_line(parse_ok(line)), line);
  }
}

TEST(CandumpLog, RandomFramesRoundTrip) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 5000; ++trial) {
    CandumpRecord r;
    r.timestamp_us = static_cast<std::int64_t>(rng() % 4000000000000000ull);
    r.interface = "can" + std::to_string(rng() % 4);
    r.frame.extended = rng() % 2;
    r.frame.id =
        static_cast<std::uint32_t>(rng() % ((r.frame.extended ? kMaxExtendedId : kMaxStandardId) + 1));
    r.frame.rtr = rng() % 8 == 0;
    r.frame.length = static_cast<std::uint8_t>(rng() % 9);
    if (!r.frame.rtr) {
      for (std::size_t i = 0; i < r.frame.length; ++i) r.frame.data[i] = static_cast<std::uint8_t>(rng());
    }
    const std::string line = format_candump_line(r);
    CandumpRecord back;
    ASSERT_EQ(parse_candump_line(line, back), "") << line;
    ASSERT_EQ(back.timestamp_us, r.timestamp_us) << line;
    ASSERT_EQ(back.interface, r.interface);
    ASSERT_EQ(back.frame, r.frame) << line;
    ASSERT_FALSE(back.error_frame);
  }
}

TEST(CandumpLog, MalformedLines) {
  const auto e = [](std::string_view line) { return parse_error(line); };
  EXPECT_EQ(e("1436509052.249713) can0 123#00"), "candump line: missing '(' before the timestamp");
  EXPECT_EQ(e("(1436509052.249713 can0 123#00"), "candump line: missing ')' after the timestamp");
  EXPECT_EQ(e("(.249713) can0 123#00"), "candump line: timestamp must start with decimal seconds");
  EXPECT_EQ(e("(1436509052) can0 123#00"),
            "candump line: timestamp needs '.' and 6 digits of microseconds after the seconds");
  EXPECT_EQ(e("(1436509052.24971) can0 123#00"),
            "candump line: timestamp microseconds must be exactly 6 digits");
  EXPECT_EQ(e("(1436509052.2497130) can0 123#00"),
            "candump line: timestamp microseconds must be exactly 6 digits");
  EXPECT_EQ(e("(99999999999999.000000) can0 123#00"),
            "candump line: timestamp seconds too large (at most 9223372036853)");
  EXPECT_EQ(e("(1.000000)can0 123#00"), "candump line: missing space after the timestamp");
  EXPECT_EQ(e("(1.000000) "), "candump line: missing interface name");
  EXPECT_EQ(e("(1.000000) can0"), "candump line: missing frame after the interface name");
  EXPECT_EQ(e("(1.000000) averyveryverylongname 123#00"),
            "candump line: interface name longer than 15 characters");
  EXPECT_EQ(e("(1.000000) can\x01 123#00"),
            "candump line: interface name has a non-printable character 0x01");
  EXPECT_EQ(e("(1.000000) can0 123#00 extra"), "candump line: unexpected text after the frame");
  EXPECT_EQ(e("(1.000000) can0 12300"), "candump line: missing '#' between the CAN id and the data");
  EXPECT_EQ(e("(1.000000) can0 0123#00"),
            "candump line: CAN id must have 3 hex digits (standard) or 8 (extended), got 4");
  EXPECT_EQ(e("(1.000000) can0 12G#00"), "candump line: bad hex digit 'G' in the CAN id");
  EXPECT_EQ(e("(1.000000) can0 800#00"),
            "candump line: id 800 too large for 11 bits (3 digits: at most 7FF)");
  EXPECT_EQ(e("(1.000000) can0 FFF#00"),
            "candump line: id FFF too large for 11 bits (3 digits: at most 7FF)");
  EXPECT_EQ(e("(1.000000) can0 80000123#00"),
            "candump line: id 80000123 has bits 30-31 set (8 digits: at most 1FFFFFFF, or an error frame)");
  EXPECT_EQ(e("(1.000000) can0 123#DEADBEEG"), "candump line: bad hex digit 'G' in the data");
  EXPECT_EQ(e("(1.000000) can0 123#ABC"), "candump line: odd number of data nibbles (3)");
  EXPECT_EQ(e("(1.000000) can0 123#001122334455667788"),
            "candump line: more than 8 data bytes (9): CAN FD is not supported");
  EXPECT_EQ(e("(1.000000) can0 123##1DEADBEEF"), "candump line: CAN FD frames ('##') are not supported");
  EXPECT_EQ(e("(1.000000) can0 123#R9"),
            "candump line: remote frame 'R' may be followed only by one DLC digit 0..8");
  EXPECT_EQ(e("(1.000000) can0 123#R11"),
            "candump line: remote frame 'R' may be followed only by one DLC digit 0..8");
  EXPECT_EQ(e("(1.000000) can0 123#0011223344556677_9"), "candump line: raw DLC suffix '_' is not supported");
  EXPECT_EQ(e("(1.000000) can0 123#1"), "candump line: odd number of data nibbles (1)");
  EXPECT_EQ(e(""), "candump line: missing '(' before the timestamp");
}

}  // namespace
}  // namespace hilsim::hil
