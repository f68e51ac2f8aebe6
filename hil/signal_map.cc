#include "hil/signal_map.h"

#include <cmath>
#include <stdexcept>

#include "hil/datagram.h"

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

CommandDecoder::CommandDecoder(const std::vector<MessageSpec>& messages, int actuators, OutOfRange policy)
    : policy_(policy) {
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

Quantity quantity_of(const std::string& name) {
  struct Named {
    const char* name;
    Quantity q;
  };
  static const Named table[] = {
      {"s_1", Quantity::kS},           {"sdot_1", Quantity::kSdot},
      {"p1_1", Quantity::kP1},         {"p2_1", Quantity::kP2},
      {"fh_1", Quantity::kFh},         {"kappa_applied_1", Quantity::kKappaApplied},
      {"watchdog_active", Quantity::kWatchdogActive}, {"numerical_fault", Quantity::kNumericalFault},
      {"overruns", Quantity::kOverruns}, {"sim_time", Quantity::kSimTime},
      {"sequence_echo", Quantity::kSequenceEcho},
      {"bus_off", Quantity::kBusOff},  {"bus_error", Quantity::kBusError},
      {"s_2", Quantity::kUnused},      {"sdot_2", Quantity::kUnused},
      {"p1_2", Quantity::kUnused},     {"p2_2", Quantity::kUnused},
      {"fh_2", Quantity::kUnused},     {"kappa_applied_2", Quantity::kUnused},
  };
  for (const Named& n : table) {
    if (name == n.name) return n.q;
  }
  throw std::invalid_argument("sensor signal '" + name +
                              "' is not one of: s_k, sdot_k, p1_k, p2_k, fh_k, kappa_applied_k (k = 1, 2), "
                              "watchdog_active, numerical_fault, overruns, sim_time, sequence_echo, bus_off, "
                              "bus_error");
}

double value_of(Quantity q, const rt::SensorSnapshot& s, const LinkStatus& link) {
  switch (q) {
    case Quantity::kS: return s.s;
    case Quantity::kSdot: return s.s_dot;
    case Quantity::kP1: return s.p1;
    case Quantity::kP2: return s.p2;
    case Quantity::kFh: return s.f_h;
    case Quantity::kKappaApplied: return s.kappa;
    case Quantity::kWatchdogActive: return s.watchdog_active ? 1.0 : 0.0;
    case Quantity::kNumericalFault: return s.fault ? 1.0 : 0.0;
    case Quantity::kOverruns: return static_cast<double>(s.overruns);  // encode() saturates
    case Quantity::kSimTime: return s.t;
    case Quantity::kSequenceEcho: return static_cast<double>(s.last_sequence & 0xFFu);
    case Quantity::kBusOff: return link.bus_off ? 1.0 : 0.0;
    case Quantity::kBusError: return link.bus_error ? 1.0 : 0.0;
    case Quantity::kUnused: return 0.0;
  }
  return 0.0;
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
    for (const SignalSpec& s : m.signals) layout.fields.push_back({s, quantity_of(s.name)});
    frames_.push_back(std::move(layout));
  }
}

std::size_t SensorEncoder::encode(const rt::SensorSnapshot& snapshot, std::span<Frame> out,
                                  const LinkStatus& link) const noexcept {
  std::size_t n = 0;
  for (const FrameLayout& layout : frames_) {
    if (n >= out.size()) break;
    Frame f = layout.header;
    for (const Field& field : layout.fields) {
      // Out-of-range values are clamped to the signal's range (the encoder reports it; a sensor
      // beyond its range reads as its end value, as a real transducer would); NaN leaves zeros.
      hil::encode(field.signal, value_of(field.quantity, snapshot, link), std::span<std::uint8_t>(f.data.data(), f.length));
    }
    out[n++] = f;
  }
  return n;
}

}  // namespace hilsim::hil
