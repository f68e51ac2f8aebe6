#include "hil/machine_signals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "hil/commanded_valve.h"
#include "hil/default_messages.h"
#include "hil/signal.h"
#include "hil/signal_map.h"

namespace hilsim::hil {

namespace sm = sim::machine;

namespace {

// The pressure at which chamber pressures stop: the relief valves' with their override, else the
// run's divergence bound.
double reachable_pressure(const sm::MachineModel& m, bool relief_valves) {
  if (relief_valves && m.limits.chamber_relief_pressure) return 1.1 * *m.limits.chamber_relief_pressure;
  return *m.limits.diverged_pressure;
}

// The next scale of the 1, 2, 5 series above `scale` (> 0): 2e-5 → 5e-5 → 1e-4.
double next_scale(double scale) {
  const double decade = std::pow(10.0, std::floor(std::log10(scale) + 1e-9));
  const double mantissa = scale / decade;
  if (mantissa < 1.5) return tidy(2.0 * decade);
  if (mantissa < 3.5) return tidy(5.0 * decade);
  return tidy(10.0 * decade);
}

// Widens a default sensor signal's scale until its range holds [lo, hi].
void widen_to(SignalSpec& s, double lo, double hi) {
  while (lo < s.min || hi > s.max) {
    s.scale = next_scale(s.scale);
    set_full_range(s);
  }
}

// What cylinder k's signal of this name must hold, as [lo, hi]; false for a signal nothing bounds
// (its rate) or one of no cylinder.
bool reach_of(const std::string& name, const std::vector<ActuatorReach>& reach, double& lo, double& hi,
              const ActuatorReach*& cylinder) {
  const std::size_t cut = name.rfind('_');
  if (cut == std::string::npos || cut + 2 != name.size()) return false;
  const int k = name.back() - '1';
  if (k < 0 || k >= static_cast<int>(reach.size())) return false;
  const std::string quantity = name.substr(0, cut);
  const ActuatorReach& r = reach[static_cast<std::size_t>(k)];
  cylinder = &r;
  if (quantity == "s") {
    lo = r.s_min;
    hi = r.s_max;
  } else if (quantity == "p1" || quantity == "p2") {
    lo = 0.0;
    hi = r.p_max;
  } else if (quantity == "fh") {
    lo = -r.f_max;
    hi = r.f_max;
  } else if (quantity == "kappa_applied" || quantity == "u_applied") {
    lo = r.closed_centre ? -1.0 : 0.0;
    hi = 1.0;
  } else {
    return false;
  }
  return true;
}

// A command signal of 24 bits from `start`: κ at 1e-7 per bit in [0, 1] (default_messages.h), u
// signed at 1.25e-7 per bit in [−1, 1].
SignalSpec command_signal(const ActuatorReach& r, int k, int start) {
  SignalSpec s;
  s.name = (r.closed_centre ? "u_" : "kappa_") + std::to_string(k + 1);
  s.start_bit = start;
  s.length = 24;
  s.is_signed = r.closed_centre;
  s.scale = r.closed_centre ? 1.25e-7 : 1e-7;
  s.min = r.closed_centre ? -1.0 : 0.0;
  s.max = 1.0;
  return s;
}

// The applied command in a sensor frame: a closed-centre valve's u signed, at 1e-9 per bit.
void make_applied_u(SignalSpec& s, int k) {
  s.name = "u_applied_" + std::to_string(k + 1);
  s.is_signed = true;
  s.min = -1.0;
  s.max = 1.0;
}

// One command frame per two valves, each protected end to end (bytes 0 and 1, hil/e2e.h).
std::vector<MessageSpec> command_frames(const std::vector<ActuatorReach>& reach) {
  std::vector<MessageSpec> frames;
  for (std::size_t first = 0; first < reach.size(); first += 2) {
    const int j = static_cast<int>(first / 2);
    MessageSpec m = default_messages(1).front();  // HilsimCommand: its e2e signals and κ₁'s layout
    m.id = kCommandId + static_cast<std::uint32_t>(j);
    if (j > 0) m.name += std::to_string(j + 1);
    m.signals.resize(2);  // e2e_crc, e2e_counter
    for (std::size_t k = first; k < std::min(first + 2, reach.size()); ++k) {
      m.signals.push_back(command_signal(reach[k], static_cast<int>(k), k == first ? 16 : 40));
    }
    frames.push_back(std::move(m));
  }
  return frames;
}

}  // namespace

std::vector<ActuatorReach> machine_reach(const sm::MachineModel& model, bool relief_valves) {
  std::vector<ActuatorReach> out;
  const double p_max = reachable_pressure(model, relief_valves);
  for (const sm::Cylinder& c : model.cylinders) {
    ActuatorReach r;
    r.cylinder = c.name;
    r.closed_centre = c.valve.type == sm::ValveDescription::Type::kProportional;
    r.s_min = c.retracted_length;
    r.s_max = c.retracted_length + c.stroke;
    r.p_max = p_max;
    r.f_max = p_max * std::max(c.area_1, c.area_2);
    out.push_back(r);
  }
  return out;
}

std::vector<MessageSpec> machine_messages(const std::vector<ActuatorReach>& reach, bool contact_force) {
  const int n = static_cast<int>(reach.size());
  if (n < 1 || n > kMaxDefaultActuators) {
    throw std::invalid_argument("the default mapping holds 1 to " + std::to_string(kMaxDefaultActuators) +
                                " cylinders (2 sensor frames each and the status frame in one datagram of 16 "
                                "frames); the machine has " +
                                std::to_string(n) + ": give a [[messages]] mapping");
  }
  if (contact_force && n > 2) throw std::invalid_argument("a contact task's mapping holds two cylinders");
  std::vector<MessageSpec> m = default_messages(n, contact_force);
  const bool benchmark_valves =
      std::none_of(reach.begin(), reach.end(), [](const auto& r) { return r.closed_centre; });
  if (n > 2 || !benchmark_valves) {
    // Today's command frame for the benchmark's one or two valves; else one frame per two valves.
    m.erase(m.begin());
    const std::vector<MessageSpec> commands = command_frames(reach);
    m.insert(m.begin(), commands.begin(), commands.end());
  }
  for (MessageSpec& message : m) {
    if (message.sender != "Hilsim") continue;
    for (SignalSpec& s : message.signals) {
      double lo = 0.0, hi = 0.0;
      const ActuatorReach* cylinder = nullptr;
      if (!reach_of(s.name, reach, lo, hi, cylinder)) continue;
      if (s.name.rfind("kappa_applied_", 0) == 0) {
        if (cylinder->closed_centre) make_applied_u(s, s.name.back() - '1');
        continue;
      }
      widen_to(s, lo, hi);
    }
  }
  return m;
}

std::vector<std::string> narrow_signal_errors(const std::vector<MessageSpec>& sensors,
                                              const std::vector<ActuatorReach>& reach) {
  std::vector<std::string> errors;
  for (const MessageSpec& m : sensors) {
    for (const SignalSpec& s : m.signals) {
      double lo = 0.0, hi = 0.0;
      const ActuatorReach* cylinder = nullptr;
      if (!reach_of(s.name, reach, lo, hi, cylinder)) continue;
      const PhysicalRange raw = representable_range(s);
      const double held_lo = std::max(s.min, raw.lo), held_hi = std::min(s.max, raw.hi);
      // Half a raw step of slack: a value that rounds onto the range's end is held.
      const double slack = 0.5 * std::fabs(s.scale);
      if (lo >= held_lo - slack && hi <= held_hi + slack) continue;
      char line[320];
      std::snprintf(line, sizeof line,
                    "message '%s': signal '%s' holds [%g, %g]%s%s, but cylinder '%s' reaches [%g, %g]",
                    m.name.c_str(), s.name.c_str(), held_lo, held_hi, s.unit.empty() ? "" : " ",
                    s.unit.c_str(), cylinder->cylinder.c_str(), lo, hi);
      errors.emplace_back(line);
    }
  }
  return errors;
}

std::string command_signal_error(const std::vector<MessageSpec>& commands,
                                 const std::vector<ActuatorReach>& reach) {
  std::vector<bool> commanded(reach.size(), false);
  for (const MessageSpec& m : commands) {
    for (const SignalSpec& s : m.signals) {
      const std::optional<CommandSignalName> c = parse_command_signal(s.name);
      if (!c) continue;
      if (c->actuator >= static_cast<int>(reach.size())) {
        return "message '" + m.name + "': signal '" + s.name + "' commands valve " +
               std::to_string(c->actuator + 1) + ", and the machine has " + std::to_string(reach.size());
      }
      const ActuatorReach& r = reach[static_cast<std::size_t>(c->actuator)];
      if (c->closed_centre != r.closed_centre) {
        const std::string k = std::to_string(c->actuator + 1);
        return "message '" + m.name + "': signal '" + s.name + "' commands " +
               (c->closed_centre ? "a closed-centre valve (u)" : "the benchmark's valve (kappa)") +
               ", and cylinder '" + r.cylinder + "' has " +
               (r.closed_centre ? "a closed-centre valve: name it u_" + k + ", u in [-1, 1]"
                                : "the benchmark's valve: name it kappa_" + k + ", kappa in [0, 1]");
      }
      commanded[static_cast<std::size_t>(c->actuator)] = true;
    }
  }
  for (std::size_t k = 0; k < reach.size(); ++k) {
    if (commanded[k]) continue;
    const std::string n = std::to_string(k + 1);
    return "no command message carries " + std::string(reach[k].closed_centre ? "u_" : "kappa_") + n +
           ", the command of cylinder '" + reach[k].cylinder + "'";
  }
  return "";
}

}  // namespace hilsim::hil
