// The CAN bridge's link lost and back (hil/can_bridge.h: "The link's loss and return"): the kernel's
// link notifications, the interface's state as an outage's cause, the lines said at each change.
#include <unistd.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "hil/can_bridge.h"
#include "hil/can_bridge_internal.h"

namespace hilsim::hil {

using detail::errno_text;
using detail::seconds;

void CanBridge::on_link_events() {
  std::array<LinkEvent, 32> events{};
  for (;;) {
    bool overflowed = false;
    const std::size_t n = monitor_.read(events, overflowed);
    if (overflowed) {
      // Notifications were dropped: the interface's state now decides.
      const std::optional<LinkNow> now = link_now(interface_);
      if (!now) {
        on_link_state(ifindex_, false, true);
      } else {
        on_link_state(now->ifindex, now->up, false);
      }
      continue;
    }
    if (n == 0 && monitor_.drained()) return;
    for (std::size_t i = 0; i < n; ++i) {
      const LinkEvent& e = events[i];
      // Removal is told by index (the name may already be gone); the rest by name.
      if (e.removed ? e.ifindex == ifindex_ : e.named(interface_)) on_link_state(e.ifindex, e.up, e.removed);
    }
  }
}

void CanBridge::on_link_state(int ifindex, bool up, bool removed) {
  if (removed) {
    if (ifindex != ifindex_) return;
    const bool named = !outages_.outages().empty() &&
                       std::string_view(outages_.outages().back().cause.data()) == "interface removed";
    if (!lose("interface removed") && !named) {  // taken down first, then removed: named anew
      outages_.recause("interface removed");
      std::printf("can: t = %.3f s: %s removed (the outage goes on)\n", seconds(run_time_ns()),
                  interface_.c_str());
      std::fflush(stdout);
    }
    if (fd_ >= 0) close(fd_);  // bound to an index that is gone: a new interface needs a new socket
    fd_ = -1;
    outages_.close_socket(run_time_ns());
    return;
  }
  if (ifindex != ifindex_) {
    // An interface of that name again (re-created, or an adapter plugged back): a socket for it.
    if (!outages_.lost()) lose("interface replaced");
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    outages_.close_socket(run_time_ns());
    if (can_.bring_up && !up) {
      try {
        configure_link(can_, identify_link(interface_));  // applies the settings and brings it up
      } catch (const BridgeError& e) {
        std::printf("can: t = %.3f s: %s\n", seconds(run_time_ns()), e.what());
      }
    }
    fd_ = open_socket(ifindex);
    if (fd_ < 0) {
      std::printf("can: t = %.3f s: cannot bind a socket to the new %s (%s); waiting\n",
                  seconds(run_time_ns()), interface_.c_str(), errno_text(errno).c_str());
      return;
    }
    ifindex_ = ifindex;
    rebound_ = true;
    outages_.open_socket(ifindex, run_time_ns());
    if (up) regain();
    return;
  }
  if (!up) {
    lose(cause_now("link down"));
  } else if (outages_.lost() && fd_ >= 0) {
    regain();
  }
}

// What the interface is now, as an outage's cause: gone (or another of that name), down, or else
// `otherwise` (an error on the socket while the link looks up).
const char* CanBridge::cause_now(const char* otherwise) const {
  const std::optional<LinkNow> now = link_now(interface_);
  if (!now || now->ifindex != ifindex_) return "interface removed";
  return now->up ? otherwise : "link down";
}

// An error on the socket that means the link is gone (hil/can_bridge_internal.h link_error): an outage
// when the interface is down or gone now; with it up, only counted (a passing error), and false.
bool CanBridge::lose_if_down(const char* what, int error) {
  char cause[48];
  std::snprintf(cause, sizeof cause, "%s: %s", what, errno_name(error).c_str());
  const char* now = cause_now(cause);
  if (now == cause) return false;
  lose(now);
  return true;
}

bool CanBridge::lose(const char* cause) {
  const rt::Nanoseconds t = run_time_ns();
  if (!outages_.begin(t, cause)) return false;
  link_.link_lost = true;
  const bool stop = can_.on_link_loss == OnLinkLoss::kStop;
  std::printf(
      "can: t = %.3f s: %s LOST (%s): %s\n", seconds(t), interface_.c_str(), cause,
      stop ? "stopping the run ([can] on_link_loss = \"stop\")"
           : "sensor frames paused, kappa falls to the safe value when the watchdog expires; waiting for the "
             "interface ([can] on_link_loss = \"wait\")");
  std::fflush(stdout);
  if (stop) {
    stopped_by_link_loss_ = true;
    if (stop_request_) stop_request_->store(true);
  }
  return true;
}

void CanBridge::regain() {
  const rt::Nanoseconds t = run_time_ns();
  const rt::Nanoseconds outage = outages_.end(t);
  const std::string how = rebound_ ? " (a new interface, index " + std::to_string(ifindex_) +
                                         ": socket bound to it, filters restored)"
                                   : "";
  std::printf("can: t = %.3f s: %s BACK after an outage of %.3f s%s\n", seconds(t), interface_.c_str(),
              outage >= 0 ? seconds(outage) : 0.0, how.c_str());
  rebound_ = false;
  std::fflush(stdout);
}

}  // namespace hilsim::hil
