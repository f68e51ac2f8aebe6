// The CAN commands that need no CAN interface: `hilsim decode` of a candump log, and what
// `hilsim run --input can` says on a machine without the interface.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/tools/binary_harness.h"

namespace hilsim::test {
namespace {

namespace fs = std::filesystem;

TEST(CanCli, DecodeNamesEveryFrameByTheMapping) {
  const fs::path log = temp_path("can", ".log");
  std::ofstream(log) << "(1700000000.000100) vcan0 100#80D7141B00000000\n"
                     << "(1700000000.000200) vcan0 100#R\n"
                     << "(1700000000.000300) vcan0 0CFDD680#107DFFFFFFFFFFFF\n"
                     << "(1700000000.000400) vcan0 20000040#0000000000000000\n"
                     << "\n"
                     << "(1700000000.001002) vcan0 2F0#0500008813000000\n"
                     << "(1700000000.001003) vcan0 123#11\n";
  const fs::path csv = temp_path("can", ".csv");
  const Outcome o = run_hilsim("can", "decode --candump " + log.string() + " --csv " + csv.string());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("100#80D7141B00000000  HilsimCommand: kappa_1 = 0.45435072, kappa_2 = 0"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("100#R  remote request (RTR)"), std::string::npos) << o.out;
  // X: right (positive) at 50.0 %; Y: not available.
  EXPECT_NE(o.out.find("BJM1 from 0x80: x positive 50.0 %, y invalid"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("error frame: bus-off"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("HilsimStatus: watchdog_active = 1, numerical_fault = 0, bus_off = 1, bus_error = 0"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("123#11  not in hilsim's mapping"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("6 frames, 1 sensor rows"), std::string::npos) << o.out;
  const std::string table = slurp(csv);
  EXPECT_EQ(table.substr(0, table.find('\n')),
            "timestamp,s_1,sdot_1,p1_1,p2_1,fh_1,kappa_applied_1,watchdog_active,numerical_fault,bus_off,bus_error,"
            "overruns,sim_time,sequence_echo");
  EXPECT_NE(table.find("\n1700000000.001002,"), std::string::npos) << table;
  fs::remove(log);
  fs::remove(csv);
}

TEST(CanCli, ABadLineIsNamedByFileAndLine) {
  const fs::path log = temp_path("can", ".log");
  std::ofstream(log) << "(1700000000.000100) vcan0 100#80D7141B00000000\n(1700000000.000200) vcan0 100#8\n";
  const Outcome o = run_hilsim("can", "decode --candump " + log.string());
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find(log.string() + ":2: "), std::string::npos) << o.err;
  fs::remove(log);
}

TEST(CanCli, ARunWithoutTheInterfaceSaysWhichOneIsMissing) {
  const fs::path s = temp_path("can", ".toml");
  std::ofstream(s) << "[hil]\ninput = \"can\"\n[can]\ninterface = \"hilsim-none0\"\n";
  const Outcome o = run_hilsim("can", "run " + s.string() + " --realtime --duration 0.1");
  EXPECT_EQ(o.status, 2) << o.out;
  EXPECT_NE(o.err.find("can.interface = 'hilsim-none0': no such network interface"), std::string::npos) << o.err;
  fs::remove(s);
}

}  // namespace
}  // namespace hilsim::test
