// The stability verdict for one co-simulation run, as `hilsim sweep` applies it: a run is stable
// when it stays finite, its actuator length stays within 5 cm of the reference at every compared
// point, and both chamber pressures stay inside (0, 20 MPa). An unstable co-simulation of this crane
// shows growing oscillations of s1 and pressures swinging through zero; a stable but inaccurate one
// (large H near the limit) stays well inside these bounds, as the published runs do.
#pragma once

#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

struct StabilityCriterion {
  double max_s1_deviation = 0.05;              // [m]
  double min_pressure = kMinPhysicalPressure;  // [Pa], exclusive
  double max_pressure = kMaxPhysicalPressure;  // [Pa], exclusive
};

struct StabilityVerdict {
  bool stable = false;
  double min_pressure = 0.0;  // lowest p1 or p2 seen [Pa]
  double max_pressure = 0.0;  // highest p1 or p2 seen [Pa]
  TrajectoryDeviation deviation;
};

// `actuators`: 1 or 2; with 2 the pressures of actuator 2 are checked as well.
StabilityVerdict assess_stability(const std::vector<Sample>& samples, bool diverged,
                                  const ReferenceCurve& reference, const StabilityCriterion& criterion = {},
                                  int actuators = 1);

}  // namespace hilsim::sim
