// The link between frames and the simulation, compiled once from the message definitions: which
// signal of which command frame is κ of which actuator, and which sensor quantity each output
// signal carries. Shared by the UDP and the CAN bridges. decode() and encode() allocate nothing and
// never throw: they run in the I/O threads, on untrusted frames.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hil/frame.h"
#include "hil/hil_settings.h"
#include "hil/message.h"
#include "hil/sensor_publisher.h"
#include "rt/latest_value.h"

namespace hilsim::hil {

// What a received frame did.
enum class CommandVerdict {
  kApplied,     // a command: κ of every actuator it carries is in `kappa` (clamped if flagged)
  kUnknownId,   // not a command frame: ignored
  kRtr,         // a remote request for a command id: ignored
  kBadLength,   // a command id with fewer bytes than its message: ignored
  kOutOfRange,  // a κ outside its signal's [min, max] with out_of_range = "reject": ignored
  kNotFinite,   // a κ that decodes to NaN or ±inf: ignored
};
const char* to_string(CommandVerdict v);

struct DecodedCommand {
  std::array<double, kMaxActuators> kappa{};  // the valve command, κ or u [-]
  std::array<bool, kMaxActuators> present{};  // the frame carries the command of this actuator
  bool clamped = false;                       // a value was out of range and clamped
};

// What a command signal's name says: `kappa_<k>` commands the benchmark's open-centre valve of
// actuator k (κ ∈ [0, 1]), `u_<k>` a closed-centre proportional valve (u ∈ [−1, 1], 0 = neutral);
// k = 1 .. kMaxActuators.
struct CommandRange {
  double min = 0.0;  // [-]
  double max = 1.0;  // [-]
};
struct CommandSignalName {
  int actuator = 0;  // 0-based
  CommandRange range;
  bool closed_centre = false;  // u_<k>
};
std::optional<CommandSignalName> parse_command_signal(const std::string& name);

// Empty when every command signal (kappa_k, u_k) of `commands` has its physical range [min, max]
// inside its valve's (a command is clamped or rejected by that range, so a wider one would let
// κ = -1 through); else one line naming the message, the signal and the accepted range.
std::string kappa_range_error(const std::vector<MessageSpec>& commands);

class CommandDecoder final {
 public:
  // Signals named kappa_<k> or u_<k> (k = 1..actuators) of `messages` carry the valve commands;
  // every message with one is a command frame. Throws std::invalid_argument when actuator 1's is
  // missing, or kappa_range_error().
  CommandDecoder(const std::vector<MessageSpec>& messages, int actuators, OutOfRange policy);
  CommandVerdict decode(const Frame& frame, DecodedCommand& out) const noexcept;
  // The identifiers of the command frames (for the CAN bridge's kernel filter).
  std::vector<std::pair<std::uint32_t, bool>> ids() const;

