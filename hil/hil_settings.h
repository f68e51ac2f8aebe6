// The [hil], [udp] and [can] sections of a scenario: where the valve command comes from in a
// hardware-in-the-loop run, the watchdog, what happens to out-of-range commands, the UDP bridge's
// addresses, the CAN bridge's interface, link settings and joystick, and the output rate. Every
// key is documented in docs/scenario.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hil/datagram.h"
#include "hil/message.h"

namespace hilsim::hil {

enum class InputSource {
  kScript,  // the scenario's manoeuvre (no outside input)
  kUdp,     // command datagrams on [udp] listen
  kCan,     // command frames (and a J1939 joystick) on [can] interface
};

enum class OutOfRange {
  kClamp,   // a command outside [min, max] of its signal is clamped to the range, and counted
  kReject,  // it is dropped (κ unchanged), and counted
};

// A [[messages]] sensor signal whose range cannot hold what its cylinder reaches (hil/machine_signals.h).
enum class NarrowSignals {
  kRefuse,  // the run is refused at start, naming the signal and the values
  kWarn,    // it runs, says so at start, and counts every value clipped
};

struct HilSettings {
  InputSource input = InputSource::kScript;
  double watchdog_timeout = 0.1;     // a command older than this is stale [s], (0, 60]
  std::optional<double> safe_kappa;  // κ while stale [-], [0, 1]; unset: κ0 of the equilibrium
  OutOfRange out_of_range = OutOfRange::kClamp;
  NarrowSignals narrow_signals = NarrowSignals::kRefuse;
  double output_rate = 1000.0;  // sensor datagrams per second [Hz], [1, 100000]
  // The signal mapping ([[messages]] in a scenario); empty: the default (hil/default_messages.h).
  // Messages sent by "Hilsim" carry sensors, every other one commands.
  std::vector<MessageSpec> messages;
};

// The mapping a run uses: the configured messages, or the default for `actuators` actuators (with
// the contact force's message when `contact_force`: hil/default_messages.h).
std::vector<MessageSpec> effective_messages(const HilSettings& hil, int actuators,
                                            bool contact_force = false);

struct UdpSettings {
  std::string listen = "127.0.0.1:47800";   // local address:port receiving command datagrams
  std::string peer = "127.0.0.1";           // accepted sender: "address" or "address:port"
  std::string send_to = "127.0.0.1:47801";  // where sensor datagrams go
  DatagramE2e e2e = DatagramE2e::kCrc32;    // datagram version sent, versions accepted (hil/DATAGRAM.md)
};

enum class Joystick : std::uint8_t {
  kNone,  // κ from command frames only
  kBjm1,  // also from a J1939 joystick's Basic Joystick Message 1 (hil/j1939_joystick.h)
};
enum class JoystickAxis : std::uint8_t { kX, kY };

// The command frames' end-to-end protection (hil/e2e.h).
enum class E2EMode : std::uint8_t {
  kCounterCrc8,  // every command message carries e2e_counter and e2e_crc, checked on each frame
  kNone,         // unchecked: a second sender on the command identifier cannot be detected
};
// What the CAN bridge does when its interface goes down or away during a run.
enum class OnLinkLoss : std::uint8_t {
  kWait,  // say so, hold the watchdog's safe κ, and go on when the interface is back
  kStop,  // end the run (exit 4); a link down at start-up is refused (exit 2)
};

struct CanSettings {
  std::string interface = "can0";           // SocketCAN network interface, e.g. "can0", "vcan0"
  std::optional<std::uint32_t> bitrate;     // [bit/s] applied through libsocketcan; unset: as it is
  std::optional<std::uint32_t> restart_ms;  // [ms] automatic restart after bus-off, 0 = off; unset: as it is
  bool bring_up = false;                    // take the link down, apply the settings, bring it up
  Joystick joystick = Joystick::kNone;
  JoystickAxis joystick_axis = JoystickAxis::kX;  // moves actuator 1
  std::optional<JoystickAxis> joystick_axis_2;    // moves actuator 2 (two actuators); unset: the other axis
  double joystick_span = 0.1;                     // [-] κ change at full deflection (sign: direction)
  std::optional<std::uint8_t> joystick_source_address;  // only this J1939 sender; unset: any
  // Valve k's axis ("x", "y", "x@SA", "y@SA" with a J1939 source address, "none"), for k = 1 .. its
  // size; when set, instead of joystick_axis and joystick_axis_2 (parse_joystick_axis).
  std::vector<std::string> joystick_axes;
  E2EMode e2e = E2EMode::kCounterCrc8;
  int e2e_recover_frames = 10;  // frames of one sequence alone that end a two-senders state, [1, 1000]
  OnLinkLoss on_link_loss = OnLinkLoss::kWait;
};

// The axis that moves actuator 2: joystick_axis_2, else the axis joystick_axis does not use.
inline JoystickAxis second_joystick_axis(const CanSettings& can) {
  if (can.joystick_axis_2) return *can.joystick_axis_2;
  return can.joystick_axis == JoystickAxis::kX ? JoystickAxis::kY : JoystickAxis::kX;
}

// One entry of [can] joystick_axes: the axis and, after '@', the joystick's J1939 source address
// (0 .. 253, decimal or 0x hex); "none": the valve takes no axis.
struct JoystickAxisEntry {
  bool none = false;
  JoystickAxis axis = JoystickAxis::kX;
  std::optional<std::uint8_t> source_address;  // unset: joystick_source_address's, or any sender
};
// The entry, or an error saying what is accepted.
std::optional<JoystickAxisEntry> parse_joystick_axis(const std::string& text, std::string& error);

const char* to_string(InputSource source);  // "script", "udp", "can"
const char* to_string(Joystick joystick);   // "none", "bjm1"
const char* to_string(JoystickAxis axis);   // "x", "y"
const char* to_string(OutOfRange policy);
const char* to_string(NarrowSignals policy);  // "refuse", "warn"   // "clamp", "reject"
const char* to_string(E2EMode mode);          // "counter-crc8", "none"
const char* to_string(OnLinkLoss policy);     // "wait", "stop"

}  // namespace hilsim::hil
