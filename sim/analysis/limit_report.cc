#include "sim/analysis/limit_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sim/hydraulics/cylinder_limits.h"

namespace hilsim::sim {

namespace {

// One actuator's columns of a sample.
struct ActuatorSample {
  double s, s_dot, p1, p2, kappa;
};

ActuatorSample actuator_sample(const Sample& x, int k) {
  const CylinderSample& c = x.cyl[static_cast<std::size_t>(k)];
  return {c.s, c.s_dot, c.p1, c.p2, c.kappa};
}

}  // namespace

// Where an event is: one of kPlaces places, named once (a sample is watched in a few hundred
// nanoseconds, without building a string or searching a map).
enum Place : int {
  kMachine = 0,  // the coupling: no actuator nor joint
  // Then per actuator k (0-based): 1 + 4 k + {0 extended, 1 retracted, 2 chamber 1, 3 chamber 2}; then
  // per tree joint b: 1 + 4 kMaxCylinders + 2 b + {0 lower, 1 upper}.
  kPlaces = 1 + 4 * machine::kMaxCylinders + 2 * machine::kMaxBodies,
};
constexpr int place(int actuator, int offset) { return 1 + 4 * actuator + offset; }
constexpr int joint_place(int coordinate, bool upper) {
  return 1 + 4 * machine::kMaxCylinders + 2 * coordinate + (upper ? 1 : 0);
}

// The places' names: the actuators' fixed, the joints' from the model.
std::string place_name(int p, const std::vector<std::string>& joint_names) {
  if (p == kMachine) return "";
  if (p >= joint_place(0, false)) {
    const int j = p - joint_place(0, false);
    return joint_names[static_cast<std::size_t>(j / 2)] + (j % 2 == 0 ? ", lower" : ", upper");
  }
  const int k = (p - 1) / 4, offset = (p - 1) % 4;
  static const char* const what[] = {", extended", ", retracted", ", chamber 1", ", chamber 2"};
  return "actuator " + std::to_string(k + 1) + what[offset];
}

// Collects events: a condition that holds in consecutive samples is one episode.
class EventLog {
 public:
  static constexpr int kKinds = static_cast<int>(LimitKind::kCouplingError) + 1;
  explicit EventLog(std::vector<std::string> joint_names) : joint_names_(std::move(joint_names)) {}

  // `more_extreme(a, b)`: a is further beyond the limit than b.
  template <typename MoreExtreme>
  void observe(LimitKind kind, int where, bool holds, double t, double value, MoreExtreme more_extreme,
               double limit = 0.0) {
    Slot& slot = slots_[static_cast<int>(kind)][where];
    if (!holds) {
      slot.holding = false;
      return;
    }
    if (slot.event < 0) {
      slot.event = static_cast<int>(events_.size());
      events_.push_back(LimitEvent{kind, place_name(where, joint_names_), t, 0, value, limit});
    }
    LimitEvent& e = events_[static_cast<std::size_t>(slot.event)];
    if (!slot.holding) ++e.episodes;
    if (more_extreme(value, e.extreme)) e.extreme = value;
    slot.holding = true;
  }
  const std::vector<LimitEvent>& events() const { return events_; }