 private:
  struct Entry {
    MessageSpec message;
    std::vector<std::pair<int, SignalSpec>> kappas;  // (actuator index 0.., signal)
  };
  std::vector<Entry> entries_;
  OutOfRange policy_;
};

// A sensor quantity a signal may carry.
enum class Quantity : std::uint8_t {
  kS,
  kSdot,
  kP1,
  kP2,
  kFh,
  kKappaApplied,  // of one actuator (Field::actuator)
  kWatchdogActive,
  kNumericalFault,
  kOverruns,
  kSimTime,
  kSequenceEcho,
  kBusOff,
  kBusError,  // of the bridge's link (LinkStatus)
  kEndStop,
  kCavitation,
  kRelief,  // a machine limit holds some actuator (sim/model/machine_limits.h)
  kLinkLost,
  kTwoSenders,    // of the CAN bridge's link and command input (LinkStatus)
  kContactForce,  // a contact task's total normal contact force [N] (SensorSnapshot::contact_force)
  kNamed,         // one of the machine's named sensors (Field::actuator: its index; NamedSensorValues)
};

// The most named sensors a machine has (sim::machine::kMaxNamedSensors, checked where both are seen).
inline constexpr int kMaxNamedSensors = 16;

// What the run's writer thread publishes for the bridge at each communication point: the values of a
// machine's named sensors (docs/machine.md, [[sensors]]: joint angles and rates, a point's position,
// the supply pressure, …) in the machine's order, as the run's sample assembles them
// (sim/cosim/machine_samples.h), and the coupling monitor's verdict on the samples so far.
struct NamedSensorValues {
  double t = -1.0;  // the communication point's time [s]; < 0: none yet
  std::array<double, kMaxNamedSensors> value{};
  // The coupling monitor has found the run numerically wrong (sim::LimitMonitor::numerical_fault()):
  // the status frame's numerical_fault, held from then on, beside a diverged actuator's.
  bool numerical_fault = false;
};

// A machine's named sensors for a bridge to send: their names (the signals that carry them) and the
// channel the run's writer thread publishes their values on (null: none to send).
struct NamedSensorInput {
  std::vector<std::string> names;
  rt::LatestValue<NamedSensorValues>* channel = nullptr;
};

// What the bridge that sends the frames knows of its own link, beside the simulation's snapshot:
// the CAN bridge sets it from the error frames it receives; the UDP bridge has no bus (all false).
struct LinkStatus {
  bool bus_off = false;      // the CAN controller reported bus-off and has not restarted since
  bool bus_error = false;    // an error frame arrived since the previous status frame
  bool link_lost = false;    // the interface was lost (down or gone) since the previous status frame
  bool two_senders = false;  // two senders on a command identifier: commands refused (hil/e2e.h)
};

// True for a sensor signal name the SensorEncoder reads by itself (s_1, sim_time, …), which a
// machine's named sensor may not take.
bool is_builtin_sensor_signal(const std::string& name);

class SensorEncoder final {
 public:
  // Every signal of `messages` must be one of: s_k, sdot_k, p1_k, p2_k, fh_k, kappa_applied_k,
  // u_applied_k (actuator k = 1 .. kMaxActuators), watchdog_active, numerical_fault, overruns, sim_time,
  // sequence_echo, bus_off, bus_error, end_stop, cavitation, relief, link_lost, two_senders, contact_force (a
  // contact task's total normal contact force [N], SensorSnapshot), or one of `named_sensors` (the
  // machine's named sensors, in its order: the built-in names above come first). Throws
  // std::invalid_argument naming an unknown signal, or more than 16 messages.
  explicit SensorEncoder(const std::vector<MessageSpec>& messages,
                         const std::vector<std::string>& named_sensors = {});
  // One frame per message, written into `out` (at least size() frames); returns how many. Counts
  // every value clipped to its signal's range (clip_report()).
  // `snapshots[k]` is actuator k's (0-based); a signal of an actuator beyond snapshots.size() (k = 2
  // of a one-actuator crane) is sent as 0. The status signals: sim_time, sequence_echo and overruns
  // (which counts every loop already) from actuator 1's snapshot; watchdog_active and
  // numerical_fault, end_stop, cavitation and relief set when any actuator's is (numerical_fault
  // also when `named` says the coupling monitor found a fault). A named sensor's signal takes
  // `named`'s value (0 while it is null).
  std::size_t encode(std::span<const SensorSnapshot> snapshots, std::span<Frame> out,
                     const LinkStatus& link = {}, const NamedSensorValues* named = nullptr) const noexcept;
  std::size_t size() const { return frames_.size(); }

  // The values encode() clipped to their signal's range so far, one line per signal that clipped,
  // e.g. "s_1: 120 value(s) clipped to [0, 1.3107] m (the farthest 1.647)"; empty when none did. A
  // sensor beyond its signal's range reads as the range's end, as a real transducer's would, and is
  // counted, never silent (overruns, which saturates by design, is not counted). Read it from the
  // thread that calls encode(), or after that thread has stopped.
  std::vector<std::string> clip_report() const;
  std::uint64_t clipped_values() const;

 private:
  struct Field {
    SignalSpec signal;
    Quantity quantity;
    std::uint8_t actuator = 0;  // 0-based, for the quantities of one actuator; a named sensor's index
    // encode()'s clips of this field: how many, and the value farthest outside the range.
    mutable std::uint64_t clipped = 0;
    mutable double farthest = 0.0;
  };
  struct FrameLayout {
    Frame header;  // id, extended, length
    std::vector<Field> fields;
  };
  std::vector<FrameLayout> frames_;
};

}  // namespace hilsim::hil
