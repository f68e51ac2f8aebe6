// The CAN bridge of a hardware-in-the-loop run, the SocketCAN counterpart of the UDP bridge
// (hil/udp_bridge.h): one I/O thread (never a real-time one) with a raw CAN socket (PF_CAN,
// SOCK_RAW, CAN_RAW) bound to [can] interface. The kernel lets only the command ids, the J1939 BJM1
// PGN (with a joystick configured) and error frames through (hil/can_frames.h). Each received frame
// is classified; a valid κ of actuator k goes to actuator k's latest-value channel, the one its
// hydraulics thread reads (hil/commanded_valve.h), with a per-frame sequence number (the count of
// frames received so far); everything else is counted and never changes κ. The newest sensor
// snapshots of all actuators are written as the SensorEncoder's frames at [hil] output_rate, once
// every actuator has one. It waits in ppoll(2) with a nanosecond timeout until
// the next frame or the next send, whichever comes first.
//
// Error frames (CAN_RAW_ERR_FILTER, every class) are counted by class; bus-off sets the status
// word's bus_off bit until the controller reports a restart (or error-active again), and any
// error frame sets bus_error in the next status frame. The link is configured through libsocketcan
// before the socket is opened (hil/can_link.h).
//
// Command frames pass their end-to-end check ([can] e2e, hil/e2e.h) before their κ counts; two
// senders on a command identifier are named in one line, refused until one remains, and shown in
// the status word (two_senders).
//
// The link's loss and return. The thread also listens to the kernel's link notifications
// (hil/link_monitor.h). When the interface goes down, is removed (an adapter unplugged), or a read
// or write fails for lack of it, the bridge says so in one line with the run time and the cause,
// stops sending, and the valve's watchdog holds the safe κ. When an interface of that name is up
// again, the bridge binds a new socket to it if it is a new one (filters restored; with bring_up
// its link settings applied first), says so with the outage's length, sets link_lost in the next
// status frame and carries on. With [can] on_link_loss = "stop" a loss ends the run instead (the
// run's stop request is set). Every outage and every socket is in the report.
#pragma once

#include <linux/can.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hil/bridge.h"
#include "hil/bridge_error.h"
#include "hil/can_frames.h"
#include "hil/can_link.h"
#include "hil/commanded_valve.h"
#include "hil/e2e.h"
#include "hil/hil_settings.h"
#include "hil/io_loop.h"
#include "hil/link_monitor.h"
#include "hil/link_outages.h"
#include "hil/received_frames.h"
#include "hil/sensor_publisher.h"
#include "hil/signal_map.h"
#include "rt/io_thread.h"
#include "rt/latest_value.h"

namespace hilsim::hil {

struct CanBridgeCounters {
  std::uint64_t frames = 0;                                    // received (passed the filters)
  std::array<std::uint64_t, kCanFrameKinds> kinds{};           // by CanFrameKind
  std::uint64_t clamped = 0;                                   // commands accepted with κ clamped into range
  std::array<std::uint64_t, kErrorClassBits> error_classes{};  // error frames by class bit
  std::uint64_t bus_off_events = 0;                            // error frames reporting bus-off
  std::uint64_t receive_errors = 0;  // recvmsg failures other than "nothing to read" (e.g. link down)
  std::uint64_t sent = 0;            // sensor frames written
  std::uint64_t send_errors = 0;     // writes refused (e.g. ENOBUFS: the transmit queue is full)
  std::uint64_t missed_periods = 0;  // output periods the I/O thread missed (IoLoop::missed_periods())
  std::uint64_t log_dropped = 0;     // frames the recorder's ring had no room for
  std::int64_t max_queue_us = 0;     // [µs] longest wait in the socket, kernel receive to read

  std::uint64_t sends_skipped = 0;      // sensor frames not sent because the link was lost
  std::uint64_t two_sender_onsets = 0;  // times two senders were detected
  std::array<std::uint64_t, kMaxActuators> accepted_by_actuator{};  // accepted frames carrying actuator k's κ

