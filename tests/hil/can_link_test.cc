// The CAN link's identity and configuration on a machine without CAN: the virtual-or-real rule on
// a sysfs tree made for the test, and the errors libsocketcan's failures become. What vcan
// answers is checked in the VM (tests/vm/can_bridge.sh).
#include "hil/can_link.h"

#include <gtest/gtest.h>

#include <linux/can/netlink.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

#include "hil/bridge_error.h"

namespace hilsim::hil {
namespace {

namespace fs = std::filesystem;

class FakeSysfs : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("hilsim_sysfs_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root_);
    add("can0", 280, true);    // a controller: its driver's device is linked
    add("vcan0", 280, false);  // virtual: no device
    add("eth0", 1, true);      // ARPHRD_ETHER
  }
  void TearDown() override { fs::remove_all(root_); }
  void add(const std::string& name, int type, bool device) {
    fs::create_directories(root_ / name);
    std::ofstream(root_ / name / "type") << type << "\n";
    if (device) fs::create_directories(root_ / name / "device");
  }
  fs::path root_;
};

TEST_F(FakeSysfs, TypeAndDeviceTellVirtualFromRealCan) {
  EXPECT_EQ(identify_link("can0", root_.string()).kind, LinkKind::kHardware);
  EXPECT_EQ(identify_link("vcan0", root_.string()).kind, LinkKind::kVirtual);
  const LinkIdentity eth = identify_link("eth0", root_.string());
  EXPECT_EQ(eth.kind, LinkKind::kNotCan);
  EXPECT_EQ(eth.type, 1);
  EXPECT_EQ(identify_link("can9", root_.string()).kind, LinkKind::kMissing);
}

TEST(CanLink, TheSystemsLoopbackIsNoCanInterface) {
  EXPECT_EQ(identify_link("lo").kind, LinkKind::kNotCan);
  EXPECT_EQ(identify_link("hilsim-none0").kind, LinkKind::kMissing);
}

TEST(CanLink, NothingAskedNothingDone) {
  CanSettings can;
  can.interface = "hilsim-none0";  // not even there: nothing is called
  EXPECT_EQ(configure_link(can, LinkIdentity{LinkKind::kHardware, 280}), "");
}

TEST(CanLink, ARealInterfaceRefusingASettingIsAnErrorNamingItTheSettingAndErrno) {
  CanSettings can;
  can.interface = "hilsim-none0";
  can.bitrate = 500000;
  ::testing::internal::CaptureStderr();
  try {
    configure_link(can, LinkIdentity{LinkKind::kHardware, 280});
    ADD_FAILURE() << "no error";
  } catch (const BridgeError& e) {
    // libsocketcan finds no such device: ENODEV.
    EXPECT_STREQ(e.what(), "hilsim-none0: cannot set can.bitrate = 500000: ENODEV: No such device");
  }
  // libsocketcan's own complaint ("Cannot find device") is not printed: the error above says it.
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
}

TEST(CanLink, OnlyOperationNotSupportedIsAcceptedFromAVirtualInterface) {
  CanSettings can;
  can.interface = "hilsim-none0";
  can.restart_ms = 100;
  EXPECT_THROW(configure_link(can, LinkIdentity{LinkKind::kVirtual, 280}), BridgeError);
  can.restart_ms.reset();
  can.bring_up = true;
  try {
    configure_link(can, LinkIdentity{LinkKind::kVirtual, 280});
    ADD_FAILURE() << "no error";
  } catch (const BridgeError& e) {
    EXPECT_NE(std::string(e.what()).find("hilsim-none0: cannot take the link down (can.bring_up): ENODEV"),
              std::string::npos)
        << e.what();
  }
}

TEST(CanLink, NoControllerStateWithoutACanController) {
  EXPECT_FALSE(controller_state("lo").has_value());
  EXPECT_STREQ(state_name(CAN_STATE_BUS_OFF), "bus-off");
  EXPECT_STREQ(state_name(CAN_STATE_ERROR_ACTIVE), "error-active");
  EXPECT_EQ(errno_name(EOPNOTSUPP), "EOPNOTSUPP");
}

}  // namespace
}  // namespace hilsim::hil
