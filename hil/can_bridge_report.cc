// The CAN bridge's report at the end of a run: the frames by what became of them, the error frames,
// the sends, every link outage, each socket, and the kernel's counters of the interface in use.
#include <cstdio>

#include "hil/can_bridge.h"
#include "hil/can_bridge_internal.h"

namespace hilsim::hil {

using detail::seconds;

std::uint64_t CanBridgeCounters::refused_e2e() const {
  std::uint64_t n = 0;
  for (std::size_t k = 0; k < kCanFrameKinds; ++k) {
    if (is_e2e_refusal(static_cast<CanFrameKind>(k))) n += kinds[k];
  }
  return n;
}

namespace {

unsigned long long ull(std::uint64_t v) { return static_cast<unsigned long long>(v); }

// " 2 wrong CRC, 1 counter jump" for the kinds `select` picks (every one, even at 0).
void print_kinds(const CanBridgeCounters& c, bool (*select)(CanFrameKind)) {
  bool any = false;
  for (std::size_t k = 0; k < kCanFrameKinds; ++k) {
    const auto kind = static_cast<CanFrameKind>(k);
    if (!select(kind)) continue;
    std::printf("%s %llu %s", any ? "," : "", ull(c.kinds[k]), to_string(kind));
    any = true;
  }
}

bool ignored_kind(CanFrameKind kind) { return !applies(kind) && !is_e2e_refusal(kind); }

}  // namespace

std::string can_no_command_hint(const CanBridgeCounters& c, double after_s, const std::string& interface) {
  char head[96];
  std::snprintf(head, sizeof head, "can: no command accepted in the first %g s: ", after_s);
  if (c.frames == 0) {
    return head + std::string("no frame arrived on ") + interface +
           " through its filters (is the controller on this bus, at its bit rate, sending the command "
           "ids of the mapping, hilsim dbc?)";
  }
  std::string kinds;
  for (std::size_t k = 0; k < kCanFrameKinds; ++k) {
    if (c.kinds[k] == 0) continue;
    kinds += (kinds.empty() ? "" : ", ") + std::to_string(c.kinds[k]) + " " +
             to_string(static_cast<CanFrameKind>(k));
  }
  return head + std::to_string(c.frames) + " frame(s) arrived on " + interface + ": " + kinds;
}

std::string CanBridge::take_early_hint() {
  if (!hint_ready_.exchange(false, std::memory_order_acquire)) return "";
  return can_no_command_hint(hint_counters_, kNoCommandHintAfter, interface_);
}

void CanBridge::print_report() const {
  const CanBridgeCounters& c = counters_;
  std::printf("can: %s\n", link_report_.c_str());
  std::printf("can: %llu frames received: %llu commands accepted (%llu clamped), %llu joystick",
              ull(c.frames), ull(c.count(CanFrameKind::kCommand)), ull(c.clamped),
              ull(c.count(CanFrameKind::kJoystick)));
  if (e2e_) {
    std::printf("; %llu refused by the end-to-end check:", ull(c.refused_e2e()));
    print_kinds(c, is_e2e_refusal);
  }
  std::printf("; %llu ignored:", ull(c.frames - c.accepted() - c.refused_e2e()));
  print_kinds(c, ignored_kind);
  std::printf("\n");
  if (c.two_sender_onsets > 0) {
    std::printf("can: two senders detected %llu time(s)%s\n", ull(c.two_sender_onsets),
                link_.two_senders ? ", STILL at the end" : ", each ended by one sender alone");
  }
  if (c.count(CanFrameKind::kErrorFrame) > 0) {
    std::printf("can: error frames by class:");
    for (int bit = 0; bit < kErrorClassBits; ++bit) {
      if (c.error_classes[static_cast<std::size_t>(bit)]) {
        std::printf(" %s %llu", error_class_name(bit), ull(c.error_classes[static_cast<std::size_t>(bit)]));
      }
    }
    std::printf("; bus-off reported %llu time(s), %s at the end\n", ull(c.bus_off_events),
                link_.bus_off ? "BUS-OFF" : "not bus-off");
  }
  std::printf(
      "can: %llu sensor frames sent (%llu send errors, %llu output periods missed, %llu not sent while the "
      "link "
      "was lost), %llu receive errors; a frame waited at most %.1f us in the socket before the bridge read "
      "it",
      ull(c.sent), ull(c.send_errors), ull(c.missed_periods), ull(c.sends_skipped), ull(c.receive_errors),
      static_cast<double>(c.max_queue_us));
  if (log_) std::printf(", %llu frames not logged (ring full)", ull(c.log_dropped));
  std::printf("\n");
  for (const std::string& line : encoder_.clip_report()) std::printf("can: sensor signal %s\n", line.c_str());
  print_outages();
  print_sockets();
  if (const std::optional<int> state = controller_state(interface_)) {
    std::printf("can: %s controller state at the end: %s\n", interface_.c_str(), state_name(*state));
  }
}

void CanBridge::print_outages() const {
  const std::vector<LinkOutage>& list = outages_.outages();
  if (outages_.outages_total() == 0) {
    std::printf("can: link outages: none\n");
    return;
  }
  std::printf("can: %llu link outage(s):", ull(outages_.outages_total()));
  for (std::size_t i = 0; i < list.size(); ++i) {
    const LinkOutage& o = list[i];
    std::printf("%s at %.3f s ", i ? ";" : "", seconds(o.start_ns));
    if (o.end_ns >= 0) {
      std::printf("for %.3f s", seconds(o.end_ns - o.start_ns));
    } else {
      std::printf("to the end");
    }
    std::printf(" (%s", o.cause.data());
    if (o.end_ns >= 0 && o.first_command_ns >= 0) {
      std::printf("; first frame received %.3f s, first command accepted %.3f s after the return",
                  seconds(o.first_frame_ns - o.end_ns), seconds(o.first_command_ns - o.end_ns));
    } else if (o.end_ns >= 0) {
      std::printf("; no command after the return");
    }
    std::printf(")");
  }
  if (list.size() < outages_.outages_total())
    std::printf("; %llu more not listed", ull(outages_.outages_total() - list.size()));
  std::printf("\n");
}

// Each socket's traffic when there were several, and the kernel's counters of the interface the last
// one was bound to, only while an interface of that name is still that one.
void CanBridge::print_sockets() const {
  const std::vector<SocketRecord>& sockets = outages_.sockets();
  if (sockets.size() > 1) {
    for (std::size_t i = 0; i < sockets.size(); ++i) {
      const SocketRecord& r = sockets[i];
      std::printf("can: socket %zu on %s (index %d) from %.3f s to ", i + 1, interface_.c_str(), r.ifindex,
                  seconds(r.opened_ns));
      if (r.closed_ns >= 0) {
        std::printf("%.3f s", seconds(r.closed_ns));
      } else {
        std::printf("the end");
      }
      std::printf(": %llu frames received, %llu sent, %llu send errors, %llu receive errors\n", ull(r.frames),
                  ull(r.sent), ull(r.send_errors), ull(r.receive_errors));
    }
  }
  const std::optional<LinkNow> now = link_now(interface_);
  if (!now || now->ifindex != ifindex_ || fd_ < 0) {
    std::printf(
        "can: %s's interface counters not shown: the interface of that name is not the one the bridge was "
        "bound to\n",
        interface_.c_str());
    return;
  }
  if (const std::optional<LinkStats> s = link_stats(interface_)) {
    std::printf(
        "can: %s counters (index %d%s): rx %llu tx %llu frames, rx errors %llu (overruns %llu), tx errors "
        "%llu, "
        "dropped rx %llu tx %llu\n",
        interface_.c_str(), ifindex_, sockets.size() > 1 ? ", since it was created" : "", ull(s->rx_packets),
        ull(s->tx_packets), ull(s->rx_errors), ull(s->rx_over_errors), ull(s->tx_errors), ull(s->rx_dropped),
        ull(s->tx_dropped));
  }
}

}  // namespace hilsim::hil