  std::uint64_t count(CanFrameKind k) const { return kinds[static_cast<std::size_t>(k)]; }
  // Frames whose κ the bridge handed to the valve (commands and joystick frames).
  std::uint64_t accepted() const { return count(CanFrameKind::kCommand) + count(CanFrameKind::kJoystick); }
  // Command frames refused by their end-to-end check.
  std::uint64_t refused_e2e() const;
};

// The line for a CAN run that has accepted no command (nor joystick frame) in its first `after_s`
// [s] of wall-clock time (as the UDP bridge's, udp_bridge.h): "can: no command accepted in the
// first 1 s: no frame arrived on can0 through its filters (…)", or what did arrive, by kind
// (refused by the end-to-end check, ids that are no command's, …).
std::string can_no_command_hint(const CanBridgeCounters& c, double after_s, const std::string& interface);

class CanBridge final : public Bridge {
 public:
  // Configures the link ([can] bitrate, restart_ms, bring_up), opens and binds the socket. Throws
  // BridgeError naming the interface for a missing or non-CAN interface, a refused link setting on
  // a real interface, or a kernel without SocketCAN. `messages`: the signal mapping. `joystick`:
  // BJM1 input, if configured. `commands[k]` and `sensors[k]`: actuator k's channels, set for
  // k < actuators (std::invalid_argument otherwise), null beyond. `log`: where every received frame
  // goes for the recording (may be null). The channels and the ring must outlive the bridge. `io`:
  // where and how its I/O thread runs. `stop_request`: set when the link is lost with
  // on_link_loss = "stop" (may be null). A link that is down at the start (and not brought up) is
  // refused with on_link_loss = "stop" (BridgeError), and waited for with "wait". Throws
  // BridgeError when [can] e2e = "counter-crc8" and a command message lacks e2e_crc/e2e_counter.
  CanBridge(const CanSettings& can, const HilSettings& hil, const std::vector<MessageSpec>& messages,
            int actuators, const std::optional<JoystickInput>& joystick, CommandChannels commands,
            SensorChannels sensors, rt::IoThreadPlacement io, ReceivedFrameRing* log = nullptr,
            std::atomic<bool>* stop_request = nullptr, const NamedSensorInput& named = {});
  ~CanBridge();
  CanBridge(const CanBridge&) = delete;
  CanBridge& operator=(const CanBridge&) = delete;

  const char* link_name() const override { return "can"; }
  // Starts the I/O thread and returns once it has set itself up (io_setup()).
  void start() override;
  // How the I/O thread runs, and what of `io` was not granted; valid after start().
  const rt::IoThreadSetup& io_setup() const override { return loop_.setup(); }
  void stop() override;
  // Valid after stop().
  const CanBridgeCounters& counters() const { return counters_; }
  std::uint64_t accepted_commands(int k) const override {
    return counters_.accepted_by_actuator.at(static_cast<std::size_t>(k));
  }
  const LinkOutages& outages() const { return outages_; }
  // The run was stopped because the link was lost (on_link_loss = "stop"); valid after stop().
  bool stopped_by_link_loss() const override { return stopped_by_link_loss_; }
  bool bus_off() const { return link_.bus_off; }
  // What the link set-up did and found, one line ("vcan0 (virtual: ...): ...").
  const std::string& link_report() const { return link_report_; }
  void print_report() const override;
  std::string take_early_hint() override;

 private:
  // Opens a socket bound to `ifindex` with the filters; -1 with errno set when the kernel refuses.
  int open_socket(int ifindex) const noexcept;
  void open_at_start(unsigned ifindex);
  void receive_all();
  void handle(const can_frame& raw, rt::Nanoseconds arrival_ns, std::int64_t timestamp_us);
  void note_two_senders(bool before, const Frame& frame);
  void send_sensors();
  void on_link_events();
  void on_link_state(int ifindex, bool up, bool removed);
  bool lose(const char* cause);  // false when an outage already lasts
  bool lose_if_down(const char* what, int error);
  const char* cause_now(const char* otherwise) const;
  void regain();
  rt::Nanoseconds run_time_ns() const { return rt::now_ns() - start_ns_; }
  void print_outages() const;
  void print_sockets() const;

  std::string interface_;
  CanSettings can_;
  LinkIdentity identity_;
  std::string link_report_;
  int fd_ = -1;
  int ifindex_ = 0;       // the interface fd_ is bound to
  bool rebound_ = false;  // fd_ was bound to a new interface during the outage that lasts
  std::vector<can_filter> filters_;
  LinkMonitor monitor_;
  LinkOutages outages_;
  std::atomic<bool>* stop_request_;
  bool stopped_by_link_loss_ = false;
  rt::Nanoseconds start_ns_ = 0;
  bool hinted_ = false;              // the no-command hint was raised (the I/O thread's)
  CanBridgeCounters hint_counters_;  // the counters when it was, written before hint_ready_
  std::atomic<bool> hint_ready_{false};
  CommandDecoder decoder_;
  std::optional<E2EReceiver> e2e_;
  SensorEncoder encoder_;
  rt::LatestValue<NamedSensorValues>* named_;  // the machine's named sensors (null: none sent)
  NamedSensorValues named_values_;             // their newest values
  std::optional<JoystickInput> joystick_;
  int actuators_;
  CommandChannels commands_;
  SensorChannels sensors_;
  ReceivedFrameRing* log_;
  CanBridgeCounters counters_;
  LinkStatus link_;  // bus_off: since a bus-off error frame; bus_error: since the last status frame
  IoLoop loop_;      // last: its thread stops before the members it uses go
};

}  // namespace hilsim::hil