 private:
  struct Slot {
    bool holding = false;
    int event = -1;  // index into events_
  };
  std::vector<std::string> joint_names_;  // by tree coordinate
  std::vector<LimitEvent> events_;
  Slot slots_[kKinds][kPlaces];
};

namespace {

constexpr auto kHigher = [](double a, double b) { return a > b; };
constexpr auto kLower = [](double a, double b) { return a < b; };

// The stability bound of an explicit integrator on the negative real axis (∞: A-stable).
double stability_bound(const CosimSettings& settings) {
  if (settings.coupling == Coupling::kReducedInterface)
    return 2.0;  // forward Euler, Peiret et al. 2018, eq. 40
  switch (settings.hydraulics_integrator) {
    case HydraulicIntegrator::kForwardEuler:
      return 2.0;
    case HydraulicIntegrator::kRungeKutta4:
      return 2.785;
    case HydraulicIntegrator::kTrapezoidal:
      return INFINITY;
  }
  return INFINITY;
}

// |∂ṗ_i/∂p_i| [1/s] of chamber i (0-based) at length s [m], pressure p [Pa], valve position x and
// supply pressure p_s [Pa]: β/V times the slopes of its orifices and relief valve. The benchmark's
// orifice law is infinitely steep at zero pressure drop, but there an explicit step's overshoot only
// stops the flow (δ of eqs. 9–10) and stays within a fraction of that drop; so its slopes are taken
// at a drop of at least 0.1 MPa, where an overshoot would be a real oscillation.
double chamber_rate_constant(const CylinderHydraulics& hyd, double s, double p, double x, double p_s, int i) {
  const double V = chamber_volumes(hyd, s)[i];
  const double relief = p > hyd.relief_pressure ? hyd.relief_gain : 0.0;
  const ValveModel& v = hyd.valve;
  double slope = 0.0;
  if (v.proportional()) {
    double d1 = 0.0, d2 = 0.0;
    valve_flow_slopes(v, x, hyd.fluid.density, p_s, hyd.tank_pressure, p, p, d1, d2);
    slope = -(i == 0 ? d1 : d2);
  } else {
    constexpr double kMinDrop = 1e5;                       // [Pa]
    const double a_in = v.area * (i == 0 ? x : 1.0 - x);   // from the pump, eq. (13)
    const double a_out = v.area * (i == 0 ? 1.0 - x : x);  // to the tank
    const auto orifice_slope = [&](double area, double dp) {
      return dp < 0.0 ? 0.0 : area * v.c_d / std::sqrt(2.0 * hyd.fluid.density * std::max(dp, kMinDrop));
    };
    slope = orifice_slope(a_in, p_s - p) + orifice_slope(a_out, p - hyd.tank_pressure);
  }
  return bulk_modulus(hyd.fluid, p) / V * (slope + relief);
}

void observe_actuator(EventLog& log, const Sample& x, int k, const CylinderHydraulics& hyd, double p_s,
                      double vapour, const CosimSettings& settings) {
  const ActuatorSample a = actuator_sample(x, k);
  const double p[2] = {a.p1, a.p2};
  if (settings.limits.enabled) {
    log.observe(LimitKind::kEndStop, place(k, 0), a.s >= hyd.stroke_max, x.t, a.s, kHigher);
    log.observe(LimitKind::kEndStop, place(k, 1), a.s <= hyd.stroke_min, x.t, a.s, kLower);
    for (int i = 0; i < 2; ++i) {
      log.observe(LimitKind::kCavitation, place(k, 2 + i), p[i] <= vapour, x.t, p[i], kLower);
      log.observe(LimitKind::kRelief, place(k, 2 + i), p[i] > hyd.relief_pressure, x.t, p[i], kHigher);
    }
  } else {
    // Beyond the cylinder: a chamber's volume, dead volume included, below zero.
    const Eigen::Vector2d V = chamber_volumes(hyd, a.s);
    log.observe(LimitKind::kBeyondCylinder, place(k, 0), V[0] < 0.0, x.t, a.s, kHigher);
    log.observe(LimitKind::kBeyondCylinder, place(k, 1), V[1] < 0.0, x.t, a.s, kLower);
    for (int i = 0; i < 2; ++i) {
      log.observe(LimitKind::kNegativePressure, place(k, 2 + i), p[i] < 0.0, x.t, p[i], kLower);
    }
  }
  const double bound = stability_bound(settings);
  if (!std::isfinite(bound) || !(chamber_volumes(hyd, a.s).minCoeff() > 0.0)) return;
  for (int i = 0; i < 2; ++i) {
    const double z = settings.h_hyd * chamber_rate_constant(hyd, a.s, p[i], a.kappa, p_s, i);
    log.observe(LimitKind::kUnstableStep, place(k, 2 + i), z > bound, x.t, z, kHigher);
  }
}

const char* kind_name(LimitKind kind) {
  switch (kind) {
    case LimitKind::kEndStop:
      return "end stop";
    case LimitKind::kJointStop:
      return "joint on its limit";
    case LimitKind::kCavitation:
      return "cavitation";
    case LimitKind::kRelief:
      return "relief valve open";
    case LimitKind::kBeyondCylinder:
      return "piston beyond its cylinder";
    case LimitKind::kNegativePressure:
      return "pressure below zero (absolute)";
    case LimitKind::kBeyondJointRange:
      return "joint beyond the range of its limits";
    case LimitKind::kUnstableStep:
      return "hydraulic step beyond its stability limit";
    case LimitKind::kCouplingError:
      return "coupling error energy beyond the monitor's limit";
  }
  return "?";
}

std::string extreme_text(const LimitEvent& e) {
  char buf[64];
  switch (e.kind) {
    case LimitKind::kEndStop:
    case LimitKind::kBeyondCylinder:
      std::snprintf(buf, sizeof buf, "s = %.4f m", e.extreme);
      break;
    case LimitKind::kCavitation:
    case LimitKind::kRelief:
    case LimitKind::kNegativePressure:
      std::snprintf(buf, sizeof buf, "p = %.4g MPa", e.extreme / 1e6);
      break;
    case LimitKind::kJointStop:
    case LimitKind::kBeyondJointRange:
      std::snprintf(buf, sizeof buf, "q = %.4f", e.extreme);
      break;
    case LimitKind::kUnstableStep:
      std::snprintf(buf, sizeof buf, "h_H |dp'/dp| = %.3g", e.extreme);
      break;
    case LimitKind::kCouplingError:
      std::snprintf(buf, sizeof buf, "|dE| = %.3g J (limit %.3g J)", e.extreme, e.limit);
      break;
  }
  return buf;
}

}  // namespace

bool is_numerical(LimitKind kind) {
  return kind == LimitKind::kUnstableStep || kind == LimitKind::kCouplingError;
}

bool is_non_physical(LimitKind kind) {
  return kind == LimitKind::kBeyondCylinder || kind == LimitKind::kNegativePressure ||
         kind == LimitKind::kBeyondJointRange;
}

std::string describe(const LimitEvent& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, ": first at t = %.6g s, %d episode%s, extreme %s", e.first_t, e.episodes,
                e.episodes == 1 ? "" : "s", extreme_text(e).c_str());
  return std::string(kind_name(e.kind)) + (e.where.empty() ? "" : " (" + e.where + ")") + buf;
}

