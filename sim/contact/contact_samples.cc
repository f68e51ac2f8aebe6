#include "sim/contact/contact_samples.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "sim/hydraulics/cylinder_hydraulics.h"

namespace hilsim::sim::contact {

namespace {

// The crane's values of a hydraulic-mode sample, (subsystem, probe); "" for the subsystem that holds
// the arm (its driver's probes).
const std::array<std::pair<const char*, const char*>, 12> kCraneProbes = {{{"", "q1"},
                                                                           {"", "q2"},
                                                                           {"", "s1"},
                                                                           {"", "s1dot"},
                                                                           {"", "s2"},
                                                                           {"", "s2dot"},
                                                                           {"hydraulics", "p1"},
                                                                           {"hydraulics", "p2"},
                                                                           {"hydraulics", "kappa"},
                                                                           {"hydraulics_2", "p1_2"},
                                                                           {"hydraulics_2", "p2_2"},
                                                                           {"hydraulics_2", "kappa_2"}}};

// (subsystem index, probe index) of `probe` on the subsystem called `name` ("": on any).
std::pair<std::size_t, std::size_t> locate(const std::vector<Subsystem*>& subsystems,
                                           const std::pair<const char*, const char*>& probe) {
  for (std::size_t i = 0; i < subsystems.size(); ++i) {
    if (*probe.first != '\0' && subsystems[i]->name() != probe.first) continue;
    const std::vector<std::string>& names = subsystems[i]->probe_names();
    const auto it = std::find(names.begin(), names.end(), probe.second);
    if (it != names.end()) return {i, static_cast<std::size_t>(it - names.begin())};
  }
  throw std::invalid_argument(std::string("contact co-simulation in hydraulic mode: no probe '") +
                              probe.second + "' on " + (*probe.first != '\0' ? probe.first : "the arm"));
}

}  // namespace

ContactSampleAssembly::ContactSampleAssembly(double H, const std::vector<Subsystem*>& subsystems,
                                             const machine::MachineModel* crane)
    : H_(H), crane_model_(crane) {
  if (crane) {
    for (std::size_t k = 0; k < kCraneValues; ++k) {
      const auto [subsystem, index] = locate(subsystems, kCraneProbes[k]);
      crane_[k] = At{subsystem, index};
    }
  }
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

Sample ContactSampleAssembly::sample(std::int64_t n, std::span<const ProbeValues> probes) const {
  const ProbeValues& p = probes[subsystem_];
  const auto at = [&](ToolProbe k) { return p[index_[static_cast<std::size_t>(k)]]; };
  Sample s;
  s.t = static_cast<double>(n) * H_;
  s.tool_x = at(ToolProbe::kX);
  s.tool_y = at(ToolProbe::kY);
  s.tool_theta = at(ToolProbe::kTheta);
  s.tool_xdot = at(ToolProbe::kXdot);
  s.tool_ydot = at(ToolProbe::kYdot);
  s.tool_thetadot = at(ToolProbe::kThetadot);
  s.contacts = static_cast<int>(at(ToolProbe::kContacts));
  s.normal_force = at(ToolProbe::kNormalForce);
  if (crane_model_) add_crane_columns(probes, s);
  return s;
}

}  // namespace hilsim::sim::contact

namespace hilsim::sim::contact {

void ContactSampleAssembly::add_crane_columns(std::span<const ProbeValues> probes, Sample& s) const {
  std::array<double, kCraneValues> v{};
  for (std::size_t k = 0; k < kCraneValues; ++k) v[k] = probes[crane_[k].subsystem][crane_[k].index];
  s.theta[0] = v[0];
  s.theta[1] = v[1];
  s.q[0] = v[0];
  s.q[1] = v[1] - v[0];
  s.cyl[0].s = v[2];
  s.cyl[0].s_dot = v[3];
  s.cyl[1].s = v[4];
  s.cyl[1].s_dot = v[5];
  s.cyl[0].p1 = v[6];
  s.cyl[0].p2 = v[7];
  s.cyl[0].kappa = v[8];
  s.cyl[1].p1 = v[9];
  s.cyl[1].p2 = v[10];
  s.cyl[1].kappa = v[11];
  for (int k = 0; k < 2; ++k) {
    const machine::Cylinder& c = crane_model_->cylinders[k];
    s.cyl[k].f_h = s.cyl[k].p2 * c.area_2 - s.cyl[k].p1 * c.area_1 - c.friction * s.cyl[k].s_dot;  // eq. (8)
  }
}

}  // namespace hilsim::sim::contact
