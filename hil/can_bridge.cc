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
#include "hil/can_bridge_internal.h"
#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "rt/clock.h"

namespace hilsim::hil {

using detail::errno_text;
using detail::link_error;
using detail::seconds;

namespace {

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
                     SensorChannels sensors, rt::IoThreadPlacement io, ReceivedFrameRing* log,
                     std::atomic<bool>* stop_request, const NamedSensorInput& named)
    : interface_(can.interface),
      can_(can),
      stop_request_(stop_request),
      decoder_(command_messages(messages), actuators, hil.out_of_range),
      encoder_(sensor_messages(messages), named.names),
      named_(named.channel),
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
  if (!e2e_)
    link_report_ +=
        "; commands unprotected ([can] e2e = \"none\"): a second sender on a command id cannot be detected";
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
      throw BridgeError(name + " is down at the start and [can] bring_up = false: bring it up (ip link set " +
                        name + " up), set bring_up = true, or set on_link_loss = \"wait\" to wait for it");
    }
    outages_.begin(0, "down at the start");
    link_.link_lost = true;  // said in the first status frame once it is up
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
  // Bound to a link that is down, the socket holds ENETDOWN for its first read: taken here, so that
  // it is not read later as the link going down.
  int pending = 0;
  socklen_t size = sizeof pending;
  getsockopt(fd, SOL_SOCKET, SO_ERROR, &pending, &size);
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
      if (link_error(e)) lose_if_down("receive", e);
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
  if (e2e_ && e2e_->two_senders()) link_.two_senders = true;  // held until a status frame has said so
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
    std::printf(
        "can: t = %.3f s: TWO SENDERS on command id 0x%X (interleaved e2e_counter sequences): commands "
        "refused, the watchdog takes kappa to its safe value, until one sequence alone has gone on for %d "
        "frames\n",
        t, static_cast<unsigned>(frame.id), can_.e2e_recover_frames);
  } else {
    std::printf(
        "can: t = %.3f s: one sender on command id 0x%X again (%d frames in sequence): commands accepted\n",
        t, static_cast<unsigned>(frame.id), can_.e2e_recover_frames);
  }
  std::fflush(stdout);
}

void CanBridge::send_sensors() {
  // Once, as the UDP bridge does: a run that takes no command says early what it receives
  // instead; this thread hands a copy of its counters over, take_early_hint() words it.
  if (!hinted_ && counters_.accepted() == 0 && run_time_ns() >= rt::seconds_to_ns(kNoCommandHintAfter)) {
    hinted_ = true;
    hint_counters_ = counters_;
    hint_ready_.store(true, std::memory_order_release);
  }
  SensorSnapshots snapshots{};
  if (!read_snapshots(actuators_, sensors_, snapshots)) return;  // an actuator has made no step yet
  std::array<Frame, kMaxFramesPerDatagram> frames{};             // the encoder holds at most this many
  const std::span<const SensorSnapshot> present(snapshots.data(), static_cast<std::size_t>(actuators_));
  if (named_) named_->read(named_values_);  // the newest, or the last read when none came since
  const std::size_t count = encoder_.encode(present, frames, link_, named_ ? &named_values_ : nullptr);
  if (outages_.lost() || fd_ < 0) {
    counters_.sends_skipped += count;  // nowhere to send them: the status frame after the return says so
    return;
  }
  link_.bus_error = false;  // reported once
  link_.link_lost = false;
  link_.two_senders = e2e_ && e2e_->two_senders();  // an episode shorter than a period was still sent
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
    if (link_error(e) && lose_if_down("send", e)) return;
  }
}

}  // namespace hilsim::hil
