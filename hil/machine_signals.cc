#include "hil/machine_signals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "hil/commanded_valve.h"
#include "hil/datagram.h"
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

// The farthest any point of the machine can be from the world origin [m], whatever its pose: the
// farthest ground anchor, then body by body the farthest of its anchors (its points, the joints it
// carries or hangs from) from where its tree joint holds it, and each prismatic joint's travel (0
// without limits: nothing else bounds it).
double machine_extent(const sm::MachineModel& m) {
  double extent = 0.0;
  for (const sm::Joint& j : m.joints) {
    if (j.parent == sm::kGround) extent = std::max(extent, j.parent_at.norm());
  }
  for (int b = 0; b < m.coordinates(); ++b) {
    const sm::Joint& tree = m.joints[static_cast<std::size_t>(m.bodies[static_cast<std::size_t>(b)].joint)];
    double farthest = 0.0;
    for (const sm::Point& p : m.points) {
      if (p.body == b) farthest = std::max(farthest, (p.at - tree.child_at).norm());
    }
    for (const sm::Joint& j : m.joints) {
      if (j.parent == b) farthest = std::max(farthest, (j.parent_at - tree.child_at).norm());
      if (j.child == b) farthest = std::max(farthest, (j.child_at - tree.child_at).norm());
    }
    extent += farthest;
    if (tree.type == sm::JointType::kPrismatic && tree.limits) {
      const double travel = std::max(std::fabs(tree.limits->lower), std::fabs(tree.limits->upper));
      if (std::isfinite(travel)) extent += travel;
    }
  }
  return extent;
}

// The highest pressure a supply delivers: a pump's relief valve passing its whole flow, plus 10 %.
double supply_reach(const sm::Supply& s) {
  if (s.type == sm::SupplyDescription::Type::kConstantPressure) return s.pressure;
  return 1.1 * (s.relief_pressure + (s.relief_gain > 0.0 ? s.pump_flow / s.relief_gain : 0.0));
}

// A joint's coordinate: its limits, else a revolute joint's half turn either way or a prismatic
// joint's extent.
void joint_reach(const sm::Joint& j, double extent, NamedSensorReach& r) {
  const bool revolute = j.type == sm::JointType::kRevolute;
  r.unit = revolute ? "rad" : "m";
  r.lo = revolute ? -M_PI : -extent;
  r.hi = revolute ? M_PI : extent;
  if (j.limits && std::isfinite(j.limits->lower)) r.lo = j.limits->lower;
  if (j.limits && std::isfinite(j.limits->upper)) r.hi = j.limits->upper;
}

// One named sensor's reach; `cylinders` the machine's (machine_reach), `extent` machine_extent's.
NamedSensorReach sensor_reach(const sm::MachineModel& m, const sm::Sensor& sensor,
                              const std::vector<ActuatorReach>& cylinders, double extent) {
  using Kind = sm::SensorDescription::Kind;
  NamedSensorReach r;
  r.name = sensor.name;
  const auto t = static_cast<std::size_t>(sensor.target);
  switch (sensor.kind) {
    case Kind::kJointPosition:
      joint_reach(m.joints[t], extent, r);
      break;
    case Kind::kJointRate:
      r.unit = m.joints[t].type == sm::JointType::kRevolute ? "rad/s" : "m/s";
      r.bounded = false;
      break;
    case Kind::kBodyAngle:  // the sum of the joint angles up its chain
      r.unit = "rad";
      r.lo = -2.0 * M_PI;
      r.hi = 2.0 * M_PI;
      break;
    case Kind::kStroke:
      r.unit = "m";
      r.is_signed = false;
      r.hi = m.cylinders[t].stroke;
      break;
    case Kind::kStrokeRate:
      r.unit = "m/s";
      r.bounded = false;
      break;
    case Kind::kChamberPressure1:
    case Kind::kChamberPressure2:
      r.unit = "Pa";
      r.is_signed = false;
      r.hi = cylinders[t].p_max;
      break;
    case Kind::kCylinderForce:
      r.unit = "N";
      r.lo = -cylinders[t].f_max;
      r.hi = cylinders[t].f_max;
      break;
    case Kind::kPointX:
    case Kind::kPointY:
      r.unit = "m";
      r.lo = -extent;
      r.hi = extent;
      break;
    case Kind::kSupplyPressure:
      r.unit = "Pa";
      r.is_signed = false;
      r.hi = supply_reach(m.supplies[t]);
      break;
  }
  return r;
}

