// DBC messages: identifier ranges, lengths, signal fit, duplicate names and overlapping bits.
#include "hil/message.h"

#include <gtest/gtest.h>

#include <vector>

namespace hilsim::hil {
namespace {

SignalSpec signal_spec(const std::string& name, int start, int length,
                       ByteOrder order = ByteOrder::kLittleEndian) {
  SignalSpec s;
  s.name = name;
  s.start_bit = start;
  s.length = length;
  s.byte_order = order;
  s.max = 1.0;
  return s;
}

MessageSpec command_spec() {
  MessageSpec m;
  m.name = "Command";
  m.id = 0x100;
  m.length = 8;
  m.sender = "Controller";
  m.signals = {signal_spec("kappa_1", 0, 16), signal_spec("kappa_2", 16, 16), signal_spec("counter", 60, 4)};
  return m;
}

TEST(Message, ValidMessagePasses) {
  EXPECT_EQ(validate_message(command_spec()), "");
  MessageSpec m = command_spec();
  m.sender = "";
  EXPECT_EQ(validate_message(m), "");
  m.signals.clear();
  m.length = 0;
  EXPECT_EQ(validate_message(m), "");
}

TEST(Message, IdentifierRanges) {
  MessageSpec m = command_spec();
  m.id = 0x7FF;
  EXPECT_EQ(validate_message(m), "");
  m.id = 0x800;
  EXPECT_EQ(validate_message(m), "message 'Command' (id 0x800): id outside 0..0x7FF (11-bit)");
  m.extended = true;
  EXPECT_EQ(validate_message(m), "");
  m.id = 0x1FFFFFFF;
  EXPECT_EQ(validate_message(m), "");
  m.id = 0x20000000;
  EXPECT_EQ(validate_message(m), "message 'Command' (id 0x20000000): id outside 0..0x1FFFFFFF (29-bit)");
}

TEST(Message, LengthAndNames) {
  MessageSpec m = command_spec();
  m.length = 9;
  EXPECT_EQ(validate_message(m), "message 'Command' (id 0x100): length 9 bytes outside 0..8");
  m = command_spec();
  m.name = "a b";
  EXPECT_EQ(validate_message(m),
            "message 'a b' (id 0x100): name must be a C identifier ([A-Za-z_][A-Za-z0-9_]*)");
  m = command_spec();
  m.sender = "9x";
  EXPECT_EQ(validate_message(m), "message 'Command' (id 0x100): sender '9x' must be empty or a C identifier");
}

TEST(Message, SignalsMustFitTheLength) {
  MessageSpec m = command_spec();
  m.length = 4;  // counter sits in byte 7
  EXPECT_EQ(
      validate_message(m),
      "message 'Command' (id 0x100): signal 'counter': start_bit 60 outside 0..31 (frame length 4 bytes)");
  m.signals.pop_back();
  EXPECT_EQ(validate_message(m), "");
}

TEST(Message, DuplicateSignalNames) {
  MessageSpec m = command_spec();
  m.signals[1].name = "kappa_1";
  EXPECT_EQ(validate_message(m), "message 'Command' (id 0x100): signal 'kappa_1' appears twice");
}

TEST(Message, OverlapNamesBothSignals) {
  MessageSpec m = command_spec();
  m.signals[1].start_bit = 12;  // bits 12..27 against kappa_1's 0..15
  EXPECT_EQ(validate_message(m),
            "message 'Command' (id 0x100): signals 'kappa_1' and 'kappa_2' overlap: both use frame bit 12 "
            "(byte 1 bit 4)");
}

TEST(Message, OverlapAcrossByteOrders) {
  MessageSpec m = command_spec();
  // 0|2@0 uses byte 0 bit 0 and byte 1 bit 7 (frame bits 0 and 15); a 1-bit signal at 15 overlaps.
  m.signals = {signal_spec("be", 0, 2, ByteOrder::kBigEndian), signal_spec("flag", 15, 1)};
  EXPECT_EQ(
      validate_message(m),
      "message 'Command' (id 0x100): signals 'be' and 'flag' overlap: both use frame bit 15 (byte 1 bit 7)");
  m.signals[1].start_bit = 14;  // byte 1 bit 6: free
  EXPECT_EQ(validate_message(m), "");
  m.signals[1].start_bit = 1;  // byte 0 bit 1: free
  EXPECT_EQ(validate_message(m), "");
}

TEST(Message, SetsRejectDuplicateNamesAndIds) {
  MessageSpec a = command_spec();
  MessageSpec b = command_spec();
  b.name = "Other";
  EXPECT_EQ(validate_messages({a, b}), "message 'Other' (id 0x100): another message has the same id");
  b.extended = true;  // 0x100 extended is another identifier
  EXPECT_EQ(validate_messages({a, b}), "");
  b.name = "Command";
  EXPECT_EQ(validate_messages({a, b}),
            "message 'Command' (id 0x00000100): another message has the same name");
  b.name = "Other";
  b.length = 10;
  EXPECT_EQ(validate_messages({a, b}), "message 'Other' (id 0x00000100): length 10 bytes outside 0..8");
}

}  // namespace
}  // namespace hilsim::hil
