#include "hil/signal_map.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
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

std::optional<CommandSignalName> parse_command_signal(const std::string& name) {
  // "kappa_<k>" or "u_<k>", k = 1..kMaxActuators without leading zeros.
  CommandSignalName out;
  std::string digits;
  if (name.rfind("kappa_", 0) == 0) {
    out.range = {0.0, 1.0};
    digits = name.substr(6);
  } else if (name.rfind("u_", 0) == 0) {
    out.range = {-1.0, 1.0};
    digits = name.substr(2);
  } else {
    return std::nullopt;
  }
  if (digits.size() != 1 || digits[0] < '1' || digits[0] > '0' + kMaxActuators) return std::nullopt;
  out.actuator = digits[0] - '1';
  out.closed_centre = name[0] == 'u';
  return out;
}

std::string kappa_range_error(const std::vector<MessageSpec>& commands) {
  for (const MessageSpec& m : commands) {
    for (const SignalSpec& s : m.signals) {
      const std::optional<CommandSignalName> c = parse_command_signal(s.name);
      if (!c) continue;
      if (s.min >= c->range.min && s.max <= c->range.max) continue;  // also false for a NaN bound
      char range[64], accepted[64];
      std::snprintf(range, sizeof range, "[%g, %g]", s.min, s.max);
      std::snprintf(accepted, sizeof accepted, "[%g, %g]", c->range.min, c->range.max);
      const char* what = c->closed_centre ? "u" : "kappa";
      return "message '" + m.name + "': command signal '" + s.name + "' has the range " + range +
             ", but the valve accepts " + what + " in " + accepted + ": min and max must lie in " + accepted;
    }
  }
  return "";
}

