#include "hil/udp_bridge.h"

#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "hil/actuator_channels.h"
#include "hil/default_messages.h"
#include "hil/socket_address.h"
#include "rt/clock.h"

namespace hilsim::hil {

std::uint64_t UdpBridgeCounters::refused_total() const {
  std::uint64_t n = 0;
  for (const std::uint64_t m : refused) n += m;
  return n;
}

namespace {

sockaddr_in parse_or_throw(const std::string& key, const std::string& text, bool port_required,
                           bool& has_port, bool allow_port_zero = false) {
  const ParsedAddress a = parse_socket_address(text, port_required, allow_port_zero);
  if (!a.error.empty()) throw BridgeError("udp." + key + " = '" + text + "': " + a.error);
  has_port = a.has_port;
  return a.address;
}

}  // namespace

UdpBridge::UdpBridge(const UdpSettings& udp, const HilSettings& hil, const std::vector<MessageSpec>& messages,
                     int actuators, CommandChannels commands, SensorChannels sensors,
                     rt::IoThreadPlacement io, const NamedSensorInput& named)
    : e2e_(udp.e2e),
      decoder_(command_messages(messages), actuators, hil.out_of_range),
      encoder_(sensor_messages(messages), named.names),
      named_(named.channel),
      actuators_(actuators),
      commands_(commands),
      sensors_(sensors),
      loop_(rt::seconds_to_ns(1.0 / hil.output_rate), std::move(io)) {
  check_channels("udp bridge", actuators, commands, sensors);
  bool has_port = false;
  const sockaddr_in listen = parse_or_throw("listen", udp.listen, true, has_port, true);
  peer_ = parse_or_throw("peer", udp.peer, false, peer_port_);
  send_to_ = parse_or_throw("send_to", udp.send_to, true, has_port);
  fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0) throw BridgeError(std::string("cannot create a UDP socket: ") + std::strerror(errno));
  if (bind(fd_, reinterpret_cast<const sockaddr*>(&listen), sizeof listen) != 0) {
    const int e = errno;
    close(fd_);
    fd_ = -1;
    throw BridgeError("cannot bind udp.listen = " + udp.listen + ": " + std::strerror(e));
  }
}

UdpBridge::~UdpBridge() {
  stop();
  if (fd_ >= 0) close(fd_);
}

sockaddr_in UdpBridge::local_address() const {
  sockaddr_in a{};
  socklen_t len = sizeof a;
  getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
  return a;
}

void UdpBridge::start() {
  started_ns_ = rt::now_ns();
  loop_.start(
      "hilsim-udp", fd_, [this] { send_sensors(); }, [this] { receive_all(); });
}

void UdpBridge::stop() {
  loop_.stop();
  // The I/O thread has ended (joined): its trackers can be read.
  counters_.sequence = sequences_.counters();
  counters_.senders = sequences_.senders();
  counters_.missed_periods = loop_.missed_periods();
}

std::vector<std::string> UdpBridge::started_lines() const {
  return {"udp: listening on " + to_string(local_address()), peer_description(), e2e_description()};
}

std::string UdpBridge::peer_description() const {
  std::string address = to_string(peer_);
  if (peer_port_) return "udp: accepting commands from " + address + " only";
  address = address.substr(0, address.rfind(':'));
  return "udp: accepting commands from " + address +
         ", any port (each port a sender with its own "
         "sequence numbers; give [udp] peer as address:port to accept one)";
}

std::string UdpBridge::e2e_description() const { return std::string("udp: ") + describe(e2e_); }

void UdpBridge::receive_all() {
  std::array<std::uint8_t, kMaxDatagramSize + 1> buffer{};  // one more byte: longer ones are trailing bytes
  for (;;) {
    sockaddr_in from{};
    socklen_t from_len = sizeof from;
    const ssize_t n =
        recvfrom(fd_, buffer.data(), buffer.size(), MSG_TRUNC, reinterpret_cast<sockaddr*>(&from), &from_len);
    if (n < 0) return;  // EAGAIN: drained
    const std::size_t size = std::min(static_cast<std::size_t>(n), buffer.size());
    handle(buffer.data(), size, from);
  }
}

