// The stability verdict for one co-simulation run, as `hilsim sweep` applies it: a run is stable
// when it stays finite, its first cylinder's length stays within 5 cm of the reference at every
// compared point, and every chamber pressure stays inside (0, the machine's diverged pressure: 20 MPa
// for the benchmark). An unstable co-simulation of the benchmark's crane shows growing oscillations of
// s1 and pressures swinging through zero; a stable but inaccurate one (large H near the limit) stays
// well inside these bounds, as the published runs do.
#pragma once

#include <vector>

#include "sim/analysis/trajectory.h"

namespace hilsim::sim {

struct StabilityCriterion {
  double max_s1_deviation = 0.05;  // [m]
  double min_pressure = 0.0;       // [Pa], exclusive
  double max_pressure = 20e6;      // [Pa], exclusive: the model's limits.diverged_pressure
};

struct StabilityVerdict {
  bool stable = false;
  double min_pressure = 0.0;  // lowest p1 or p2 seen [Pa]
  double max_pressure = 0.0;  // highest p1 or p2 seen [Pa]
  TrajectoryDeviation deviation;
};

// `actuators`: the machine's cylinders, whose pressures are checked.
StabilityVerdict assess_stability(const std::vector<Sample>& samples, bool diverged,
                                  const ReferenceCurve& reference, const StabilityCriterion& criterion = {},
                                  int actuators = 1);

}  // namespace hilsim::sim
