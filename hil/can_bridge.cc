#include "hil/can_bridge.h"

#include <linux/can/raw.h>
#include <net/if.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <string_view>

#include "hil/actuator_channels.h"
#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "rt/clock.h"

namespace hilsim::hil {

namespace {

std::string errno_text(int e) { return errno_name(e) + ": " + std::strerror(e); }

// CLOCK_REALTIME [µs], the clock of SO_TIMESTAMP.
std::int64_t realtime_us() { return rt::realtime_ns() / 1000; }

// The kernel's receive time of a frame (SO_TIMESTAMP, as candump prints it), else the clock now.
std::int64_t timestamp_us(msghdr& msg) {
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMP) {
      timeval tv{};
      std::memcpy(&tv, CMSG_DATA(c), sizeof tv);
      return static_cast<std::int64_t>(tv.tv_sec) * 1'000'000 + tv.tv_usec;
    }
  }
  return realtime_us();
}

// errno values that mean the interface is down or gone, not a passing problem of one frame.
bool link_error(int e) { return e == ENETDOWN || e == ENODEV || e == ENXIO || e == ENETUNREACH; }

// "receive: ENETDOWN", for an outage's cause.
void cause_of(const char* what, int e, char* out, std::size_t size) {
  std::snprintf(out, size, "%s: %s", what, errno_name(e).c_str());
}

double seconds(rt::Nanoseconds ns) { return static_cast<double>(ns) / 1e9; }

std::string describe(const LinkIdentity& id, const std::string& name) {
  switch (id.kind) {
    case LinkKind::kVirtual:
      return name + " (virtual CAN: no /sys/class/net/" + name + "/device)";
    case LinkKind::kHardware:
      return name + " (CAN controller)";
    default:
      return name;
  }
}

}  // namespace

CanBridge::CanBridge(const CanSettings& can, const HilSettings& hil, const std::vector<MessageSpec>& messages,
                     int actuators, const std::optional<JoystickInput>& joystick, CommandChannels commands,
                     SensorChannels sensors, rt::IoThreadPlacement io, ReceivedFrameRing* log,
                     std::atomic<bool>* stop_request)
    : interface_(can.interface),
      can_(can),
      stop_request_(stop_request),
      decoder_(command_messages(messages), actuators, hil.out_of_range),
      encoder_(sensor_messages(messages)),
      joystick_(joystick),
      actuators_(actuators),
      commands_(commands),
      sensors_(sensors),
      log_(log),
      loop_(rt::seconds_to_ns(1.0 / hil.output_rate), std::move(io)) {
  check_channels("can bridge", actuators, commands, sensors);
  if (can.e2e == E2EMode::kCounterCrc8) {
    try {
      e2e_.emplace(required_e2e_layouts(command_messages(messages)), can.e2e_recover_frames);
    } catch (const std::invalid_argument& e) {
      throw BridgeError(e.what());
    }
  }
  const std::string& name = can.interface;
  const unsigned index = if_nametoindex(name.c_str());
  if (index == 0) {
    throw BridgeError("can.interface = '" + name + "': no such network interface (" + errno_text(errno) +
                      ")");
  }
  identity_ = identify_link(name);
  if (identity_.kind == LinkKind::kNotCan) {
    throw BridgeError("can.interface = '" + name + "' is not a CAN interface (/sys/class/net/" + name +
                      "/type = " + std::to_string(identity_.type) + ", CAN is 280)");
  }
  if (identity_.kind == LinkKind::kMissing)
    identity_.kind = LinkKind::kHardware;  // no sysfs: the strict rule

  link_report_ = describe(identity_, name);
  const std::string configured = configure_link(can, identity_);
  if (!configured.empty()) link_report_ += ": " + configured;
  if (const std::optional<int> state = controller_state(name)) {
    link_report_ += std::string("; controller state ") + state_name(*state);
  } else {
    link_report_ += identity_.kind == LinkKind::kVirtual
                        ? "; no controller state (can_get_state: no CAN data)"
                        : "; controller state unknown (can_get_state failed)";
  }
  open_at_start(index);
  if (!e2e_) link_report_ += "; commands unprotected ([can] e2e = \"none\"): a second sender on a command id cannot be detected";
}

void CanBridge::open_at_start(unsigned index) {
  const std::string& name = can_.interface;
  filters_ = receive_filters(decoder_.ids(), joystick_ ? &*joystick_ : nullptr);
  fd_ = open_socket(static_cast<int>(index));
  if (fd_ < 0) {
    const int e = errno;
    throw BridgeError(
        "cannot open a CAN socket for " + name + ": " + errno_text(e) +
        (e == EAFNOSUPPORT ? " (this kernel has no SocketCAN: load the modules can and can-raw)" : ""));
  }
  ifindex_ = static_cast<int>(index);
  outages_.open_socket(ifindex_, 0);
  // A link that is down: refused, or waited for (an outage from the start).
  const std::optional<LinkNow> now = link_now(name);
  if (now && !now->up) {
    if (can_.on_link_loss == OnLinkLoss::kStop) {
      close(fd_);
      fd_ = -1;
      throw BridgeError(name + " is down at the start and [can] bring_up = false: bring it up (ip link set " + name +
                        " up), set bring_up = true, or set on_link_loss = \"wait\" to wait for it");
    }
    outages_.begin(0, "down at the start");
    link_report_ += "; the link is DOWN: waiting for it to come up ([can] on_link_loss = \"wait\")";
  }
}