namespace {

std::vector<std::string> tree_joint_names(const machine::MachineModel& model) {
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(model.coordinates()));
  for (int b = 0; b < model.coordinates(); ++b) names.push_back(model.joints[model.bodies[b].joint].name);
  return names;
}

}  // namespace

double coupling_error_limit(const machine::MachineModel& model) {
  double work = 0.0;  // [J]
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const CylinderHydraulics c = CylinderHydraulics::from(model, k, true);
    const machine::Supply& s = model.supplies[model.cylinders[k].supply];
    const double p = s.type == machine::SupplyDescription::Type::kPump ? s.relief_pressure : s.pressure;
    work += p * std::max(c.A1, c.A2) * (c.stroke_max - c.stroke_min);
  }
  return std::max(kCouplingErrorLimit, kCouplingErrorFraction * work);
}

LimitMonitor::LimitMonitor(const machine::MachineModel& model, const CosimSettings& settings)
    : settings_(settings),
      log_(std::make_unique<EventLog>(tree_joint_names(model))),
      coupling_error_limit_(coupling_error_limit(model)) {
  for (int k = 0; k < model.cylinder_count(); ++k) {
    hyd_.push_back(CylinderHydraulics::from(model, k, settings.limits.enabled));
    const machine::Supply& s = model.supplies[model.cylinders[k].supply];
    p_supply_.push_back(s.type == machine::SupplyDescription::Type::kPump ? s.relief_pressure : s.pressure);
    vapour_.push_back(model.limits.vapour_pressure);
  }
  for (int b = 0; b < model.coordinates(); ++b) {
    const machine::Joint& j = model.joints[model.bodies[b].joint];
    if (j.limits) joints_.push_back({b, j.parent, j.limits->lower, j.limits->upper});
  }
}

LimitMonitor::~LimitMonitor() = default;

