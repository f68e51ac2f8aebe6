#include "hil/link_monitor.h"

#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "hil/bridge_error.h"

namespace hilsim::hil {

namespace {

// One RTM_NEWLINK / RTM_DELLINK message's event; false when it is too short to hold one.
bool link_event(const nlmsghdr& h, LinkEvent& e) {
  if (h.nlmsg_len < NLMSG_LENGTH(sizeof(ifinfomsg))) return false;
  const auto* info = static_cast<const ifinfomsg*>(NLMSG_DATA(&h));
  e.removed = h.nlmsg_type == RTM_DELLINK;
  e.ifindex = info->ifi_index;
  e.up = (info->ifi_flags & IFF_UP) != 0;
  int remaining = static_cast<int>(h.nlmsg_len - NLMSG_LENGTH(sizeof(ifinfomsg)));
  for (const rtattr* a = IFLA_RTA(info); RTA_OK(a, remaining); a = RTA_NEXT(a, remaining)) {
    if (a->rta_type != IFLA_IFNAME) continue;
    const auto length = static_cast<std::size_t>(RTA_PAYLOAD(a));
    const std::size_t n = std::min(length, e.name.size() - 1);
    std::memcpy(e.name.data(), RTA_DATA(a), n);
    e.name[n] = '\0';
  }
  return true;
}

// NLMSG_OK(h, remaining), with its comparison of the header's u32 length and the int length made
// between like types (the macro mixes their signs).
bool message_fits(const nlmsghdr* h, int remaining) noexcept {
  if (remaining < static_cast<int>(sizeof(nlmsghdr))) return false;
  const auto length = static_cast<std::size_t>(remaining);
  return h->nlmsg_len >= sizeof(nlmsghdr) && h->nlmsg_len <= length;
}

}  // namespace

std::size_t parse_link_events(std::span<const std::uint8_t> datagram, std::span<LinkEvent> out) noexcept {
  std::size_t count = 0;
  // NLMSG_OK and NLMSG_NEXT take an int length and a non-const header; the buffer is only read.
  int remaining = static_cast<int>(datagram.size());
  auto* h = reinterpret_cast<nlmsghdr*>(const_cast<std::uint8_t*>(datagram.data()));
  for (; message_fits(h, remaining); h = NLMSG_NEXT(h, remaining)) {
    if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) break;
    if (h->nlmsg_type != RTM_NEWLINK && h->nlmsg_type != RTM_DELLINK) continue;
    LinkEvent e;
    if (!link_event(*h, e)) break;
    if (count < out.size()) out[count++] = e;
  }
  return count;
}

std::optional<LinkNow> link_now(const std::string& interface, const std::string& sysfs_net) {
  const std::filesystem::path dir = std::filesystem::path(sysfs_net) / interface;
  LinkNow now;
  std::ifstream index(dir / "ifindex");
  std::ifstream flags(dir / "flags");
  unsigned long bits = 0;
  if (!(index >> now.ifindex) || !(flags >> std::hex >> bits)) return std::nullopt;
  now.up = (bits & IFF_UP) != 0;
  return now;
}

LinkMonitor::LinkMonitor() {
  fd_ = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, NETLINK_ROUTE);
  if (fd_ < 0) throw BridgeError(std::string("cannot open an rtnetlink socket: ") + std::strerror(errno));
  sockaddr_nl address{};
  address.nl_family = AF_NETLINK;
  address.nl_groups = RTMGRP_LINK;
  if (bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int e = errno;
    close(fd_);
    fd_ = -1;
    throw BridgeError(std::string("cannot listen to link notifications (rtnetlink RTMGRP_LINK): ") +
                      std::strerror(e));
  }
}

LinkMonitor::~LinkMonitor() {
  if (fd_ >= 0) close(fd_);
}

std::size_t LinkMonitor::read(std::span<LinkEvent> out, bool& overflowed) noexcept {
  overflowed = false;
  drained_ = false;
  const ssize_t n = recv(fd_, buffer_.data(), buffer_.size(), 0);
  if (n < 0) {
    overflowed = errno == ENOBUFS;  // the kernel dropped notifications: the state must be asked for
    drained_ = !overflowed;
    return 0;
  }
  return parse_link_events(std::span<const std::uint8_t>(buffer_.data(), static_cast<std::size_t>(n)), out);
}

}  // namespace hilsim::hil
