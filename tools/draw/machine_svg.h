// A machine drawn as SVG (`hilsim draw`), so that a user sees that the file says what they meant: its
// bodies (each the convex hull of its points and joint pins), the ground's pins, the revolute and
// prismatic joints, every named point, the centres of mass, the cylinders with their barrel, rod and
// how far out they are, and the names of all of them, at the initial pose. Poses of a run (run_poses.h)
// are drawn beneath it, faded, each named by its time. World x to the right, y up; 1 m is the same
// length in x and y; the bytes depend only on the model and the poses.
#pragma once

#include <string>
#include <vector>

#include "sim/machine/machine_model.h"

namespace hilsim::draw {

// A pose to draw beside the initial one: the tree coordinates q [rad, m] and what to call it.
struct DrawnPose {
  std::string label;  // e.g. "t = 2.5 s"
  sim::machine::VecQ q;
};

// The drawing: the initial pose (model.initial_q) with every label, and `overlays` beneath it.
std::string machine_svg(const sim::machine::MachineModel& model, const std::vector<DrawnPose>& overlays = {});

}  // namespace hilsim::draw
