#include "hil/signal_map.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "hil/datagram.h"
#include "sim/cosim/actuator_sensors.h"

namespace hilsim::hil {

const char* to_string(CommandVerdict v) {
  switch (v) {
    case CommandVerdict::kApplied:
      return "applied";
    case CommandVerdict::kUnknownId:
      return "unknown id";
    case CommandVerdict::kRtr:
      return "remote request";
    case CommandVerdict::kBadLength:
      return "too short";
    case CommandVerdict::kOutOfRange:
      return "out of range";
    case CommandVerdict::kNotFinite:
      return "not finite";
  }
  return "?";
}

std::string kappa_range_error(const std::vector<MessageSpec>& commands) {
  for (const MessageSpec& m : commands) {
    for (const SignalSpec& s : m.signals) {
      if (s.name != "kappa_1" && s.name != "kappa_2") continue;
      if (s.min >= 0.0 && s.max <= 1.0) continue;  // also false for a NaN bound
      char range[64];
      std::snprintf(range, sizeof range, "[%g, %g]", s.min, s.max);
      return "message '" + m.name + "': command signal '" + s.name + "' has the range " + range +
             ", but the valve accepts kappa in [0, 1]: min and max must lie in [0, 1]";
    }
  }
  return "";
}

CommandDecoder::CommandDecoder(const std::vector<MessageSpec>& messages, int actuators, OutOfRange policy)
    : policy_(policy) {
  // κ reaches the valve clamped only into its signal's [min, max]: that range must be the valve's.
  if (std::string e = kappa_range_error(messages); !e.empty()) throw std::invalid_argument(e);
  bool has_first = false;
  for (const MessageSpec& m : messages) {
    Entry e{m, {}};
    for (const SignalSpec& s : m.signals) {
      for (int k = 0; k < actuators && k < kMaxActuators; ++k) {
        if (s.name == "kappa_" + std::to_string(k + 1)) {
          e.kappas.emplace_back(k, s);
          has_first = has_first || k == 0;
        }
      }
    }
    if (!e.kappas.empty()) entries_.push_back(std::move(e));
  }
  if (!has_first) throw std::invalid_argument("no command message carries a signal named kappa_1");
}

std::vector<std::pair<std::uint32_t, bool>> CommandDecoder::ids() const {
  std::vector<std::pair<std::uint32_t, bool>> out;
  for (const Entry& e : entries_) out.emplace_back(e.message.id, e.message.extended);
  return out;
}

CommandVerdict CommandDecoder::decode(const Frame& frame, DecodedCommand& out) const noexcept {
  for (const Entry& e : entries_) {
    if (e.message.id != frame.id || e.message.extended != frame.extended) continue;
    if (frame.rtr) return CommandVerdict::kRtr;
    if (frame.length < e.message.length) return CommandVerdict::kBadLength;
    DecodedCommand d;
    const std::span<const std::uint8_t> data(frame.data.data(), frame.length);
    for (const auto& [k, signal] : e.kappas) {
      double kappa = hil::decode(signal, data);
      if (!std::isfinite(kappa)) return CommandVerdict::kNotFinite;
      if (kappa < signal.min || kappa > signal.max) {
        if (policy_ == OutOfRange::kReject) return CommandVerdict::kOutOfRange;
        kappa = std::fmin(std::fmax(kappa, signal.min), signal.max);
        d.clamped = true;
      }
      d.kappa[static_cast<std::size_t>(k)] = kappa;
      d.present[static_cast<std::size_t>(k)] = true;
    }
    out = d;
    return CommandVerdict::kApplied;
  }
  return CommandVerdict::kUnknownId;
}

namespace {

struct Named {
  const char* name;
  Quantity q;
  std::uint8_t actuator;  // 0-based; 0 for the status and link signals
};

Named quantity_of(const std::string& name) {
  static const Named table[] = {
      {"s_1", Quantity::kS, 0},
      {"sdot_1", Quantity::kSdot, 0},
      {"p1_1", Quantity::kP1, 0},
      {"p2_1", Quantity::kP2, 0},
      {"fh_1", Quantity::kFh, 0},
      {"kappa_applied_1", Quantity::kKappaApplied, 0},
      {"s_2", Quantity::kS, 1},
      {"sdot_2", Quantity::kSdot, 1},
      {"p1_2", Quantity::kP1, 1},
      {"p2_2", Quantity::kP2, 1},
      {"fh_2", Quantity::kFh, 1},
      {"kappa_applied_2", Quantity::kKappaApplied, 1},
      {"watchdog_active", Quantity::kWatchdogActive, 0},
      {"numerical_fault", Quantity::kNumericalFault, 0},
      {"overruns", Quantity::kOverruns, 0},
      {"sim_time", Quantity::kSimTime, 0},
      {"sequence_echo", Quantity::kSequenceEcho, 0},
      {"bus_off", Quantity::kBusOff, 0},
      {"bus_error", Quantity::kBusError, 0},
      {"end_stop", Quantity::kEndStop, 0},
      {"cavitation", Quantity::kCavitation, 0},
      {"relief", Quantity::kRelief, 0},
      {"link_lost", Quantity::kLinkLost, 0},
      {"two_senders", Quantity::kTwoSenders, 0},
      {"contact_force", Quantity::kContactForce, 0},
  };
  for (const Named& n : table) {
    if (name == n.name) return n;
  }
  throw std::invalid_argument(
      "sensor signal '" + name +
      "' is not one of: s_k, sdot_k, p1_k, p2_k, fh_k, kappa_applied_k (k = 1, 2), "
      "watchdog_active, numerical_fault, overruns, sim_time, sequence_echo, bus_off, "
      "bus_error, end_stop, cavitation, relief, link_lost, two_senders, contact_force");
}

// What one actuator's transducers read; 0 for an actuator without a snapshot.
double actuator_value(Quantity q, std::size_t actuator, std::span<const SensorSnapshot> snapshots) {
  if (actuator >= snapshots.size()) return 0.0;
  const SensorSnapshot& s = snapshots[actuator];
  switch (q) {
    case Quantity::kS:
      return s.s;
    case Quantity::kSdot:
      return s.s_dot;
    case Quantity::kP1:
      return s.p1;
    case Quantity::kP2:
      return s.p2;
    case Quantity::kFh:
      return s.f_h;
    case Quantity::kKappaApplied:
      return s.kappa;
    default:
      return 0.0;
  }
}

double value_of(Quantity q, std::size_t actuator, std::span<const SensorSnapshot> snapshots,
                const LinkStatus& link) {
  const auto any = [&](bool SensorSnapshot::*flag) {
    for (const SensorSnapshot& s : snapshots) {
      if (s.*flag) return 1.0;
    }
    return 0.0;
  };
  const auto any_limit = [&](unsigned bit) {
    for (const SensorSnapshot& s : snapshots) {
      if (s.limits & bit) return 1.0;
    }
    return 0.0;
  };
  // The status of the run: the time, the echo and the loops' overruns are actuator 1's (its
  // snapshot counts every loop already).
  const SensorSnapshot none;
  const SensorSnapshot& first = snapshots.empty() ? none : snapshots[0];
  switch (q) {
    case Quantity::kWatchdogActive:
      return any(&SensorSnapshot::watchdog_active);
    case Quantity::kNumericalFault:
      return any(&SensorSnapshot::fault);
    case Quantity::kOverruns:
      return static_cast<double>(first.overruns);  // encode() saturates
    case Quantity::kSimTime:
      return first.t;
    case Quantity::kSequenceEcho:
      return static_cast<double>(first.last_sequence & 0xFFu);
    case Quantity::kBusOff:
      return link.bus_off ? 1.0 : 0.0;
    case Quantity::kBusError:
      return link.bus_error ? 1.0 : 0.0;
    case Quantity::kLinkLost:
      return link.link_lost ? 1.0 : 0.0;
    case Quantity::kContactForce:
      return first.contact_force;
    case Quantity::kTwoSenders:
      return link.two_senders ? 1.0 : 0.0;
    case Quantity::kEndStop:
      return any_limit(sim::kLimitEndStop);
    case Quantity::kCavitation:
      return any_limit(sim::kLimitCavitation);
    case Quantity::kRelief:
      return any_limit(sim::kLimitRelief);
    default:
      return actuator_value(q, actuator, snapshots);
  }
}

}  // namespace

SensorEncoder::SensorEncoder(const std::vector<MessageSpec>& messages) {
  if (messages.size() > kMaxFramesPerDatagram) {
    throw std::invalid_argument("more than 16 sensor messages do not fit one datagram");
  }
  for (const MessageSpec& m : messages) {
    FrameLayout layout;
    layout.header.id = m.id;
    layout.header.extended = m.extended;
    layout.header.length = m.length;
    for (const SignalSpec& s : m.signals) {
      const Named n = quantity_of(s.name);
      layout.fields.push_back({s, n.q, n.actuator});
    }
    frames_.push_back(std::move(layout));
  }
}

std::size_t SensorEncoder::encode(std::span<const SensorSnapshot> snapshots, std::span<Frame> out,
                                  const LinkStatus& link) const noexcept {
  std::size_t n = 0;
  for (const FrameLayout& layout : frames_) {
    if (n >= out.size()) break;
    Frame f = layout.header;
    for (const Field& field : layout.fields) {
      // Out-of-range values are clamped to the signal's range (the encoder reports it; a sensor
      // beyond its range reads as its end value, as a real transducer would); NaN leaves zeros.
      const double value = value_of(field.quantity, field.actuator, snapshots, link);
      hil::encode(field.signal, value, std::span<std::uint8_t>(f.data.data(), f.length));
    }
    out[n++] = f;
  }
  return n;
}

}  // namespace hilsim::hil
