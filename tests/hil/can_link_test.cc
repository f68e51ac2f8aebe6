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
#include "tests/hil/vcan.h"

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

TEST(CanLink, AVirtualInterfaceRefusingBitTimingIsANoteButDownAndUpMustWork) {
  CanSettings can;
  can.interface = "hilsim-none0";
  can.bitrate = 250000;
  can.restart_ms = 100;
  EXPECT_EQ(configure_link(can, LinkIdentity{LinkKind::kVirtual, 280}),
            "vcan has no bit timing: bitrate not applied (ENODEV), restart_ms not applied (ENODEV)");
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

// What libsocketcan can and cannot do with vcan0 (root in the VM): down and up work, bit timing and
// the restart delay are refused with an errno that depends on the link state, there is no
// controller state, the counters are there.
TEST(CanLinkOnVcan, BitTimingIsANoteDownAndUpWorkCountersAreThere) {
  HILSIM_REQUIRE_VCAN();
  const LinkIdentity id = identify_link(test::kVcan);
  ASSERT_EQ(id.kind, LinkKind::kVirtual);
  CanSettings can;
  can.interface = test::kVcan;
  can.bitrate = 500000;
  can.restart_ms = 100;
  const std::string up = configure_link(can, id);  // the link is up
  std::printf("vcan0, link up: %s\n", up.c_str());
  EXPECT_NE(up.find("vcan has no bit timing: bitrate not applied (E"), std::string::npos) << up;
  can.bring_up = true;
  const std::string down = configure_link(can, id);  // set while down
  std::printf("vcan0, link down: %s\n", down.c_str());
  EXPECT_EQ(down.rfind("link taken down and brought up; vcan has no bit timing: bitrate not applied (E", 0),
            0u)
      << down;
  EXPECT_EQ(identify_link(test::kVcan).kind, LinkKind::kVirtual);
  EXPECT_FALSE(controller_state(test::kVcan).has_value());
  EXPECT_TRUE(link_stats(test::kVcan).has_value());
  // Up again: a raw socket can send.
  const int fd = socket(PF_CAN, SOCK_RAW, CAN_RAW);
  sockaddr_can a{};
  a.can_family = AF_CAN;
  a.can_ifindex = static_cast<int>(if_nametoindex(test::kVcan));
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  can_frame f{};
  f.can_id = 0x7FF;
  EXPECT_EQ(write(fd, &f, sizeof f), static_cast<ssize_t>(sizeof f)) << std::strerror(errno);
  close(fd);
}

}  // namespace
}  // namespace hilsim::hil
