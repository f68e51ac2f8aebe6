#include "sim/contact/contact_probes.h"

namespace hilsim::sim::contact {

const std::vector<std::string>& tool_probe_names() {
  static const std::vector<std::string> names = {"tool_x",    "tool_y",        "tool_theta", "tool_xdot",
                                                 "tool_ydot", "tool_thetadot", "contacts",   "normal_force"};
  return names;
}

const std::vector<std::string>& arm_probe_names() {
  static const std::vector<std::string> names = {"arm_x", "arm_y", "arm_theta"};
  return names;
}

void probe_tool(const PlanarBody& tool, const TimeStepper& stepper, std::span<double> out) noexcept {
  for (int i = 0; i < 3; ++i) {
    out[i] = tool.q[i];
    out[3 + i] = tool.v[i];
  }
  out[static_cast<int>(ToolProbe::kContacts)] = stepper.closed_contacts();
  out[static_cast<int>(ToolProbe::kNormalForce)] = stepper.total_normal_force();
}

void probe_arm(const PlanarBody& arm, std::span<double> out) noexcept {
  for (int i = 0; i < 3; ++i) out[i] = arm.q[i];
}

}  // namespace hilsim::sim::contact
