// The probes of a contact co-simulation's subsystems (sim/cosim/subsystem.h), by name: the tool's
// pose and velocity, its closed contacts and their normal force on the side that holds the tool (the
// tool side, or the monolithic system), the arm's interface body pose on the side that holds the
// arm. The sample assembly (contact_samples.h) finds them by these names in whichever subsystem has
// them.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "sim/contact/time_stepper.h"

namespace hilsim::sim::contact {

enum class ToolProbe {
  kX,
  kY,
  kTheta,  // the tool body's pose [m, m, rad]
  kXdot,
  kYdot,
  kThetadot,     // its velocity [m/s, m/s, rad/s]
  kContacts,     // contacts with a normal impulse > 0 in the last step (TimeStepper::closed_contacts)
  kNormalForce,  // their total normal force in the last step [N] (TimeStepper::total_normal_force)
  kCount,
};

// "tool_x", "tool_y", "tool_theta", "tool_xdot", "tool_ydot", "tool_thetadot", "contacts",
// "normal_force".
const std::vector<std::string>& tool_probe_names();
// "arm_x", "arm_y", "arm_theta": the arm's interface body pose [m, m, rad].
const std::vector<std::string>& arm_probe_names();

// The tool probes of `tool` after `stepper`'s last step, into out[0, ToolProbe::kCount).
void probe_tool(const PlanarBody& tool, const TimeStepper& stepper, std::span<double> out) noexcept;
// The arm probes of its interface body `arm`, into out[0, 3).
void probe_arm(const PlanarBody& arm, std::span<double> out) noexcept;

}  // namespace hilsim::sim::contact