void UdpBridge::handle(const std::uint8_t* data, std::size_t size, const sockaddr_in& from) {
  const rt::Nanoseconds arrival = rt::now_ns();
  ++counters_.datagrams;
  if (from.sin_family != AF_INET || from.sin_addr.s_addr != peer_.sin_addr.s_addr ||
      (peer_port_ && from.sin_port != peer_.sin_port)) {
    ++counters_.wrong_peer;
    return;
  }
  DecodedDatagram d;
  const DatagramError error = decode_datagram(std::span<const std::uint8_t>(data, size), e2e_, d);
  if (error != DatagramError::kOk) {
    ++counters_.refused[static_cast<std::size_t>(error)];
    return;
  }
  if (d.version == kDatagramVersionPlain) ++counters_.unprotected;  // accepted only with e2e = "none"
  const SequenceVerdict verdict = sequences_.observe(from, d.sequence, arrival);
  if (!is_accepted(verdict)) return;  // a duplicate or an older datagram: counted, never applied
  for (std::size_t i = 0; i < d.count; ++i) {
    DecodedCommand command;
    switch (decoder_.decode(d.frames[i], command)) {
      case CommandVerdict::kApplied:
        ++counters_.commands;
        if (command.clamped) ++counters_.clamped;
        for (std::size_t k = 0; k < counters_.accepted_by_actuator.size(); ++k) {
          if (command.present[k]) ++counters_.accepted_by_actuator[k];
        }
        publish_command(command, actuators_, commands_, arrival, d.sequence);
        break;
      case CommandVerdict::kUnknownId:
        ++counters_.unknown_frames;
        break;
      case CommandVerdict::kRtr:
      case CommandVerdict::kBadLength:
        ++counters_.rejected_length;
        break;
      case CommandVerdict::kOutOfRange:
        ++counters_.rejected_range;
        break;
      case CommandVerdict::kNotFinite:
        ++counters_.rejected_not_finite;
        break;
    }
  }
}

void UdpBridge::send_sensors() {
  // Once: a run that takes no command says why early, not only in its end report; this thread
  // (which owns the counters) hands a copy over, take_early_hint() words it.
  if (!hinted_ && counters_.commands == 0 &&
      rt::now_ns() - started_ns_ >= rt::seconds_to_ns(kNoCommandHintAfter)) {
    hinted_ = true;
    hint_counters_ = counters_;
    hint_ready_.store(true, std::memory_order_release);
  }
  SensorSnapshots snapshots{};
  if (!read_snapshots(actuators_, sensors_, snapshots)) return;  // an actuator has made no step yet
  std::array<Frame, kMaxFramesPerDatagram> frames{};
  if (named_) named_->read(named_values_);  // the newest, or the last read when none came since
  const std::size_t count =
      encoder_.encode(std::span<const SensorSnapshot>(snapshots.data(), static_cast<std::size_t>(actuators_)),
                      frames, {}, named_ ? &named_values_ : nullptr);
  std::array<std::uint8_t, kMaxDatagramSize> buffer{};
  const std::size_t size =
      encode_datagram(e2e_, send_sequence_, std::span<const Frame>(frames.data(), count), buffer);
  if (size == 0) return;
  ++send_sequence_;
  if (sendto(fd_, buffer.data(), size, 0, reinterpret_cast<const sockaddr*>(&send_to_), sizeof send_to_) <
      0) {
    ++counters_.send_errors;  // e.g. ECONNREFUSED when nobody listens yet: counted, never fatal
  } else {
    ++counters_.sent;
  }
}