int CanBridge::open_socket(int ifindex) const noexcept {
  const int fd = socket(PF_CAN, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, CAN_RAW);
  if (fd < 0) return -1;
  const can_err_mask_t errors = kErrorClasses;
  const int on = 1;
  sockaddr_can address{};
  address.can_family = AF_CAN;
  address.can_ifindex = ifindex;
  if (setsockopt(fd, SOL_CAN_RAW, CAN_RAW_FILTER, filters_.data(),
                 static_cast<socklen_t>(filters_.size() * sizeof(can_filter))) != 0 ||
      setsockopt(fd, SOL_CAN_RAW, CAN_RAW_ERR_FILTER, &errors, sizeof errors) != 0 ||
      setsockopt(fd, SOL_SOCKET, SO_TIMESTAMP, &on, sizeof on) != 0 ||
      bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    const int e = errno;
    close(fd);
    errno = e;
    return -1;
  }
  return fd;
}

CanBridge::~CanBridge() {
  stop();
  if (fd_ >= 0) close(fd_);
}

void CanBridge::start() {
  start_ns_ = rt::now_ns();
  // The link's notifications first: when the link goes, the kernel announces it and fails the
  // socket's reads at once, and the announcement says why.
  loop_.start("hilsim-can", [this] { send_sensors(); },
              {IoLoop::Source{[this] { return monitor_.fd(); }, [this] { on_link_events(); }},
               IoLoop::Source{[this] { return fd_; }, [this] { receive_all(); }}});
}

void CanBridge::stop() {
  loop_.stop();
  counters_.missed_periods = loop_.missed_periods();  // the thread has ended
}

void CanBridge::receive_all() {
  for (;;) {
    can_frame raw{};
    iovec iov{&raw, sizeof raw};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timeval))];
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    const ssize_t n = recvmsg(fd_, &msg, 0);
    if (n < 0) {
      const int e = errno;
      if (e == EAGAIN || e == EWOULDBLOCK || e == EINTR) return;
      ++counters_.receive_errors;
      ++outages_.socket().receive_errors;
      if (link_error(e)) {
        char cause[48];
        cause_of("receive", e, cause, sizeof cause);
        lose(cause_now(cause));
      }
      return;
    }
    const rt::Nanoseconds arrival = rt::now_ns();
    // A classical CAN socket delivers whole can_frames (CAN FD frames are not enabled on it).
    if (static_cast<std::size_t>(n) != sizeof raw) {
      ++counters_.receive_errors;
      ++outages_.socket().receive_errors;
      continue;
    }
    const std::int64_t received_us = timestamp_us(msg);
    counters_.max_queue_us = std::max(counters_.max_queue_us, realtime_us() - received_us);
    handle(raw, arrival, received_us);
  }
}

void CanBridge::handle(const can_frame& raw, rt::Nanoseconds arrival_ns, std::int64_t timestamp) {
  ++counters_.frames;
  ++outages_.socket().frames;
  outages_.frame_received(run_time_ns());
  const auto sequence = static_cast<std::uint32_t>(counters_.frames);
  const bool two_before = e2e_ && e2e_->two_senders();
  const CanFrameVerdict v =
      classify_can_frame(raw, decoder_, joystick_ ? &*joystick_ : nullptr, e2e_ ? &*e2e_ : nullptr);
  if (log_ && !log_->push({timestamp, to_frame(raw), v.kind == CanFrameKind::kErrorFrame}))
    ++counters_.log_dropped;
  ++counters_.kinds[static_cast<std::size_t>(v.kind)];
  if (e2e_ && e2e_->two_senders() != two_before) note_two_senders(two_before, to_frame(raw));
  if (applies(v.kind)) {
    if (v.command.clamped) ++counters_.clamped;
    outages_.command_accepted(run_time_ns());
    for (std::size_t k = 0; k < counters_.accepted_by_actuator.size(); ++k) {
      if (v.command.present[k]) ++counters_.accepted_by_actuator[k];
    }
    publish_command(v.command, actuators_, commands_, arrival_ns, sequence);
    return;
  }
  if (v.kind != CanFrameKind::kErrorFrame) return;
  for (int bit = 0; bit < kErrorClassBits; ++bit) {
    if (v.error.classes & (1u << bit)) ++counters_.error_classes[static_cast<std::size_t>(bit)];
  }
  link_.bus_error = true;
  if (v.error.bus_off()) {
    ++counters_.bus_off_events;
    link_.bus_off = true;
  } else if (v.error.restarted() || v.error.back_to_active()) {
    link_.bus_off = false;
  }
}

