#include "tools/scenario/limits_section.h"

#include <cstdio>
#include <numbers>

#include "sim/hydraulics/cylinder.h"
#include "tools/scenario/table_reader.h"
#include "tools/scenario/toml_text.h"

namespace hilsim::scenario {

void load_limits_section(const std::string& path, const toml::table& root, sim::MachineLimits& limits,
                         std::optional<bool>& enabled) {
  TableReader t(path, root, "limits");
  if (root["limits"]["enabled"]) {
    bool on = false;
    t.boolean("enabled", on);
    enabled = on;
  }
  t.number("dead_length", limits.end_stops.dead_length);
  t.number("end_stop_stiffness", limits.end_stops.stiffness);
  t.number("end_stop_damping", limits.end_stops.damping);
  t.number("theta1_min", limits.joint_stop.theta1_min);
  t.number("joint_stop_stiffness", limits.joint_stop.stiffness);
  t.number("joint_stop_damping", limits.joint_stop.damping);
  t.number("vapour_pressure", limits.cavitation.vapour_pressure);
  t.number("relief_pressure", limits.relief.cracking_pressure);
  t.number("relief_gain", limits.relief.flow_gain);
  t.reject_unknown();
}

void validate_limits(const std::string& source, const sim::MachineLimits& l,
                     const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd) {
  const RangeCheck check{source};
  constexpr double inf = INFINITY;
  check("limits.dead_length", l.end_stops.dead_length, 0.0, 0.5 * hyd.l, true, true,
        "m (up to half hydraulics.l)");
  check("limits.end_stop_stiffness", l.end_stops.stiffness, 0.0, inf, true, true, "N/m");
  check("limits.end_stop_damping", l.end_stops.damping, 0.0, inf, false, true, "N*s/m");
  check("limits.theta1_min", l.joint_stop.theta1_min, -0.5 * std::numbers::pi, crane.theta1_0, true, true,
        "rad (up to crane.theta1_0)");
  check("limits.joint_stop_stiffness", l.joint_stop.stiffness, 0.0, inf, true, true, "N*m/rad");
  check("limits.joint_stop_damping", l.joint_stop.damping, 0.0, inf, false, true, "N*m*s/rad");
  check("limits.vapour_pressure", l.cavitation.vapour_pressure, 0.0, hyd.p_T, true, true,
        "Pa (up to hydraulics.p_T)");
  // Below the physical bound (sim/hydraulics/cylinder.h) with room for the valve's overshoot: a relief
  // valve cracking at 20 MPa would open only after the run was called diverged.
  check("limits.relief_pressure", l.relief.cracking_pressure, hyd.p_P, 0.75 * sim::kMaxPhysicalPressure, true,
        false, "Pa (above hydraulics.p_P, up to 15 MPa)");
  check("limits.relief_gain", l.relief.flow_gain, 0.0, inf, true, true, "m^3/(s*Pa)");
}

void write_limits_section(std::ostream& o, const sim::MachineLimits& l) {
  const auto num = [&o](const char* key, double v) { o << key << " = " << toml_number(v) << "\n"; };
  o << "\n[limits]\n";
  o << "enabled = " << (l.enabled ? "true" : "false") << "\n";
  num("dead_length", l.end_stops.dead_length);
  num("end_stop_stiffness", l.end_stops.stiffness);
  num("end_stop_damping", l.end_stops.damping);
  num("theta1_min", l.joint_stop.theta1_min);
  num("joint_stop_stiffness", l.joint_stop.stiffness);
  num("joint_stop_damping", l.joint_stop.damping);
  num("vapour_pressure", l.cavitation.vapour_pressure);
  num("relief_pressure", l.relief.cracking_pressure);
  num("relief_gain", l.relief.flow_gain);
}

}  // namespace hilsim::scenario
