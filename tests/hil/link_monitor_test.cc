// The CAN bridge's view of its link (hil/link_monitor.h, hil/link_outages.h): rtnetlink link
// messages parsed from bytes built as the kernel builds them, an interface's state read from a sysfs
// tree of the test's own, the kernel's notification socket opened for real, and the outage and
// socket bookkeeping the report is made from. The bridge's reaction to a real interface going away
// and coming back runs in the VM (tests/vm/can_link.sh, can_soak.sh).
#include "hil/link_monitor.h"

#include <gtest/gtest.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "hil/link_outages.h"

namespace hilsim::hil {
namespace {

// One RTM_NEWLINK / RTM_DELLINK message with an IFLA_IFNAME attribute (when `name` is not empty).
void append_link_message(std::vector<std::uint8_t>& out, std::uint16_t type, int index, unsigned flags,
                         const std::string& name) {
  const std::size_t name_attr = name.empty() ? 0 : RTA_SPACE(name.size() + 1);
  const std::size_t length = NLMSG_LENGTH(sizeof(ifinfomsg)) + name_attr;
  std::vector<std::uint8_t> m(NLMSG_ALIGN(length), 0);
  auto* h = reinterpret_cast<nlmsghdr*>(m.data());
  h->nlmsg_len = static_cast<std::uint32_t>(length);
  h->nlmsg_type = type;
  auto* info = static_cast<ifinfomsg*>(NLMSG_DATA(h));
  info->ifi_index = index;
  info->ifi_flags = flags;
  if (!name.empty()) {
    auto* a = reinterpret_cast<rtattr*>(m.data() + NLMSG_LENGTH(sizeof(ifinfomsg)));
    a->rta_type = IFLA_IFNAME;
    a->rta_len = static_cast<unsigned short>(RTA_LENGTH(name.size() + 1));
    std::memcpy(RTA_DATA(a), name.c_str(), name.size() + 1);
  }
  out.insert(out.end(), m.begin(), m.end());
}

TEST(LinkEvents, NewAndRemovedLinksAreReadWithTheirIndexStateAndName) {
  std::vector<std::uint8_t> datagram;
  append_link_message(datagram, RTM_NEWLINK, 7, IFF_UP | IFF_RUNNING, "vcan0");
  append_link_message(datagram, RTM_NEWLINK, 3, 0, "eth1");
  append_link_message(datagram, RTM_DELLINK, 5, 0, "vcan0");
  std::array<LinkEvent, 8> events{};
  ASSERT_EQ(parse_link_events(datagram, events), 3u);
  EXPECT_FALSE(events[0].removed);
  EXPECT_EQ(events[0].ifindex, 7);
  EXPECT_TRUE(events[0].up);
  EXPECT_TRUE(events[0].named("vcan0"));
  EXPECT_FALSE(events[1].up);
  EXPECT_TRUE(events[1].named("eth1"));
  EXPECT_TRUE(events[2].removed);
  EXPECT_EQ(events[2].ifindex, 5);
}

TEST(LinkEvents, OtherMessagesAreSkippedAndATruncatedOneEndsTheParse) {
  std::vector<std::uint8_t> datagram;
  append_link_message(datagram, RTM_NEWADDR, 7, 0, "");  // an address, not a link
  append_link_message(datagram, RTM_NEWLINK, 8, IFF_UP, "can1");
  // Built from a range, not by resize(): GCC 12 at -O1 with ASan warns about the resize (stringop-overflow).
  const std::vector<std::uint8_t> truncated(datagram.begin(), datagram.end() - 4);
  std::array<LinkEvent, 8> events{};
  ASSERT_EQ(parse_link_events(datagram, events), 1u);
  EXPECT_TRUE(events[0].named("can1"));
  EXPECT_EQ(parse_link_events(truncated, events), 0u);
  // More events than room: the first ones are kept.
  std::array<LinkEvent, 1> one{};
  append_link_message(datagram, RTM_NEWLINK, 9, IFF_UP, "can2");
  EXPECT_EQ(parse_link_events(datagram, one), 1u);
  EXPECT_TRUE(one[0].named("can1"));
}

TEST(LinkNow, TheStateComesFromSysfsIndexAndFlags) {
  const std::filesystem::path root = std::filesystem::temp_directory_path() / "hilsim-link-now";
  std::filesystem::create_directories(root / "vcan0");
  std::ofstream(root / "vcan0" / "ifindex") << "12\n";
  std::ofstream(root / "vcan0" / "flags") << "0xc1\n";  // IFF_UP | IFF_RUNNING | IFF_NOARP
  const std::optional<LinkNow> now = link_now("vcan0", root.string());
  ASSERT_TRUE(now.has_value());
  EXPECT_EQ(now->ifindex, 12);
  EXPECT_TRUE(now->up);
  std::ofstream(root / "vcan0" / "flags") << "0x80\n";
  EXPECT_FALSE(link_now("vcan0", root.string())->up);
  EXPECT_FALSE(link_now("can7", root.string()).has_value());
  std::filesystem::remove_all(root);
}

TEST(LinkMonitorSocket, TheKernelsNotificationSocketOpensAndHasNothingPending) {
  LinkMonitor monitor;
  EXPECT_GE(monitor.fd(), 0);
  std::array<LinkEvent, 4> events{};
  bool overflowed = true;
  EXPECT_EQ(monitor.read(events, overflowed), 0u);
  EXPECT_FALSE(overflowed);
  EXPECT_TRUE(monitor.drained());
}

TEST(LinkOutagesTest, EachOutageHasItsCauseLengthAndFirstCommandAfter) {
  LinkOutages o;
  EXPECT_FALSE(o.lost());
  EXPECT_TRUE(o.begin(1'000'000'000, "link down"));
  EXPECT_FALSE(o.begin(1'100'000'000, "send: ENETDOWN"));  // one outage at a time
  o.recause("interface removed");
  o.command_accepted(1'200'000'000);  // while lost: not the first after it
  EXPECT_EQ(o.end(1'500'000'000), 500'000'000);
  EXPECT_EQ(o.end(1'600'000'000), -1);
  o.frame_received(1'510'000'000);  // refused, say (a counter jump)
  o.frame_received(1'520'000'000);
  o.command_accepted(1'520'000'000);
  o.command_accepted(1'540'000'000);
  ASSERT_EQ(o.outages().size(), 1u);
  EXPECT_STREQ(o.outages()[0].cause.data(), "interface removed");
  EXPECT_EQ(o.outages()[0].first_frame_ns, 1'510'000'000);
  EXPECT_EQ(o.outages()[0].first_command_ns, 1'520'000'000);
  EXPECT_EQ(o.outages_total(), 1u);
}

TEST(LinkOutagesTest, SocketsAreCountedApartAndSummed) {
  LinkOutages o;
  o.open_socket(5, 0);
  o.socket().frames = 10;
  o.socket().sent = 4;
  o.open_socket(9, 2'000'000'000);
  o.socket().frames = 3;
  const std::vector<SocketRecord>& s = o.sockets();
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].ifindex, 5);
  EXPECT_EQ(s[0].closed_ns, 2'000'000'000);
  EXPECT_EQ(s[1].ifindex, 9);
  EXPECT_EQ(s[1].closed_ns, -1);
  EXPECT_EQ(o.totals().frames, 13u);
  EXPECT_EQ(o.totals().sent, 4u);
}

}  // namespace
}  // namespace hilsim::hil