// One line when two senders are detected on a command identifier, and one when one remains.
void CanBridge::note_two_senders(bool before, const Frame& frame) {
  const double t = seconds(run_time_ns());
  if (!before) {
    ++counters_.two_sender_onsets;
    std::printf("can: t = %.3f s: TWO SENDERS on command id 0x%X (interleaved e2e_counter sequences): commands "
                "refused, the watchdog takes kappa to its safe value, until one sequence alone has gone on for %d "
                "frames\n",
                t, static_cast<unsigned>(frame.id), can_.e2e_recover_frames);
  } else {
    std::printf("can: t = %.3f s: one sender on command id 0x%X again (%d frames in sequence): commands accepted\n", t,
                static_cast<unsigned>(frame.id), can_.e2e_recover_frames);
  }
  std::fflush(stdout);
}

void CanBridge::send_sensors() {
  link_.two_senders = e2e_ && e2e_->two_senders();
  SensorSnapshots snapshots{};
  if (!read_snapshots(actuators_, sensors_, snapshots)) return;  // an actuator has made no step yet
  std::array<Frame, kMaxFramesPerDatagram> frames{};             // the encoder holds at most this many
  const std::span<const SensorSnapshot> present(snapshots.data(), static_cast<std::size_t>(actuators_));
  const std::size_t count = encoder_.encode(present, frames, link_);
  if (outages_.lost() || fd_ < 0) {
    counters_.sends_skipped += count;  // nowhere to send them: the status frame after the return says so
    return;
  }
  link_.bus_error = false;  // reported once
  link_.link_lost = false;
  for (std::size_t i = 0; i < count; ++i) {
    const can_frame raw = to_can_frame(frames[i]);
    if (write(fd_, &raw, sizeof raw) == static_cast<ssize_t>(sizeof raw)) {
      ++counters_.sent;
      ++outages_.socket().sent;
      continue;
    }
    const int e = errno;
    ++counters_.send_errors;  // ENOBUFS (queue full): counted, never fatal
    ++outages_.socket().send_errors;
    if (link_error(e)) {
      char cause[48];
      cause_of("send", e, cause, sizeof cause);
      lose(cause_now(cause));
      return;
    }
  }
}

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
      std::printf("can: t = %.3f s: %s removed (the outage goes on)\n", seconds(run_time_ns()), interface_.c_str());
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
      std::printf("can: t = %.3f s: cannot bind a socket to the new %s (%s); waiting\n", seconds(run_time_ns()),
                  interface_.c_str(), errno_text(errno).c_str());
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

bool CanBridge::lose(const char* cause) {
  const rt::Nanoseconds t = run_time_ns();
  if (!outages_.begin(t, cause)) return false;
  link_.link_lost = true;
  const bool stop = can_.on_link_loss == OnLinkLoss::kStop;
  std::printf("can: t = %.3f s: %s LOST (%s): %s\n", seconds(t), interface_.c_str(), cause,
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
  const std::string how =
      rebound_ ? " (a new interface, index " + std::to_string(ifindex_) + ": socket bound to it, filters restored)" : "";
  std::printf("can: t = %.3f s: %s BACK after an outage of %.3f s%s\n", seconds(t), interface_.c_str(),
              outage >= 0 ? seconds(outage) : 0.0, how.c_str());
  rebound_ = false;
  std::fflush(stdout);
}

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

void CanBridge::print_report() const {
  const CanBridgeCounters& c = counters_;
  std::printf("can: %s\n", link_report_.c_str());
  std::printf("can: %llu frames received: %llu commands accepted (%llu clamped), %llu joystick", ull(c.frames),
              ull(c.count(CanFrameKind::kCommand)), ull(c.clamped), ull(c.count(CanFrameKind::kJoystick)));
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
      "can: %llu sensor frames sent (%llu send errors, %llu output periods missed, %llu not sent while the link "
      "was lost), %llu receive errors; a frame waited at most %.1f us in the socket before the bridge read it",
      ull(c.sent), ull(c.send_errors), ull(c.missed_periods), ull(c.sends_skipped), ull(c.receive_errors),
      static_cast<double>(c.max_queue_us));
  if (log_) std::printf(", %llu frames not logged (ring full)", ull(c.log_dropped));
  std::printf("\n");
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
  if (list.size() < outages_.outages_total()) std::printf("; %llu more not listed", ull(outages_.outages_total() - list.size()));
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
    std::printf("can: %s's interface counters not shown: the interface of that name is not the one the bridge was "
                "bound to\n", interface_.c_str());
    return;
  }
  if (const std::optional<LinkStats> s = link_stats(interface_)) {
    std::printf(
        "can: %s counters (index %d%s): rx %llu tx %llu frames, rx errors %llu (overruns %llu), tx errors %llu, "
        "dropped rx %llu tx %llu\n",
        interface_.c_str(), ifindex_, sockets.size() > 1 ? ", since it was created" : "", ull(s->rx_packets),
        ull(s->tx_packets), ull(s->rx_errors), ull(s->rx_over_errors), ull(s->tx_errors), ull(s->rx_dropped),
        ull(s->tx_dropped));
  }
}

}  // namespace hilsim::hil
