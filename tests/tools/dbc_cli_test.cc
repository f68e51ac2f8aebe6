// `hilsim dbc` writes the DBC file of the default signal mapping, and config/hil/hilsim.dbc is
// exactly that file (regenerate it with `hilsim dbc --out config/hil/hilsim.dbc` after a change).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/tools/binary_harness.h"

namespace hilsim::test {
namespace {

TEST(DbcCli, TheShippedDbcIsWhatHilsimWrites) {
  const Outcome o = run_hilsim("dbc", "dbc");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, slurp(std::string(HILSIM_SOURCE_DIR) + "/config/hil/hilsim.dbc"));
  EXPECT_NE(o.out.find("BO_ 256 HilsimCommand: 8 Controller"), std::string::npos);
  EXPECT_NE(o.out.find("SG_ e2e_crc : 0|8@1+ (1,0) [0|255]"), std::string::npos);
  EXPECT_NE(o.out.find("SG_ e2e_counter : 8|4@1+ (1,0) [0|15]"), std::string::npos);
  EXPECT_NE(o.out.find("SG_ kappa_1 : 16|24@1+ (0.0000001,0) [0|1]"), std::string::npos);
  EXPECT_NE(o.out.find("CM_ SG_ 256 e2e_crc \"CRC-8 SAE J1850"), std::string::npos);
}

TEST(DbcCli, OneActuatorLeavesOutTheSecondOnesMessages) {
  const Outcome o = run_hilsim("dbc", "dbc --actuators 1");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.find("HilsimActuator2"), std::string::npos);
  EXPECT_NE(o.out.find("HilsimActuator1"), std::string::npos);
}

TEST(DbcCli, AScenariosOwnMappingIsWritten) {
  const std::filesystem::path p = temp_path("dbc", ".toml");
  std::ofstream(p)
      << "[[messages]]\nname = \"Valve\"\nid = 0x123\nlength = 2\ndirection = \"command\"\n"
         "[[messages.signals]]\nname = \"kappa_1\"\nstart_bit = 7\nlength = 16\n"
         "byte_order = \"big_endian\"\nscale = 2e-5\nmax = 1\n"
         "[[messages]]\nname = \"Sensors\"\nid = 0x18FF0001\nextended = true\nlength = 2\n"
         "direction = \"sensor\"\n[[messages.signals]]\nname = \"s_1\"\nstart_bit = 0\nlength = 16\n"
         "scale = 2e-5\nmax = 1.3107\nunit = \"m\"\n";
  const Outcome o = run_hilsim("dbc", "dbc " + p.string());
  std::filesystem::remove(p);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("BO_ 291 Valve: 2 Controller"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("SG_ kappa_1 : 7|16@0+ (0.00002,0) [0|1]"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("BO_ 2566848513 Sensors: 2 Hilsim"), std::string::npos) << o.out;  // bit 31: extended
}

// A scenario decides the actuators (its [crane] actuators, a hydraulic contact task's two): an
// --actuators beside it would be ignored, so it is refused.
TEST(DbcCli, ActuatorsBesideAScenarioAreRefused) {
  const std::string two = std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/rim_two_actuators_M2.toml";
  const Outcome o = run_hilsim("dbc", "dbc " + two + " --actuators 1");
  EXPECT_EQ(o.status, 2) << o.out;
  EXPECT_NE(o.err.find("--actuators goes without a scenario"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
}

}  // namespace
}  // namespace hilsim::test
