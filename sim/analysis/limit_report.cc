#include "sim/analysis/limit_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sim/hydraulics/cylinder.h"
#include "sim/hydraulics/cylinder_limits.h"

namespace hilsim::sim {

namespace {

// One actuator's columns of a sample.
struct ActuatorSample {
  double s, s_dot, p1, p2, kappa;
};

ActuatorSample actuator_sample(const Sample& x, int k) {
  if (k == 0) return {x.cyl[0].s, x.cyl[0].s_dot, x.cyl[0].p1, x.cyl[0].p2, x.cyl[0].kappa};
  return {x.cyl[1].s, x.cyl[1].s_dot, x.cyl[1].p1, x.cyl[1].p2, x.cyl[1].kappa};
}

}  // namespace

// Where an event is: one of kPlaces places, named once (a sample is watched in a few hundred
// nanoseconds, without building a string or searching a map).
enum Place : int {
  kMachine = 0,  // link 1, the coupling: no actuator
  // Then per actuator k (0-based): kMachine + 1 + 4 k + {0 extended, 1 retracted, 2 chamber 1, 3 chamber 2}.
  kPlaces = 9,
};
constexpr int place(int actuator, int offset) { return 1 + 4 * actuator + offset; }

std::string place_name(int p) {
  if (p == kMachine) return "";
  const int k = (p - 1) / 4, offset = (p - 1) % 4;
  static const char* const what[] = {", extended", ", retracted", ", chamber 1", ", chamber 2"};
  return "actuator " + std::to_string(k + 1) + what[offset];
}

// Collects events: a condition that holds in consecutive samples is one episode.
class EventLog {
 public:
  static constexpr int kKinds = static_cast<int>(LimitKind::kCouplingError) + 1;

