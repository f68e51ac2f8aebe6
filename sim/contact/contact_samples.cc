#include "sim/contact/contact_samples.h"

#include <algorithm>
#include <stdexcept>

namespace hilsim::sim::contact {

ContactSampleAssembly::ContactSampleAssembly(double H, const std::vector<Subsystem*>& subsystems) : H_(H) {
  const std::vector<std::string>& wanted = tool_probe_names();
  for (std::size_t i = 0; i < subsystems.size(); ++i) {
    const std::vector<std::string>& names = subsystems[i]->probe_names();
    bool all = true;
    for (std::size_t k = 0; k < wanted.size() && all; ++k) {
      const auto it = std::find(names.begin(), names.end(), wanted[k]);
      all = it != names.end();
      if (all) index_[k] = static_cast<std::size_t>(it - names.begin());
    }
    if (all) {
      subsystem_ = i;
      return;
    }
  }
  throw std::invalid_argument("contact co-simulation: no subsystem has the tool probes (tool_x, ...)");
}

CraneSample ContactSampleAssembly::sample(std::int64_t n, std::span<const ProbeValues> probes) const {
  const ProbeValues& p = probes[subsystem_];
  const auto at = [&](ToolProbe k) { return p[index_[static_cast<std::size_t>(k)]]; };
  CraneSample s;
  s.t = static_cast<double>(n) * H_;
  s.tool_x = at(ToolProbe::kX);
  s.tool_y = at(ToolProbe::kY);
  s.tool_theta = at(ToolProbe::kTheta);
  s.tool_xdot = at(ToolProbe::kXdot);
  s.tool_ydot = at(ToolProbe::kYdot);
  s.tool_thetadot = at(ToolProbe::kThetadot);
  s.contacts = static_cast<int>(at(ToolProbe::kContacts));
  s.normal_force = at(ToolProbe::kNormalForce);
  return s;
}

}  // namespace hilsim::sim::contact
