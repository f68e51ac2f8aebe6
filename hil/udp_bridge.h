// The UDP bridge of a hardware-in-the-loop run: one I/O thread (never a real-time one) that
// receives command datagrams (hil/DATAGRAM.md) from the configured peer and publishes each valid κ
// of actuator k on actuator k's latest-value channel, the one its hydraulics thread reads
// (hil/commanded_valve.h), and sends the newest sensor snapshots of all actuators as one datagram at
// the configured rate, once every actuator has one. It waits in ppoll(2) with a
// nanosecond timeout until the next datagram is due, so it sleeps between events.
//
// Datagrams go out, and are accepted, in the versions [udp] e2e says (hil/DATAGRAM.md): version 2
// with its CRC-32 by default. Every datagram is accounted for: from another address (dropped),
// refused by the datagram check (by reason: malformed, a CRC that does not match, no CRC where one
// is required), duplicated or older than the newest of its sender (dropped), gaps (counted lost), a
// sender's restart (hil/sequence_tracker.h), accepted without a checksum (e2e = "none"), frames
// with unknown ids, κ out of range (clamped or rejected) or not finite (rejected). Only an accepted
// command changes κ and feeds the watchdog. While no command has been accepted, the bridge says
// once, kNoCommandHintAfter into the run, what arrived and why it was refused (no_command_hint).
#pragma once

#include <netinet/in.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hil/bridge.h"
#include "hil/bridge_error.h"
#include "hil/commanded_valve.h"
#include "hil/datagram.h"
#include "hil/hil_settings.h"
#include "hil/io_loop.h"
#include "hil/sensor_publisher.h"
#include "hil/sequence_tracker.h"
#include "hil/signal_map.h"
#include "rt/io_thread.h"
#include "rt/latest_value.h"

namespace hilsim::hil {

struct UdpBridgeCounters {
  std::uint64_t datagrams = 0;   // received, from anyone
  std::uint64_t wrong_peer = 0;  // from an address other than [udp] peer: dropped
  // Refused by decode_datagram, by DatagramError (index 0, kOk, stays 0): malformed, failing
  // their CRC, or without one where one is required.
  std::array<std::uint64_t, kDatagramErrorKinds> refused{};
  std::uint64_t unprotected = 0;  // of the peer's accepted-format datagrams, version 1 (e2e = "none")
  SequenceCounters sequence;      // of the peer's accepted-format datagrams, over all its senders
  std::uint64_t senders = 0;      // (address, port) senders seen (SenderSequences::senders())
  std::uint64_t commands = 0;     // command frames accepted (published to the valves' channels)
  std::array<std::uint64_t, kMaxActuators> accepted_by_actuator{};  // accepted frames carrying actuator k's κ
  std::uint64_t clamped = 0;                                        // of those, with a κ clamped into range
  std::uint64_t rejected_range = 0;  // command frames refused: κ out of range ("reject")
  std::uint64_t rejected_not_finite = 0;
  std::uint64_t rejected_length = 0;  // command id with too few bytes
  std::uint64_t unknown_frames = 0;   // frames whose id is not a command's
  std::uint64_t sent = 0;             // sensor datagrams sent
  std::uint64_t send_errors = 0;
  std::uint64_t missed_periods = 0;  // output periods the I/O thread missed (IoLoop::missed_periods())

  std::uint64_t refused_total() const;
};

// The line for a run that has accepted no command in its first `after_s` [s]: "udp: no command
// accepted in the first 1 s: nothing arrived on 127.0.0.1:47800 (…)", or what did arrive and why it
// was not taken (another address, refused by reason, duplicates, frames with other ids, commands out
// of range); `listen`: the bound address, `peer`: the accepted senders' ("10.0.0.2:47801").
std::string no_command_hint(const UdpBridgeCounters& c, double after_s, const std::string& listen,
                            const std::string& peer);

class UdpBridge final : public Bridge {
 public:
  // Binds [udp] listen (throws BridgeError naming the address and errno text). `messages`: the
  // signal mapping (commands and sensors). `commands[k]` and `sensors[k]`: actuator k's channels,
  // set for k < actuators (std::invalid_argument otherwise), null beyond; they must outlive the
  // bridge. `io`: where and how its I/O thread runs.
  UdpBridge(const UdpSettings& udp, const HilSettings& hil, const std::vector<MessageSpec>& messages,
            int actuators, CommandChannels commands, SensorChannels sensors, rt::IoThreadPlacement io,
            const NamedSensorInput& named = {});
  ~UdpBridge();
  UdpBridge(const UdpBridge&) = delete;
  UdpBridge& operator=(const UdpBridge&) = delete;

  const char* link_name() const override { return "udp"; }
  // Starts the I/O thread and returns once it has set itself up (io_setup()).
  void start() override;
  // How the I/O thread runs, and what of `io` was not granted; valid after start().
  const rt::IoThreadSetup& io_setup() const override { return loop_.setup(); }
  // Where it listens (with [udp] listen port 0 the kernel chose the port: the controller needs to
  // know it), whom it accepts, which datagram versions count (peer_description, e2e_description).
  std::vector<std::string> started_lines() const override;
  void stop() override;
  // Valid after stop().
  const UdpBridgeCounters& counters() const { return counters_; }
  std::uint64_t accepted_commands(int k) const override {
    return counters_.accepted_by_actuator.at(static_cast<std::size_t>(k));
  }
  void print_report() const override;
  std::string take_early_hint() override;
  // Which senders are accepted, for the start of a run: "udp: accepting commands from 127.0.0.1,
  // any port (...)" when [udp] peer names no port, else from that one address and port.
  std::string peer_description() const;
  // What the bridge sends and accepts ([udp] e2e), for the start of a run: `udp: e2e = "crc32":
  // sending datagram version 2 (CRC-32), accepting version 2 only (...)`.
  std::string e2e_description() const;
  // The address the socket is bound to (with the port the kernel chose for port 0).
  sockaddr_in local_address() const;

 private:
  void receive_all();
  void handle(const std::uint8_t* data, std::size_t size, const sockaddr_in& from);
  void send_sensors();

  int fd_ = -1;
  sockaddr_in peer_{};
  bool peer_port_ = false;  // the peer's port must match too
  sockaddr_in send_to_{};
  DatagramE2e e2e_;
  CommandDecoder decoder_;
  SensorEncoder encoder_;
  rt::LatestValue<NamedSensorValues>* named_;  // the machine's named sensors (null: none sent)
  NamedSensorValues named_values_;             // their newest values
  int actuators_;
  CommandChannels commands_;
  SensorChannels sensors_;
  SenderSequences sequences_;  // one tracker per (address, port) sender
  UdpBridgeCounters counters_;
  std::uint32_t send_sequence_ = 0;
  rt::Nanoseconds started_ns_ = 0;   // when start() was called, for the no-command hint
  bool hinted_ = false;              // the no-command hint was raised (the I/O thread's)
  UdpBridgeCounters hint_counters_;  // the counters when it was, written before hint_ready_
  std::atomic<bool> hint_ready_{false};
  IoLoop loop_;  // last: its thread stops before the members it uses go
};

}  // namespace hilsim::hil