// The named sensors' frames: four 16-bit signals each, from 0x280, each scale widened from its
// unit's finest (1e-4; 1 kPa; 1 N) until the signal holds the sensor's reach.
std::vector<MessageSpec> named_sensor_frames(const std::vector<NamedSensorReach>& named) {
  std::vector<MessageSpec> frames;
  for (std::size_t i = 0; i < named.size(); ++i) {
    const NamedSensorReach& r = named[i];
    if (is_builtin_sensor_signal(r.name)) {
      throw std::invalid_argument("sensor '" + r.name +
                                  "' of the machine has the name of a built-in sensor signal: rename it");
    }
    if (i % 4 == 0) {
      const auto j = static_cast<std::uint32_t>(i / 4);
      frames.push_back(
          {"HilsimSensors" + std::to_string(j + 1), kNamedSensorsId + j, false, 8, "Hilsim", {}});
    }
    SignalSpec s;
    s.name = r.name;
    s.start_bit = static_cast<int>(16 * (i % 4));
    s.length = 16;
    s.is_signed = r.is_signed;
    s.scale = r.unit == "Pa" ? 1000.0 : r.unit == "N" ? 1.0 : 1e-4;
    s.unit = r.unit;
    set_full_range(s);
    if (r.bounded) widen_to(s, r.lo, r.hi);
    frames.back().signals.push_back(s);
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

std::vector<NamedSensorReach> named_sensor_reach(const sm::MachineModel& model, bool relief_valves) {
  static_assert(kMaxNamedSensors == sm::kMaxNamedSensors);
  const std::vector<ActuatorReach> cylinders = machine_reach(model, relief_valves);
  const double extent = machine_extent(model);
  std::vector<NamedSensorReach> out;
  out.reserve(model.sensors.size());
  for (const sm::Sensor& s : model.sensors) out.push_back(sensor_reach(model, s, cylinders, extent));
  return out;
}

std::vector<std::string> unsent_named_sensors(const std::vector<MessageSpec>& messages,
                                              const std::vector<NamedSensorReach>& named) {
  std::vector<std::string> unsent;
  for (const NamedSensorReach& r : named) {
    bool sent = false;
    for (const MessageSpec& m : messages) {
      for (const SignalSpec& s : m.signals) sent = sent || s.name == r.name;
    }
    if (!sent) unsent.push_back(r.name);
  }
  return unsent;
}

std::vector<std::string> named_sensor_names(const std::vector<NamedSensorReach>& named) {
  std::vector<std::string> names;
  names.reserve(named.size());
  for (const NamedSensorReach& r : named) names.push_back(r.name);
  return names;
}

std::vector<MessageSpec> machine_messages(const std::vector<ActuatorReach>& reach, bool contact_force,
                                          const std::vector<NamedSensorReach>& named) {
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
  if (!named.empty()) {
    const std::vector<MessageSpec> frames = named_sensor_frames(named);
    // Only when all fit the datagram beside the cylinders' (hil::unsent_named_sensors says so).
    if (sensor_messages(m).size() + frames.size() <= kMaxFramesPerDatagram)
      m.insert(m.end() - 1, frames.begin(), frames.end());  // before the status frame, which closes a row
  }
  return m;
}

namespace {

// What a signal of this name must hold, and whose reach it is ("cylinder 'boom'", "sensor 'tip_x'");
// false for a signal nothing bounds.
bool signal_reach(const std::string& name, const std::vector<ActuatorReach>& reach,
                  const std::vector<NamedSensorReach>& named, double& lo, double& hi, std::string& whose) {
  const ActuatorReach* cylinder = nullptr;
  if (reach_of(name, reach, lo, hi, cylinder)) {
    whose = "cylinder '" + cylinder->cylinder + "'";
    return true;
  }
  for (const NamedSensorReach& r : named) {
    if (r.name != name || !r.bounded) continue;
    lo = r.lo;
    hi = r.hi;
    whose = "sensor '" + r.name + "'";
    return true;
  }
  return false;
}

}  // namespace

std::vector<std::string> narrow_signal_errors(const std::vector<MessageSpec>& sensors,
                                              const std::vector<ActuatorReach>& reach,
                                              const std::vector<NamedSensorReach>& named) {
  std::vector<std::string> errors;
  for (const MessageSpec& m : sensors) {
    for (const SignalSpec& s : m.signals) {
      double lo = 0.0, hi = 0.0;
      std::string whose;
      if (!signal_reach(s.name, reach, named, lo, hi, whose)) continue;
      const PhysicalRange raw = representable_range(s);
      const double held_lo = std::max(s.min, raw.lo), held_hi = std::min(s.max, raw.hi);
      // Half a raw step of slack: a value that rounds onto the range's end is held.
      const double slack = 0.5 * std::fabs(s.scale);
      if (lo >= held_lo - slack && hi <= held_hi + slack) continue;
      char line[320];
      std::snprintf(line, sizeof line,
                    "message '%s': signal '%s' holds [%g, %g]%s%s, but %s reaches [%g, %g]", m.name.c_str(),
                    s.name.c_str(), held_lo, held_hi, s.unit.empty() ? "" : " ", s.unit.c_str(),
                    whose.c_str(), lo, hi);
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
