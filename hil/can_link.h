// The CAN bridge's network interface as a link: what kind it is, its configuration through
// libsocketcan (netlink: bitrate, automatic restart after bus-off, down/up; needs CAP_NET_ADMIN),
// its controller state and its statistics. Configuration-time code, except nothing: the bridge
// calls it before its thread starts and after it ends.
//
// Virtual or real. Both a virtual CAN interface (vcan, vxcan) and a real controller have
// /sys/class/net/<if>/type = 280 (ARPHRD_CAN). A real controller is a device with a driver
// (USB, PCI, SPI, platform), which sysfs links as /sys/class/net/<if>/device; a virtual interface
// has no such parent. So: type 280 and no device link = virtual; type 280 with it = real. A virtual
// interface has no bit timing and no controller: libsocketcan's bit-timing and restart settings
// fail there (the kernel answers EOPNOTSUPP, sometimes EINVAL for a bitrate set while the link is
// down) and
// can_get_state finds no CAN data, which is a fact about the interface, reported in one line, not
// an error. On a real interface the same failures are errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "hil/hil_settings.h"

namespace hilsim::hil {

enum class LinkKind {
  kMissing,   // no such interface
  kNotCan,    // an interface, but not CAN (e.g. lo, eth0)
  kVirtual,   // CAN without a device: vcan, vxcan
  kHardware,  // CAN with a device: a real controller
};

struct LinkIdentity {
  LinkKind kind = LinkKind::kMissing;
  int type = -1;  // /sys/class/net/<if>/type (ARPHRD_*), -1 when unreadable
};

// Reads `sysfs_net`/<interface>/type and .../device (the default root is the system's; tests pass
// a directory of their own).
LinkIdentity identify_link(const std::string& interface, const std::string& sysfs_net = "/sys/class/net");

// Applies bitrate and restart_ms when set, around them can_do_stop / can_do_start when bring_up
// (a link taken down is brought up again when a setting fails).
// Returns what was applied and what a virtual interface could not take, in one line without the
// interface's name (e.g. "vcan has no bit timing: bitrate not applied (EOPNOTSUPP)"; empty when
// nothing was asked). Throws BridgeError (hil/udp_bridge.h) naming the interface, the setting and
// the errno text when a real interface refuses a setting, or the link cannot be taken down or up.
std::string configure_link(const CanSettings& can, const LinkIdentity& link);

// The controller's state (libsocketcan can_get_state: CAN_STATE_* of linux/can/netlink.h), or
// nothing where the interface has no controller (vcan) or the call fails.
std::optional<int> controller_state(const std::string& interface);
// "error-active", "error-warning", "error-passive", "bus-off", "stopped", "sleeping", or "?".
const char* state_name(int state);

// Interface counters (can_get_link_stats, rtnl_link_stats64); nothing when the call fails.
struct LinkStats {
  std::uint64_t rx_packets = 0, tx_packets = 0;
  std::uint64_t rx_errors = 0, tx_errors = 0;
  std::uint64_t rx_dropped = 0, tx_dropped = 0;
  std::uint64_t rx_over_errors = 0;  // frames lost to a full receive buffer
};
std::optional<LinkStats> link_stats(const std::string& interface);

// errno's symbolic name ("EOPNOTSUPP"), or its number when it has none.
std::string errno_name(int error);

}  // namespace hilsim::hil