CommandDecoder::CommandDecoder(const std::vector<MessageSpec>& messages, int actuators, OutOfRange policy)
    : policy_(policy) {
  // A command reaches the valve clamped only into its signal's [min, max]: that range must be the
  // valve's.
  if (std::string e = kappa_range_error(messages); !e.empty()) throw std::invalid_argument(e);
  bool has_first = false;
  for (const MessageSpec& m : messages) {
    Entry e{m, {}};
    for (const SignalSpec& s : m.signals) {
      const std::optional<CommandSignalName> c = parse_command_signal(s.name);
      if (!c || c->actuator >= actuators) continue;
      e.kappas.emplace_back(c->actuator, s);
      has_first = has_first || c->actuator == 0;
    }
    if (!e.kappas.empty()) entries_.push_back(std::move(e));
  }
  if (!has_first) {
    throw std::invalid_argument("no command message carries a signal named kappa_1 (or u_1)");
  }
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

// The status and link signals: one of each per run.
Named status_quantity(const std::string& name) {
  static const Named table[] = {
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
  return {nullptr, Quantity::kS, 0};
}

// The quantities of one actuator: "<prefix>_<k>", k = 1..kMaxActuators. The applied command is
// kappa_applied_k for the benchmark's valve and u_applied_k for a closed-centre one (both read the
// applied command; the name says which range the signal needs).
Named quantity_of(const std::string& name, const std::vector<std::string>& named_sensors) {
  if (const Named n = status_quantity(name); n.name) return n;
  static const std::pair<const char*, Quantity> prefixes[] = {
      {"s_", Quantity::kS},
      {"sdot_", Quantity::kSdot},
      {"p1_", Quantity::kP1},
      {"p2_", Quantity::kP2},
      {"fh_", Quantity::kFh},
      {"kappa_applied_", Quantity::kKappaApplied},
      {"u_applied_", Quantity::kKappaApplied},
  };
  for (const auto& [prefix, q] : prefixes) {
    const std::string p = prefix;
    if (name.size() != p.size() + 1 || name.rfind(p, 0) != 0) continue;
    const char digit = name.back();
    if (digit < '1' || digit > '0' + kMaxActuators) break;
    return {prefix, q, static_cast<std::uint8_t>(digit - '1')};
  }
  const auto named = std::find(named_sensors.begin(), named_sensors.end(), name);
  if (named != named_sensors.end() && named - named_sensors.begin() < kMaxNamedSensors)
    return {"", Quantity::kNamed, static_cast<std::uint8_t>(named - named_sensors.begin())};
  throw std::invalid_argument("sensor signal '" + name +
                              "' is not one of: s_k, sdot_k, p1_k, p2_k, fh_k, kappa_applied_k, u_applied_k "
                              "(k = 1 to " +
                              std::to_string(kMaxActuators) +
                              "), watchdog_active, numerical_fault, overruns, sim_time, sequence_echo, "
                              "bus_off, bus_error, end_stop, cavitation, relief, link_lost, two_senders, "
                              "contact_force" +
                              (named_sensors.empty() ? std::string(", nor a named sensor of a machine file")
                                                     : ", nor a named sensor of the machine"));
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

bool is_builtin_sensor_signal(const std::string& name) {
  try {
    quantity_of(name, {});
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

SensorEncoder::SensorEncoder(const std::vector<MessageSpec>& messages,
                             const std::vector<std::string>& named_sensors) {
  if (messages.size() > kMaxFramesPerDatagram) {
    throw std::invalid_argument("more than 16 sensor messages do not fit one datagram");
  }
  for (const MessageSpec& m : messages) {
    FrameLayout layout;
    layout.header.id = m.id;
    layout.header.extended = m.extended;
    layout.header.length = m.length;
    for (const SignalSpec& s : m.signals) {
      const Named n = quantity_of(s.name, named_sensors);
      layout.fields.push_back({s, n.q, n.actuator});
    }
    frames_.push_back(std::move(layout));
  }
}

std::size_t SensorEncoder::encode(std::span<const SensorSnapshot> snapshots, std::span<Frame> out,
                                  const LinkStatus& link, const NamedSensorValues* named) const noexcept {
  std::size_t n = 0;
  for (const FrameLayout& layout : frames_) {
    if (n >= out.size()) break;
    Frame f = layout.header;
    for (const Field& field : layout.fields) {
      // Out-of-range values are clamped to the signal's range (the encoder reports it; a sensor
      // beyond its range reads as its end value, as a real transducer would); NaN leaves zeros.
      double value = field.quantity != Quantity::kNamed
                         ? value_of(field.quantity, field.actuator, snapshots, link)
                     : named ? named->value[field.actuator]
                             : 0.0;
      if (field.quantity == Quantity::kNumericalFault && named && named->numerical_fault) value = 1.0;
      const EncodeStatus status =
          hil::encode(field.signal, value, std::span<std::uint8_t>(f.data.data(), f.length));
      if (status == EncodeStatus::kClamped && field.quantity != Quantity::kOverruns) {
        const double mid = 0.5 * (field.signal.min + field.signal.max);
        if (field.clipped == 0 || std::fabs(value - mid) > std::fabs(field.farthest - mid))
          field.farthest = value;
        ++field.clipped;
      }
    }
    out[n++] = f;
  }
  return n;
}

std::uint64_t SensorEncoder::clipped_values() const {
  std::uint64_t n = 0;
  for (const FrameLayout& layout : frames_) {
    for (const Field& field : layout.fields) n += field.clipped;
  }
  return n;
}

std::vector<std::string> SensorEncoder::clip_report() const {
  std::vector<std::string> lines;
  for (const FrameLayout& layout : frames_) {
    for (const Field& field : layout.fields) {
      if (field.clipped == 0) continue;
      const SignalSpec& s = field.signal;
      char line[256];
      std::snprintf(line, sizeof line, "%s: %llu value(s) clipped to [%g, %g]%s%s (the farthest %.6g)",
                    s.name.c_str(), static_cast<unsigned long long>(field.clipped), s.min, s.max,
                    s.unit.empty() ? "" : " ", s.unit.c_str(), field.farthest);
      lines.emplace_back(line);
    }
  }
  return lines;
}

}  // namespace hilsim::hil
