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
                     SensorChannels sensors, rt::IoThreadPlacement io, ReceivedFrameRing* log)
    : interface_(can.interface),
      decoder_(command_messages(messages), actuators, hil.out_of_range),
      encoder_(sensor_messages(messages)),
      joystick_(joystick),
      actuators_(actuators),
      commands_(commands),
      sensors_(sensors),
      log_(log),
      loop_(rt::seconds_to_ns(1.0 / hil.output_rate), std::move(io)) {
  check_channels("can bridge", actuators, commands, sensors);
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

  fd_ = socket(PF_CAN, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, CAN_RAW);
  if (fd_ < 0) {
    const int e = errno;
    throw BridgeError(
        "cannot open a CAN socket for " + name + ": " + errno_text(e) +
        (e == EAFNOSUPPORT ? " (this kernel has no SocketCAN: load the modules can and can-raw)" : ""));
  }
  const auto fail = [&](const std::string& what) {
    const int e = errno;
    close(fd_);
    fd_ = -1;
    throw BridgeError(name + ": " + what + ": " + errno_text(e));
  };
  const std::vector<can_filter> filters = receive_filters(decoder_.ids(), joystick_ ? &*joystick_ : nullptr);
  if (setsockopt(fd_, SOL_CAN_RAW, CAN_RAW_FILTER, filters.data(),
                 static_cast<socklen_t>(filters.size() * sizeof(can_filter))) != 0) {
    fail("cannot set the receive filters (CAN_RAW_FILTER)");
  }
  const can_err_mask_t errors = kErrorClasses;
  if (setsockopt(fd_, SOL_CAN_RAW, CAN_RAW_ERR_FILTER, &errors, sizeof errors) != 0) {
    fail("cannot ask for error frames (CAN_RAW_ERR_FILTER)");
  }
  const int on = 1;
  if (setsockopt(fd_, SOL_SOCKET, SO_TIMESTAMP, &on, sizeof on) != 0) fail("cannot ask for receive times");
  sockaddr_can address{};
  address.can_family = AF_CAN;
  address.can_ifindex = static_cast<int>(index);
  if (bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
    fail("cannot bind a CAN socket");
}

CanBridge::~CanBridge() {
  stop();
  if (fd_ >= 0) close(fd_);
}

void CanBridge::start() {
  loop_.start("hilsim-can", fd_, [this] { send_sensors(); }, [this] { receive_all(); });
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
      if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        ++counters_.receive_errors;  // e.g. ENETDOWN
      return;
    }
    const rt::Nanoseconds arrival = rt::now_ns();
    // A classical CAN socket delivers whole can_frames (CAN FD frames are not enabled on it).
    if (static_cast<std::size_t>(n) != sizeof raw) {
      ++counters_.receive_errors;
      continue;
    }
    const std::int64_t received_us = timestamp_us(msg);
    counters_.max_queue_us = std::max(counters_.max_queue_us, realtime_us() - received_us);
    handle(raw, arrival, received_us);
  }
}

void CanBridge::handle(const can_frame& raw, rt::Nanoseconds arrival_ns, std::int64_t timestamp) {
  ++counters_.frames;
  const auto sequence = static_cast<std::uint32_t>(counters_.frames);
  const CanFrameVerdict v = classify_can_frame(raw, decoder_, joystick_ ? &*joystick_ : nullptr);
  if (log_ && !log_->push({timestamp, to_frame(raw), v.kind == CanFrameKind::kErrorFrame}))
    ++counters_.log_dropped;
  ++counters_.kinds[static_cast<std::size_t>(v.kind)];
  if (applies(v.kind)) {
    if (v.command.clamped) ++counters_.clamped;
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

void CanBridge::send_sensors() {
  SensorSnapshots snapshots{};
  if (!read_snapshots(actuators_, sensors_, snapshots)) return;  // an actuator has made no step yet
  std::array<Frame, kMaxFramesPerDatagram> frames{};             // the encoder holds at most this many
  const std::span<const SensorSnapshot> present(snapshots.data(), static_cast<std::size_t>(actuators_));
  const std::size_t count = encoder_.encode(present, frames, link_);
  link_.bus_error = false;  // reported once
  for (std::size_t i = 0; i < count; ++i) {
    const can_frame raw = to_can_frame(frames[i]);
    if (write(fd_, &raw, sizeof raw) == static_cast<ssize_t>(sizeof raw)) {
      ++counters_.sent;
    } else {
      ++counters_.send_errors;  // ENOBUFS (queue full), ENETDOWN: counted, never fatal
    }
  }
}

void CanBridge::print_report() const {
  const CanBridgeCounters& c = counters_;
  const auto n = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
  std::printf("can: %s\n", link_report_.c_str());
  std::printf("can: %llu frames received: %llu commands accepted (%llu clamped), %llu joystick; %llu ignored:",
              n(c.frames), n(c.count(CanFrameKind::kCommand)), n(c.clamped),
              n(c.count(CanFrameKind::kJoystick)), n(c.frames - c.applied()));
  bool any = false;
  for (std::size_t k = 0; k < kCanFrameKinds; ++k) {
    const auto kind = static_cast<CanFrameKind>(k);
    if (applies(kind)) continue;
    std::printf("%s %llu %s", any ? "," : "", n(c.kinds[k]), to_string(kind));
    any = true;
  }
  std::printf("\n");
  if (c.count(CanFrameKind::kErrorFrame) > 0) {
    std::printf("can: error frames by class:");
    for (int bit = 0; bit < kErrorClassBits; ++bit) {
      if (c.error_classes[static_cast<std::size_t>(bit)]) {
        std::printf(" %s %llu", error_class_name(bit), n(c.error_classes[static_cast<std::size_t>(bit)]));
      }
    }
    std::printf("; bus-off reported %llu time(s), %s at the end\n", n(c.bus_off_events),
                link_.bus_off ? "BUS-OFF" : "not bus-off");
  }
  std::printf(
      "can: %llu sensor frames sent (%llu send errors, %llu output periods missed), %llu receive errors; a "
      "frame waited at most %.1f us in the socket before the bridge read it",
      n(c.sent), n(c.send_errors), n(c.missed_periods), n(c.receive_errors), static_cast<double>(c.max_queue_us));
  if (log_) std::printf(", %llu frames not logged (ring full)", n(c.log_dropped));
  std::printf("\n");
  if (const std::optional<LinkStats> s = link_stats(interface_)) {
    std::printf(
        "can: %s counters: rx %llu tx %llu frames, rx errors %llu (overruns %llu), tx errors %llu, "
        "dropped rx %llu tx %llu\n",
        interface_.c_str(), n(s->rx_packets), n(s->tx_packets), n(s->rx_errors), n(s->rx_over_errors),
        n(s->tx_errors), n(s->rx_dropped), n(s->tx_dropped));
  }
  if (const std::optional<int> state = controller_state(interface_)) {
    std::printf("can: %s controller state at the end: %s\n", interface_.c_str(), state_name(*state));
  }
}

}  // namespace hilsim::hil
