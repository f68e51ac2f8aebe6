// The DBC writer: a golden file for one small message, every field of every signal present in a
// larger set, and the refusals.
#include "hil/dbc_writer.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

namespace hilsim::hil {
namespace {

SignalSpec sig(const std::string& name, int start, int length, ByteOrder order, bool is_signed, double scale,
               double offset, double min, double max, const std::string& unit) {
  return SignalSpec{name, start, length, order, is_signed, scale, offset, min, max, unit};
}

const char* const kHeader =
    "VERSION \"\"\n\n\nNS_ :\n"
    "\tNS_DESC_\n\tCM_\n\tBA_DEF_\n\tBA_\n\tVAL_\n\tCAT_DEF_\n\tCAT_\n\tFILTER\n\tBA_DEF_DEF_\n"
    "\tEV_DATA_\n\tENVVAR_DATA_\n\tSGTYPE_\n\tSGTYPE_VAL_\n\tBA_DEF_SGTYPE_\n\tBA_SGTYPE_\n"
    "\tSIG_TYPE_REF_\n\tVAL_TABLE_\n\tSIG_GROUP_\n\tSIG_VALTYPE_\n\tSIGTYPE_VALTYPE_\n\tBO_TX_BU_\n"
    "\tBA_DEF_REL_\n\tBA_REL_\n\tBA_DEF_DEF_REL_\n\tBU_SG_REL_\n\tBU_EV_REL_\n\tBU_BO_REL_\n"
    "\tSG_MUL_VAL_\n\nBS_:\n\n";

TEST(DbcWriter, GoldenSmallFile) {
  MessageSpec command{"ValveCommand", 0x101, false, 4, "Controller", {}};
  command.signals = {
      sig("kappa_1", 0, 16, ByteOrder::kLittleEndian, true, 0.0001, 0, -1, 1, ""),
      sig("mode", 23, 4, ByteOrder::kBigEndian, false, 1, 0, 0, 15, ""),
  };
  MessageSpec pressure{"Pressures", 0x18FF1234, true, 8, "Simulator", {}};
  pressure.signals = {sig("p1", 0, 32, ByteOrder::kLittleEndian, false, 0.1, -1e5, -1e5, 3e7, "Pa")};
  std::ostringstream out;
  write_dbc(out, {command, pressure}, {"Controller", "Simulator", "Logger"});
  EXPECT_EQ(out.str(), std::string(kHeader) +
                           "BU_: Controller Simulator Logger\n"
                           "\n"
                           "\n"
                           "BO_ 257 ValveCommand: 4 Controller\n"
                           " SG_ kappa_1 : 0|16@1- (0.0001,0) [-1|1] \"\" Simulator,Logger\n"
                           " SG_ mode : 23|4@0+ (1,0) [0|15] \"\" Simulator,Logger\n"
                           "\n"
                           // 0x18FF1234 | 0x80000000 = 0x98FF1234 = 2566853172
                           "BO_ 2566853172 Pressures: 8 Simulator\n"
                           " SG_ p1 : 0|32@1+ (0.1,-100000) [-100000|30000000] \"Pa\" Controller,Logger\n"
                           "\n");
}

TEST(DbcWriter, NoSenderAndNoReceiversUseVectorXXX) {
  MessageSpec m{"Lonely", 0x7FF, false,
                1,        "",    {sig("bit", 0, 1, ByteOrder::kLittleEndian, false, 1, 0, 0, 1, "")}};
  std::ostringstream out;
  write_dbc(out, {m}, {});
  EXPECT_NE(out.str().find("BU_:\n"), std::string::npos);
  EXPECT_NE(
      out.str().find("BO_ 2047 Lonely: 1 Vector__XXX\n SG_ bit : 0|1@1+ (1,0) [0|1] \"\" Vector__XXX\n"),
      std::string::npos);
}

// Without a parser: every signal's SG_ line appears whole, under its own BO_ line, with each field
// written out here by hand from the spec.
TEST(DbcWriter, EverySignalAppearsWithItsFields) {
  std::vector<MessageSpec> messages;
  for (int i = 0; i < 4; ++i) {
    MessageSpec m{"Msg" + std::to_string(i), static_cast<std::uint32_t>(0x200 + i), i % 2 == 1, 8, "Ecu", {}};
    for (int k = 0; k < 4; ++k) {
      const bool le = (i + k) % 2 == 0;
      m.signals.push_back(sig("s" + std::to_string(i) + "_" + std::to_string(k), le ? 16 * k : 16 * k + 7, 16,
                              le ? ByteOrder::kLittleEndian : ByteOrder::kBigEndian, k % 2 == 1,
                              0.25 * (k + 1), -10.0 * k, -50.0 - k, 50.0 + k, "u" + std::to_string(k)));
    }
    messages.push_back(m);
  }
  std::ostringstream out;
  write_dbc(out, messages, {"Ecu", "Sim"});
  const std::string text = out.str();
  for (const MessageSpec& m : messages) {
    const std::uint32_t id = m.extended ? m.id + 0x80000000u : m.id;
    const std::string bo = "\nBO_ " + std::to_string(id) + " " + m.name + ": 8 Ecu\n";
    const auto at = text.find(bo);
    ASSERT_NE(at, std::string::npos) << bo;
    std::size_t previous = at;
    for (const SignalSpec& s : m.signals) {
      std::ostringstream line;
      line << " SG_ " << s.name << " : " << s.start_bit << "|16@"
           << (s.byte_order == ByteOrder::kLittleEndian ? 1 : 0) << (s.is_signed ? "-" : "+") << " ("
           << s.scale << "," << s.offset << ") [" << s.min << "|" << s.max << "] \"" << s.unit << "\" Sim\n";
      const auto found = text.find(line.str());
      ASSERT_NE(found, std::string::npos) << line.str();
      EXPECT_GT(found, previous) << "signals in order, after their message";
      previous = found;
    }
  }
}

TEST(DbcWriter, NumbersReadBackExactly) {
  MessageSpec m{"M", 1,  false,
                8,   "", {sig("x", 0, 8, ByteOrder::kLittleEndian, false, 0.1, 1.0 / 3.0, 0, 1e-7, "")}};
  std::ostringstream out;
  write_dbc(out, {m}, {});
  EXPECT_NE(out.str().find("(0.1,0.3333333333333333) [0|0.0000001]"), std::string::npos) << out.str();
  m.signals[0].offset = -1e-30;
  m.signals[0].max = 1e300;
  std::ostringstream big;
  write_dbc(big, {m}, {});
  EXPECT_NE(big.str().find("(0.1,-1e-30) [0|1e+300]"), std::string::npos) << big.str();
}

TEST(DbcWriter, Refusals) {
  MessageSpec m{"M", 0x800, false, 8, "", {}};
  std::ostringstream out;
  EXPECT_THROW(write_dbc(out, {m}, {}), std::invalid_argument);
  m.id = 1;
  m.sender = "Ghost";
  try {
    write_dbc(out, {m}, {"Ecu"});
    FAIL() << "a sender outside the nodes was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "message 'M': sender 'Ghost' is not one of the DBC nodes");
  }
  m.sender = "";
  EXPECT_THROW(write_dbc(out, {m}, {"Ecu", "Ecu"}), std::invalid_argument);
  EXPECT_THROW(write_dbc(out, {m}, {"no node"}), std::invalid_argument);
  EXPECT_TRUE(out.str().empty()) << "nothing is written before the checks pass";
}

}  // namespace
}  // namespace hilsim::hil