void LimitMonitor::observe(const Sample& x) {
  for (std::size_t k = 0; k < hyd_.size(); ++k) {
    observe_actuator(*log_, x, static_cast<int>(k), hyd_[k], p_supply_[k], vapour_[k], settings_);
  }
  const bool coupling_error = std::abs(x.dE) > coupling_error_limit_;
  log_->observe(LimitKind::kCouplingError, kMachine, coupling_error, x.t, std::abs(x.dE), kHigher,
                coupling_error_limit_);
  numerical_fault_ = numerical_fault_ || coupling_error;
  const LimitKind kind = settings_.limits.enabled ? LimitKind::kJointStop : LimitKind::kBeyondJointRange;
  for (const Joint& j : joints_) {
    const double q = x.q[static_cast<std::size_t>(j.coordinate)];
    // On a stop (limits on) a joint rests at its limit; beyond it (off) is strictly past.
    const bool lower = settings_.limits.enabled ? q <= j.lower : q < j.lower;
    const bool upper = settings_.limits.enabled ? q >= j.upper : q > j.upper;
    log_->observe(kind, joint_place(j.coordinate, false), lower, x.t, q, kLower);
    log_->observe(kind, joint_place(j.coordinate, true), upper, x.t, q, kHigher);
  }
}

const std::vector<LimitEvent>& LimitMonitor::events() const { return log_->events(); }

std::vector<LimitEvent> find_limit_events(const std::vector<Sample>& samples,
                                          const machine::MachineModel& model, const CosimSettings& settings) {
  LimitMonitor monitor(model, settings);
  for (const Sample& x : samples) monitor.observe(x);
  return monitor.events();
}

std::string divergence_cause(const std::vector<LimitEvent>& events) {
  // The events are in order of first occurrence: the earliest that explains a blow-up names it.
  for (const LimitEvent& e : events) {
    if (e.kind == LimitKind::kUnstableStep) {
      return "the hydraulic step was beyond its integrator's stability limit first: " + describe(e) +
             "; a chamber stiffens as it shortens: use hydraulics_integrator = \"trapezoidal\" (A-stable) or "
             "a "
             "smaller h_H";
    }
    if (e.kind == LimitKind::kCouplingError) {
      return "the coupling monitor showed the macro step too large first: " + describe(e) +
             "; reduce H (or couple through the RIM, or the two-way coupling with h_M of 1 ms, stable to far "
             "larger H)";
    }
    if (is_non_physical(e.kind)) {
      return "the machine had left its physical limits first: " + describe(e) +
             "; model them with [limits] enabled = true (or --limits on)";
    }
  }
  if (!events.empty()) {  // limits modelled and engaged, nothing numerical seen first
    return "the machine's limits engaged first (" + describe(events.front()) +
           ") and the coupling monitor and the hydraulic step showed nothing: a stop or relief valve met "
           "hard (a command reversed at once at an end of the stroke) is stiff; reduce h_H or H, use "
           "hydraulics_integrator = \"trapezoidal\", or ramp the command";
  }
  return "no limit was reached and the coupling monitor showed nothing first; reduce H or h_H";
}

std::string divergence_report(double t, const std::vector<LimitEvent>& events, double diverged_pressure) {
  char head[160];
  std::snprintf(
      head, sizeof head,
      "diverged after t = %.6g s (a state left the physical bounds: not finite, or a pressure outside "
      "(%g, %g MPa)): ",
      t, 0.0, diverged_pressure / 1e6);
  return head + divergence_cause(events);
}

std::string numerical_fault_report(const std::vector<LimitEvent>& events) {
  for (const LimitEvent& e : events) {
    if (e.kind != LimitKind::kCouplingError) continue;
    char head[96];
    std::snprintf(head, sizeof head,
                  "was numerically wrong from t = %.6g s (its results are not the machine's): ", e.first_t);
    return head + describe(e) +
           "; reduce H (or couple through the RIM, or the two-way coupling with h_M of 1 ms, stable to far "
           "larger H)";
  }
  return "";
}

std::vector<std::string> limit_report_lines(const std::vector<LimitEvent>& events, bool limits_modelled) {
  std::vector<std::string> lines;
  for (const LimitEvent& e : events) {
    const char* prefix = is_non_physical(e.kind) ? "limits: not modelled, but left: "
                         : is_numerical(e.kind)  ? "numerics: "
                                                 : "limits: ";
    lines.push_back(prefix + describe(e));
  }
  if (lines.empty() && limits_modelled) lines.push_back("limits: none reached");
  return lines;
}

}  // namespace hilsim::sim
