// What a run's samples say about the machine's limits (sim/machine/machine_model.h: the cylinders'
// strokes, the joints' limits, cavitation, relief valves), for the run's report and, when it
// diverged, for naming the cause:
//   - with the limits modelled: which engaged, first when, how many separate episodes, the extreme;
//   - without them: the first state the machine cannot be in (a piston beyond the end of its
//     cylinder, an absolute pressure below zero, a joint beyond the range its limits give);
//   - either way: where an explicit hydraulic integrator's step was beyond its stability limit,
//     h_H |∂ṗ_i/∂p_i| > 2 for forward Euler (2.785 for RK4) — the chamber stiffens as it shortens,
//     so a step that is stable at mid-stroke is not near the ends — and where the coupling
//     monitor's error energy shows the macro step too large for the coupling.
// It reads the samples after the run (one per communication point), so it costs the run nothing and
// can miss an excursion shorter than a macro step.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/cosim_settings.h"
#include "sim/hydraulics/cylinder_hydraulics.h"
#include "sim/machine/machine_model.h"

namespace hilsim::sim {

enum class LimitKind {
  kEndStop,           // limits on: a piston at an end stop
  kJointStop,         // limits on: a joint on one of its limits
  kCavitation,        // limits on: a chamber at the vapour pressure
  kRelief,            // limits on: a relief valve open
  kBeyondCylinder,    // limits off: a piston beyond the end of its cylinder (a chamber length < 0)
  kNegativePressure,  // limits off: an absolute pressure below zero
  kBeyondJointRange,  // limits off: a joint beyond the range its limits give
  kUnstableStep,      // an explicit hydraulic step beyond its stability limit
  kCouplingError,     // the coupling monitor's error energy |δE| beyond coupling_error_limit()
};

// |δE| [J] beyond which the coupling monitor (Rahikainen et al. 2020, eqs. 19–24) says the macro step is too
// large for the coupling, at the least: the benchmark's stable runs stay within 20 J over 10 s (f-s,
// H = 10 ms: 11.5 J), its unstable ones pass 10 kJ (f-s, H = 14 ms: 16 kJ).
inline constexpr double kCouplingErrorLimit = 1e3;
// A larger machine's error energy scales with its work: the limit is at least this fraction of what
// its cylinders can do, Σ_k p_k A_k (stroke of k) with p_k the supply's pressure (a pump's relief)
// and A_k the larger area. The LIM crane's 1 % is 0.21 kJ, under kCouplingErrorLimit (unchanged);
// the excavator's is 22 kJ, where its p-s dig cycle at H = 1 ms, a good run (its energy balance
// closes to 0.4 kJ), reaches 1.7 kJ, and f-s at H = 2 ms with the limits on 0.8 MJ.
inline constexpr double kCouplingErrorFraction = 0.01;

// The monitor's limit for `model` [J]: max(kCouplingErrorLimit, kCouplingErrorFraction Σ_k p_k A_k stroke_k).
double coupling_error_limit(const machine::MachineModel& model);

struct LimitEvent {
  LimitKind kind;
  std::string where;     // "actuator 1, retracted", "actuator 2, chamber 1", "joint1, lower", ...
  double first_t = 0.0;  // [s]
  int episodes = 0;      // separate stretches of samples in which it held
  double extreme = 0.0;  // the most extreme value seen (s [m], p [Pa], q [rad or m], h|∂ṗ/∂p| [-])
  double limit = 0.0;    // kCouplingError: the monitor's limit [J] (coupling_error_limit)
};

// True for the kinds that mean the model left what the machine can do (limits off).
bool is_non_physical(LimitKind kind);
// True for the kinds that say the numerics, not the machine, went wrong.
bool is_numerical(LimitKind kind);

// One line, e.g. "end stop of actuator 1, extended (s = 0.7112 m): first at t = 4.95 s, 1 episode".
std::string describe(const LimitEvent& event);

class EventLog;

// Watches samples one at a time (the real-time run's writer thread keeps no samples).
class LimitMonitor {
 public:
  // The model as given to the plan (its relief valves fitted when settings.limits are on).
  LimitMonitor(const machine::MachineModel& model, const CosimSettings& settings);
  ~LimitMonitor();
  LimitMonitor(const LimitMonitor&) = delete;
  LimitMonitor& operator=(const LimitMonitor&) = delete;

  void observe(const Sample& sample);
  // The events so far, in order of first occurrence.
  const std::vector<LimitEvent>& events() const;
  // The coupling monitor's verdict so far: its error energy has passed coupling_error_limit(), so the
  // run's results are the numerics', not the machine's (held once seen). A live run flags it in
  // the status frame's numerical_fault and ends with exit status 3.
  bool numerical_fault() const { return numerical_fault_; }

 private:
  struct Joint {
    int coordinate = 0;
    int parent = machine::kGround;
    double lower = 0.0, upper = 0.0;  // [rad]
  };
  std::vector<CylinderHydraulics> hyd_;
  std::vector<double> p_supply_;  // each cylinder's supply pressure, for its stability estimate [Pa]
  std::vector<double> vapour_;    // [Pa]
  std::vector<Joint> joints_;     // the revolute tree joints with limits
  CosimSettings settings_;
  std::unique_ptr<EventLog> log_;
  double coupling_error_limit_ = kCouplingErrorLimit;  // [J]
  bool numerical_fault_ = false;
};

// The events of a whole run's samples.
std::vector<LimitEvent> find_limit_events(const std::vector<Sample>& samples,
                                          const machine::MachineModel& model, const CosimSettings& settings);

// The message for a run that stopped with a non-finite state: its most likely cause from `events`
// and the remedy that fits it.
std::string divergence_cause(const std::vector<LimitEvent>& events);

// "diverged after t = … s (a state left the physical bounds: …): <cause>", for every command that
// reports a diverged run; t [s] is the last communication point reached, `diverged_pressure` [Pa] the
// model's bound.
std::string divergence_report(double t, const std::vector<LimitEvent>& events, double diverged_pressure);

// "was numerically wrong from t = … s: <the coupling error event>; reduce H …", for a run that
// finished (no state left its bounds) but whose coupling monitor found a fault
// (LimitMonitor::numerical_fault()); empty when `events` hold no coupling error.
std::string numerical_fault_report(const std::vector<LimitEvent>& events);

// The report's lines, one per event ("limits: ..."), or "limits: none reached" when the limits are
// modelled and none engaged; nothing when they are not modelled and the machine stayed inside them.
std::vector<std::string> limit_report_lines(const std::vector<LimitEvent>& events, bool limits_modelled);

}  // namespace hilsim::sim
