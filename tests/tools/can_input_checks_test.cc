// The doctor's checks of a CAN run's link, on fixture sysfs and procfs files in the kernel's
// formats (type 280 is ARPHRD_CAN; flags bit 0 is IFF_UP; CapEff bit 12 is CAP_NET_ADMIN).
#include "tools/system/can_input_checks.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace hilsim::tools {
namespace {

namespace fs = std::filesystem;
using Level = Finding::Level;

class CanInputChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ =
        fs::temp_directory_path() /
        ("hilsim_can_input_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "proc/self");
    capabilities("0000000000000000");
  }
  void TearDown() override { fs::remove_all(root_); }

  void interface(const std::string& name, const std::string& type, const std::string& flags) {
    fs::create_directories(root_ / "sys/class/net" / name);
    std::ofstream(root_ / "sys/class/net" / name / "type") << type << "\n";
    std::ofstream(root_ / "sys/class/net" / name / "flags") << flags << "\n";
  }
  void capabilities(const std::string& cap_eff) {
    std::ofstream(root_ / "proc/self/status") << "Name:\thilsim\nCapInh:\t0000000000000000\nCapEff:\t"
                                              << cap_eff << "\nCapBnd:\t000001ffffffffff\n";
  }
  std::vector<Finding> findings(const hil::CanSettings& can) const {
    return can_input_findings(can, SystemFiles(root_));
  }
  fs::path root_;
};

bool says(const Finding& f, const std::string& part) {
  return (f.what + " " + f.advice + " " + f.fix).find(part) != std::string::npos;
}

TEST_F(CanInputChecks, AMissingInterfaceFails) {
  hil::CanSettings can;
  can.interface = "can0";
  const std::vector<Finding> f = findings(can);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].level, Level::kFail);
  EXPECT_TRUE(says(f[0], "can.interface 'can0': no such network interface")) << f[0].what;
  EXPECT_TRUE(says(f[0], "ip link")) << f[0].advice << f[0].fix;
}

TEST_F(CanInputChecks, AnInterfaceThatIsNotCanFails) {
  interface("eth0", "1", "0x1003");
  hil::CanSettings can;
  can.interface = "eth0";
  const std::vector<Finding> f = findings(can);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].level, Level::kFail);
  EXPECT_TRUE(says(f[0], "not a CAN interface")) << f[0].what;
}

TEST_F(CanInputChecks, AnUpCanInterfaceIsOk) {
  interface("vcan0", "280", "0xc1");
  hil::CanSettings can;
  can.interface = "vcan0";
  const std::vector<Finding> f = findings(can);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].level, Level::kOk) << f[0].what;
  EXPECT_TRUE(says(f[0], "can.interface 'vcan0': a CAN interface, up")) << f[0].what;
}

TEST_F(CanInputChecks, ADownInterfaceFailsUnlessThisProcessMayBringItUp) {
  interface("can1", "280", "0x80");
  hil::CanSettings can;
  can.interface = "can1";
  std::vector<Finding> f = findings(can);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].level, Level::kFail);
  EXPECT_TRUE(says(f[0], "is down")) << f[0].what;
  EXPECT_TRUE(says(f[0], "ip link set can1 up")) << f[0].fix;

  can.bring_up = true;  // hilsim brings it up: needs CAP_NET_ADMIN, which the process lacks
  f = findings(can);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].level, Level::kFail);
  EXPECT_TRUE(says(f[0], "CAP_NET_ADMIN")) << f[0].what << f[0].advice;

  capabilities("0000000000001000");  // bit 12 alone
  f = findings(can);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].level, Level::kOk) << f[0].what;
  EXPECT_TRUE(says(f[0], "bring_up")) << f[0].what;
}

}  // namespace
}  // namespace hilsim::tools
