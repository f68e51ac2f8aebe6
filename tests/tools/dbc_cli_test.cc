// `hilsim dbc` writes the DBC file of the default signal mapping, and config/hil/hilsim.dbc is
// exactly that file (regenerate it with `hilsim dbc --out config/hil/hilsim.dbc` after a change).
#include <gtest/gtest.h>

#include "tests/tools/binary_harness.h"

namespace hilsim::test {
namespace {

TEST(DbcCli, TheShippedDbcIsWhatHilsimWrites) {
  const Outcome o = run_hilsim("dbc", "dbc");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, slurp(std::string(HILSIM_SOURCE_DIR) + "/config/hil/hilsim.dbc"));
  EXPECT_NE(o.out.find("BO_ 256 HilsimCommand: 8 Controller"), std::string::npos);
  EXPECT_NE(o.out.find("SG_ kappa_1 : 0|32@1+ (0.000000001,0) [0|1]"), std::string::npos);
}

TEST(DbcCli, OneActuatorLeavesOutTheSecondOnesMessages) {
  const Outcome o = run_hilsim("dbc", "dbc --actuators 1");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.find("HilsimActuator2"), std::string::npos);
  EXPECT_NE(o.out.find("HilsimActuator1"), std::string::npos);
}

}  // namespace
}  // namespace hilsim::test