  // `more_extreme(a, b)`: a is further beyond the limit than b.
  template <typename MoreExtreme>
  void observe(LimitKind kind, int where, bool holds, double t, double value, MoreExtreme more_extreme) {
    Slot& slot = slots_[static_cast<int>(kind)][where];
    if (!holds) {
      slot.holding = false;
      return;
    }
    if (slot.event < 0) {
      slot.event = static_cast<int>(events_.size());
      events_.push_back(LimitEvent{kind, place_name(where), t, 0, value});
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

// |∂ṗ_i/∂p_i| [1/s] of chamber i (0-based) of length l [m] at pressure p [Pa]: β/V times the
// slopes of its orifices and relief valve. The orifice's square-root law is infinitely steep at zero
// pressure drop, but there an explicit step's overshoot only stops the flow (δ of eqs. 9–10) and
// stays within a fraction of that drop; so each slope is taken at a drop of at least 0.1 MPa, where
// an overshoot would be a real oscillation.
double chamber_rate_constant(const HydraulicParameters& hyd, double l, double p, double kappa, int i) {
  constexpr double kMinDrop = 1e5;                                    // [Pa]
  const double a_in = hyd.a_valve * (i == 0 ? kappa : 1.0 - kappa);   // from the pump, eq. (13)
  const double a_out = hyd.a_valve * (i == 0 ? 1.0 - kappa : kappa);  // to the tank
  return bulk_modulus(hyd, p) / (hyd.a_p * l) *
         (orifice_flow_slope(hyd, a_in, hyd.p_P, p, kMinDrop) +
          orifice_flow_slope(hyd, a_out, p, hyd.p_T, kMinDrop) + relief_flow_slope(hyd, p));
}

void observe_actuator(EventLog& log, const Sample& x, int k, const HydraulicParameters& hyd, double s0,
                      const CosimSettings& settings) {
  const ActuatorSample a = actuator_sample(x, k);
  const double p[2] = {a.p1, a.p2};
  if (settings.limits.enabled) {
    const CylinderLimits c = cylinder_limits(settings.limits, hyd, s0);
    log.observe(LimitKind::kEndStop, place(k, 0), a.s >= c.stroke_max, x.t, a.s, kHigher);
    log.observe(LimitKind::kEndStop, place(k, 1), a.s <= c.stroke_min, x.t, a.s, kLower);
    for (int i = 0; i < 2; ++i) {
      log.observe(LimitKind::kCavitation, place(k, 2 + i), p[i] <= c.vapour_pressure, x.t, p[i], kLower);
      log.observe(LimitKind::kRelief, place(k, 2 + i), p[i] > hyd.relief_pressure, x.t, p[i], kHigher);
    }
  } else {
    log.observe(LimitKind::kBeyondCylinder, place(k, 0), a.s > s0 + 0.5 * hyd.l, x.t, a.s, kHigher);
    log.observe(LimitKind::kBeyondCylinder, place(k, 1), a.s < s0 - 0.5 * hyd.l, x.t, a.s, kLower);
    for (int i = 0; i < 2; ++i) {
      log.observe(LimitKind::kNegativePressure, place(k, 2 + i), p[i] < 0.0, x.t, p[i], kLower);
    }
  }
  const double bound = stability_bound(settings);
  const Eigen::Vector2d l = chamber_lengths(hyd, s0, a.s);
  if (!std::isfinite(bound) || !(l.minCoeff() > 0.0)) return;
  for (int i = 0; i < 2; ++i) {
    const double z = settings.h_hyd * chamber_rate_constant(hyd, l[i], p[i], a.kappa, i);
    log.observe(LimitKind::kUnstableStep, place(k, 2 + i), z > bound, x.t, z, kHigher);
  }
}

const char* kind_name(LimitKind kind) {
  switch (kind) {
    case LimitKind::kEndStop:
      return "end stop";
    case LimitKind::kJointStop:
      return "link 1 on its rest";
    case LimitKind::kCavitation:
      return "cavitation";
    case LimitKind::kRelief:
      return "relief valve open";
    case LimitKind::kBeyondCylinder:
      return "piston beyond its cylinder";
    case LimitKind::kNegativePressure:
      return "pressure below zero (absolute)";
    case LimitKind::kBelowBase:
      return "link 1 below its base";
    case LimitKind::kUnstableStep:
      return "hydraulic step beyond its stability limit";
    case LimitKind::kCouplingError:
      return "coupling error energy beyond 1 kJ";
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
    case LimitKind::kBelowBase:
      std::snprintf(buf, sizeof buf, "theta1 = %.4f rad", e.extreme);
      break;
    case LimitKind::kUnstableStep:
      std::snprintf(buf, sizeof buf, "h_H |dp'/dp| = %.3g", e.extreme);
      break;
    case LimitKind::kCouplingError:
      std::snprintf(buf, sizeof buf, "|dE| = %.3g J", e.extreme);
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
         kind == LimitKind::kBelowBase;
}

std::string describe(const LimitEvent& e) {
  char buf[96];
  std::snprintf(buf, sizeof buf, ": first at t = %.6g s, %d episode%s, extreme %s", e.first_t, e.episodes,
                e.episodes == 1 ? "" : "s", extreme_text(e).c_str());
  return std::string(kind_name(e.kind)) + (e.where.empty() ? "" : " (" + e.where + ")") + buf;
}

LimitMonitor::LimitMonitor(const CraneParameters& crane, const HydraulicParameters& hyd,
                           const Equilibrium& eq, const CosimSettings& settings)
    : actuators_(crane.actuators),
      hyd_(with_relief_valve(hyd, settings.limits)),
      s0_{eq.actuator(0).s, crane.actuators == 2 ? eq.actuator(1).s : 0.0},
      settings_(settings),
      log_(std::make_unique<EventLog>()) {}

LimitMonitor::~LimitMonitor() = default;

void LimitMonitor::observe(const Sample& x) {
  for (int k = 0; k < actuators_; ++k) observe_actuator(*log_, x, k, hyd_, s0_[k], settings_);
  log_->observe(LimitKind::kCouplingError, kMachine, std::abs(x.dE) > kCouplingErrorLimit, x.t,
                std::abs(x.dE), kHigher);
  if (settings_.limits.enabled) {
    log_->observe(LimitKind::kJointStop, kMachine, x.theta[0] <= settings_.limits.joint_stop.theta1_min, x.t,
                  x.theta[0], kLower);
  } else {
    log_->observe(LimitKind::kBelowBase, kMachine, x.theta[0] < 0.0, x.t, x.theta[0], kLower);
  }
}

const std::vector<LimitEvent>& LimitMonitor::events() const { return log_->events(); }

std::vector<LimitEvent> find_limit_events(const std::vector<Sample>& samples, const CraneParameters& crane,
                                          const HydraulicParameters& hyd, const Equilibrium& eq,
                                          const CosimSettings& settings) {
  LimitMonitor monitor(crane, hyd, eq, settings);
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
  return "no limit was reached and the coupling monitor showed nothing first; reduce H or h_H";
}

std::string divergence_report(double t, const std::vector<LimitEvent>& events) {
  char head[160];
  std::snprintf(
      head, sizeof head,
      "diverged after t = %.6g s (a state left the physical bounds: not finite, or a pressure outside "
      "(%g, %g MPa)): ",
      t, kMinPhysicalPressure / 1e6, kMaxPhysicalPressure / 1e6);
  return head + divergence_cause(events);
}

std::vector<std::string> limit_report_lines(const std::vector<LimitEvent>& events,
                                            const MachineLimits& limits) {
  std::vector<std::string> lines;
  for (const LimitEvent& e : events) {
    const char* prefix = is_non_physical(e.kind) ? "limits: not modelled, but left: "
                         : is_numerical(e.kind)  ? "numerics: "
                                                 : "limits: ";
    lines.push_back(prefix + describe(e));
  }
  if (lines.empty() && limits.enabled) lines.push_back("limits: none reached");
  return lines;
}

}  // namespace hilsim::sim