std::string no_command_hint(const UdpBridgeCounters& c, double after_s, const std::string& listen,
                            const std::string& peer) {
  char head[96];
  std::snprintf(head, sizeof head, "udp: no command accepted in the first %g s: ", after_s);
  if (c.datagrams == 0) {
    return head + std::string("nothing arrived on ") + listen +
           " (is the controller sending to this address and port? [udp] listen)";
  }
  const auto n = [](std::uint64_t v) { return std::to_string(v); };
  std::string why;
  const auto add = [&why](const std::string& part) { why += (why.empty() ? "" : "; ") + part; };
  if (c.wrong_peer) add(n(c.wrong_peer) + " from another address than [udp] peer " + peer);
  for (std::size_t i = 1; i < c.refused.size(); ++i) {
    if (c.refused[i]) add(n(c.refused[i]) + " refused: " + to_string(static_cast<DatagramError>(i)));
  }
  if (c.sequence.duplicates + c.sequence.reordered)
    add(n(c.sequence.duplicates + c.sequence.reordered) + " duplicate or older sequence numbers");
  if (c.unknown_frames) add(n(c.unknown_frames) + " frames with ids that are no command's");
  if (c.rejected_range + c.rejected_not_finite + c.rejected_length)
    add(n(c.rejected_range + c.rejected_not_finite + c.rejected_length) +
        " commands rejected (out of range, not finite or too short)");
  return head + n(c.datagrams) + " datagram(s) arrived on " + listen + (why.empty() ? "" : ": " + why);
}

std::string UdpBridge::take_early_hint() {
  if (!hint_ready_.exchange(false, std::memory_order_acquire)) return "";
  const std::string peer = to_string(peer_);  // "ADDR:0" when [udp] peer names no port
  return no_command_hint(hint_counters_, kNoCommandHintAfter, to_string(local_address()),
                         peer_port_ ? peer : peer.substr(0, peer.rfind(':')) + ", any port");
}

void UdpBridge::print_report() const {
  const UdpBridgeCounters& c = counters_;
  const SequenceCounters& s = c.sequence;
  std::printf(
      "udp: %llu datagrams received: %llu from another address, %llu refused, %llu duplicate, "
      "%llu reordered (dropped), %llu lost in gaps; %llu sender(s), %llu restart(s)\n",
      static_cast<unsigned long long>(c.datagrams), static_cast<unsigned long long>(c.wrong_peer),
      static_cast<unsigned long long>(c.refused_total()), static_cast<unsigned long long>(s.duplicates),
      static_cast<unsigned long long>(s.reordered), static_cast<unsigned long long>(s.lost),
      static_cast<unsigned long long>(c.senders), static_cast<unsigned long long>(s.restarts));
  for (std::size_t i = 1; i < c.refused.size(); ++i) {
    if (c.refused[i]) {
      std::printf("udp:   refused, %s: %llu\n", to_string(static_cast<DatagramError>(i)),
                  static_cast<unsigned long long>(c.refused[i]));
    }
  }
  if (e2e_ == DatagramE2e::kNone) {
    // Zero here means the controller protects its datagrams, and e2e = "crc32" would do.
    std::printf("udp:   %llu of them without a checksum (version 1), accepted with e2e = \"none\"\n",
                static_cast<unsigned long long>(c.unprotected));
  }
  std::printf(
      "udp: %llu commands accepted (%llu clamped), rejected: %llu out of range, %llu not finite, "
      "%llu too short; %llu frames with other ids; %llu sensor datagrams sent (%llu send errors, "
      "%llu output periods missed: due but sent over a period late or skipped)\n",
      static_cast<unsigned long long>(c.commands), static_cast<unsigned long long>(c.clamped),
      static_cast<unsigned long long>(c.rejected_range),
      static_cast<unsigned long long>(c.rejected_not_finite),
      static_cast<unsigned long long>(c.rejected_length), static_cast<unsigned long long>(c.unknown_frames),
      static_cast<unsigned long long>(c.sent), static_cast<unsigned long long>(c.send_errors),
      static_cast<unsigned long long>(c.missed_periods));
  for (const std::string& line : encoder_.clip_report()) std::printf("udp: sensor signal %s\n", line.c_str());
}

}  // namespace hilsim::hil
