#include "tools/system/can_input_checks.h"

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

namespace hilsim::tools {

namespace {

constexpr long kArphrdCan = 280;       // linux/if_arp.h: a CAN interface's /sys/class/net/NAME/type
constexpr unsigned long kIffUp = 0x1;  // linux/if.h: IFF_UP in /sys/class/net/NAME/flags
constexpr int kCapNetAdmin = 12;       // linux/capability.h: CAP_NET_ADMIN's bit in CapEff

std::optional<unsigned long long> number(const std::optional<std::string>& text, int base) {
  if (!text || text->empty()) return std::nullopt;
  try {
    std::size_t used = 0;
    const unsigned long long v = std::stoull(*text, &used, base);
    if (used != text->size()) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// CAP_NET_ADMIN among this process's effective capabilities (what libsocketcan's netlink needs).
bool may_administer_links(const SystemFiles& files) {
  std::istringstream status(files.read("/proc/self/status").value_or(""));
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("CapEff:", 0) != 0) continue;
    const std::size_t start = line.find_first_not_of(" \t", 7);
    const auto caps = number(start == std::string::npos ? "" : line.substr(start), 16);
    return caps && ((*caps >> kCapNetAdmin) & 1U);
  }
  return false;
}

}  // namespace

std::vector<Finding> can_input_findings(const hil::CanSettings& can, const SystemFiles& files) {
  using Level = Finding::Level;
  const std::string name = "can.interface '" + can.interface + "'";
  const std::string dir = "/sys/class/net/" + can.interface;
  const auto type = number(files.first_line(dir + "/type"), 10);
  if (!type) {
    return {
        {Level::kFail, name + ": no such network interface: a CAN run on it is refused",
         "name the interface of the CAN adapter in [can] interface (ip -brief link lists them); for a test "
         "without hardware a virtual one serves",
         "ip link add dev " + can.interface + " type vcan && ip link set " + can.interface + " up"}};
  }
  if (static_cast<long>(*type) != kArphrdCan) {
    return {{Level::kFail, name + ": not a CAN interface (link type " + std::to_string(*type) + ")",
             "name a SocketCAN interface (link type 280: can0, vcan0) in [can] interface"}};
  }
  const auto flags = number(files.first_line(dir + "/flags"), 16);
  const bool up = flags && (*flags & kIffUp);
  if (up) return {{Level::kOk, name + ": a CAN interface, up"}};
  if (!can.bring_up) {
    return {
        {Level::kFail, name + ": a CAN interface, but it is down: a CAN run on it is refused or waits",
         "bring it up (with its bitrate), or let hilsim do it: [can] bring_up = true (needs CAP_NET_ADMIN)",
         "ip link set " + can.interface + " up type can bitrate 500000   # vcan: ip link set " +
             can.interface + " up"}};
  }
  if (!may_administer_links(files)) {
    return {{Level::kFail,
             name + ": down, and [can] bring_up = true needs CAP_NET_ADMIN, which this process lacks",
             "run as root, give the service CAP_NET_ADMIN (AmbientCapabilities=CAP_NET_ADMIN), or bring the "
             "link up beforehand and set bring_up = false"}};
  }
  return {{Level::kOk,
           name + ": a CAN interface, down; [can] bring_up = true brings it up (CAP_NET_ADMIN held)"}};
}

}  // namespace hilsim::tools
