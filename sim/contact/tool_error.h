// How far a contact co-simulation's tool strays from a reference run (Peiret et al. (contact tasks), Fig. 7:
// "RMS error of the position and velocity of the arm's end effector compared with the reference"): the RMS
// over the communication points of the distance between the tool's positions (x, y) [m] and between its
// velocities (ẋ, ẏ) [m/s], the largest position distance, for runs at the same macro step.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/analysis/trajectory.h"

namespace hilsim::sim::contact {

struct ToolError {
  double rms_position = 0.0;  // [m]
  double rms_velocity = 0.0;  // [m/s]
  double max_position = 0.0;  // [m]
  std::size_t points = 0;     // communication points compared
  // Every point of the reference was compared and every value was finite; else the errors are +inf.
  bool complete = true;
};

// Compares `run` with `reference` point by point; both start at t_0 with the same macro step (a
// point whose times differ by more than 1e-9 s makes the comparison incomplete).
ToolError tool_error(const std::vector<Sample>& run, const std::vector<Sample>& reference);

}  // namespace hilsim::sim::contact
