// Network interfaces appearing, changing and going, as the kernel announces them on rtnetlink
// (NETLINK_ROUTE, multicast group RTMGRP_LINK: RTM_NEWLINK and RTM_DELLINK; rtnetlink(7)): how the
// CAN bridge learns at once that its interface went down, was removed (a USB adapter unplugged) or
// is back, instead of polling. The socket is non-blocking and read by the bridge's I/O thread when
// ppoll says so; parsing is a pure function of the bytes, tested on crafted messages.
#pragma once

#include <linux/netlink.h>
#include <net/if.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace hilsim::hil {

struct LinkEvent {
  bool removed = false;  // RTM_DELLINK; else RTM_NEWLINK (created or changed)
  int ifindex = 0;
  bool up = false;                    // IFF_UP (administratively up)
  std::array<char, IFNAMSIZ> name{};  // IFLA_IFNAME, NUL-terminated ("" when absent)

  bool named(const std::string& interface) const { return interface == name.data(); }
};

// The link events in one datagram read from an rtnetlink socket, at most out.size() of them (the
// rest are dropped); messages of other types are skipped, a malformed one ends the parse.
std::size_t parse_link_events(std::span<const std::uint8_t> datagram, std::span<LinkEvent> out) noexcept;

// An interface's state now, from sysfs (/sys/class/net/<if>/ifindex and flags): nothing when there
// is no such interface.
struct LinkNow {
  int ifindex = 0;
  bool up = false;
};
std::optional<LinkNow> link_now(const std::string& interface,
                                const std::string& sysfs_net = "/sys/class/net");

class LinkMonitor final {
 public:
  // Opens and binds the socket; throws BridgeError (hil/bridge_error.h) when the kernel refuses.
  LinkMonitor();
  ~LinkMonitor();
  LinkMonitor(const LinkMonitor&) = delete;
  LinkMonitor& operator=(const LinkMonitor&) = delete;

  int fd() const { return fd_; }
  // Reads one datagram (non-blocking) into `out`: the number of events, 0 when nothing was pending;
  // sets `overflowed` when the kernel dropped notifications (ENOBUFS), after which the caller asks
  // link_now() instead.
  std::size_t read(std::span<LinkEvent> out, bool& overflowed) noexcept;
  // Whether a read would find nothing more (the last read() returned 0 without overflow).
  bool drained() const { return drained_; }

 private:
  int fd_ = -1;
  bool drained_ = false;
  alignas(nlmsghdr) std::array<std::uint8_t, 16384> buffer_{};  // read as netlink headers
};

}  // namespace hilsim::hil
