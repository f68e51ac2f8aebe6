#include "hil/can_link.h"

#include <fcntl.h>
#include <libsocketcan.h>
#include <linux/if_link.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "hil/bridge_error.h"

namespace hilsim::hil {

namespace {

constexpr int kArphrdCan = 280;  // linux/if_arp.h ARPHRD_CAN

// libsocketcan reports its own failures with perror() and fprintf(stderr); hilsim reports each
// failure itself, once and with the setting it concerns, so stderr is pointed at /dev/null for the
// duration of a call. Only at configuration time and at the end of a run, when no other thread of
// the process writes to stderr.
class QuietStderr final {
 public:
  QuietStderr() {
    std::fflush(stderr);
    saved_ = dup(STDERR_FILENO);
    const int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved_ >= 0 && null >= 0) dup2(null, STDERR_FILENO);
    if (null >= 0) close(null);
  }
  ~QuietStderr() {
    std::fflush(stderr);
    if (saved_ >= 0) {
      dup2(saved_, STDERR_FILENO);
      close(saved_);
    }
  }
  QuietStderr(const QuietStderr&) = delete;
  QuietStderr& operator=(const QuietStderr&) = delete;

 private:
  int saved_ = -1;
};

// Calls a libsocketcan function quietly; returns 0, or the errno it left (EIO when it failed
// without one, as its getters do when the interface has no CAN data).
template <typename Call>
int quietly(Call call) {
  const QuietStderr quiet;
  errno = 0;
  if (call() == 0) return 0;
  return errno != 0 ? errno : EIO;
}

std::string describe_error(int e) { return errno_name(e) + ": " + std::strerror(e); }

}  // namespace

std::string errno_name(int error) {
  if (const char* name = strerrorname_np(error)) return name;
  return "errno " + std::to_string(error);
}

LinkIdentity identify_link(const std::string& interface, const std::string& sysfs_net) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(sysfs_net) / interface;
  LinkIdentity id;
  std::ifstream type(dir / "type");
  if (!(type >> id.type)) {
    id.type = -1;
    id.kind = LinkKind::kMissing;
    return id;
  }
  if (id.type != kArphrdCan) {
    id.kind = LinkKind::kNotCan;
    return id;
  }
  std::error_code ec;
  id.kind = fs::exists(dir / "device", ec) ? LinkKind::kHardware : LinkKind::kVirtual;
  return id;
}

std::string configure_link(const CanSettings& can, const LinkIdentity& link) {
  const std::string& name = can.interface;
  const char* n = name.c_str();
  const bool virtual_link = link.kind == LinkKind::kVirtual;
  std::vector<std::string> done, refused;
  // A real interface that refuses a setting is an error; a virtual one has no bit timing and no
  // restart delay to set, whatever errno the kernel chooses to say so with (Linux 6.1 answers
  // EOPNOTSUPP, or EINVAL for a bitrate set while it is down), which is said once for all and is
  // no reason to stop.
  const auto apply = [&](const std::string& what, int error) {
    if (error == 0) {
      done.push_back(what);
    } else if (virtual_link) {
      refused.push_back(what.substr(0, what.find(' ')) + " not applied (" + errno_name(error) + ")");
    } else {
      throw BridgeError(name + ": cannot set can." + what + ": " + describe_error(error) +
                        (error == EPERM ? " (needs CAP_NET_ADMIN: run as root)" : "") +
                        (error == EBUSY ? " (the link is up: set can.bring_up = true)" : ""));
    }
  };
  if (can.bring_up) {
    if (const int e = quietly([&] { return can_do_stop(n); })) {
      throw BridgeError(name + ": cannot take the link down (can.bring_up): " + describe_error(e));
    }
  }
  try {
    if (can.bitrate) {
      apply("bitrate = " + std::to_string(*can.bitrate),
            quietly([&] { return can_set_bitrate(n, *can.bitrate); }));
    }
    if (can.restart_ms) {
      apply("restart_ms = " + std::to_string(*can.restart_ms),
            quietly([&] { return can_set_restart_ms(n, *can.restart_ms); }));
    }
  } catch (const BridgeError&) {
    if (can.bring_up) quietly([&] { return can_do_start(n); });  // leave the link up as it was found
    throw;
  }
  if (can.bring_up) {
    if (const int e = quietly([&] { return can_do_start(n); })) {
      throw BridgeError(name + ": cannot bring the link up (can.bring_up): " + describe_error(e));
    }
    done.push_back("link taken down and brought up");
  }
  std::string line;
  const auto join = [](const std::vector<std::string>& parts) {
    std::string s;
    for (const std::string& p : parts) s += (s.empty() ? "" : ", ") + p;
    return s;
  };
  if (!done.empty()) line = join(done);
  if (!refused.empty())
    line += (line.empty() ? "" : "; ") + std::string("vcan has no bit timing: ") + join(refused);
  return line;
}

std::optional<int> controller_state(const std::string& interface) {
  int state = -1;
  if (quietly([&] { return can_get_state(interface.c_str(), &state); }) != 0) return std::nullopt;
  return state;
}

const char* state_name(int state) {
  switch (state) {
    case CAN_STATE_ERROR_ACTIVE:
      return "error-active";
    case CAN_STATE_ERROR_WARNING:
      return "error-warning";
    case CAN_STATE_ERROR_PASSIVE:
      return "error-passive";
    case CAN_STATE_BUS_OFF:
      return "bus-off";
    case CAN_STATE_STOPPED:
      return "stopped";
    case CAN_STATE_SLEEPING:
      return "sleeping";
    default:
      return "?";
  }
}

std::optional<LinkStats> link_stats(const std::string& interface) {
  rtnl_link_stats64 s{};
  if (quietly([&] { return can_get_link_stats(interface.c_str(), &s); }) != 0) return std::nullopt;
  LinkStats out;
  out.rx_packets = s.rx_packets;
  out.tx_packets = s.tx_packets;
  out.rx_errors = s.rx_errors;
  out.tx_errors = s.tx_errors;
  out.rx_dropped = s.rx_dropped;
  out.tx_dropped = s.tx_dropped;
  out.rx_over_errors = s.rx_over_errors;
  return out;
}

}  // namespace hilsim::hil
