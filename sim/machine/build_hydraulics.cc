#include "sim/machine/build_hydraulics.h"

#include <numbers>
#include <set>

#include "sim/machine/description_checks.h"
#include "sim/machine/kinematics.h"

namespace hilsim::sim::machine::internal {

namespace {

void check_fluid(const FluidDescription& f) {
  require_range(f.density, 0.0, kInfinity, true, true, "fluid.density", "fluid: density", "kg/m³");
  if (f.law == FluidDescription::BulkModulusLaw::kConstant) {
    require_range(f.bulk_modulus, 0.0, kInfinity, true, true, "fluid.bulk_modulus", "fluid: bulk_modulus",
                  "Pa");
    return;
  }
  require_range(f.a, 0.0, kInfinity, true, true, "fluid.a", "fluid: a", "1/Pa");
  require_range(f.b, -kInfinity, kInfinity, true, true, "fluid.b", "fluid: b", "1/Pa²");
}

Supply describe_supply(const SupplyDescription& s, std::size_t i) {
  const std::string key = entry("supplies", i);
  const std::string who = "supply '" + s.name + "': ";
  check_name(s.name, key + ".name", "a supply's");
  require_range(s.tank_pressure, 0.0, kInfinity, false, true, key + ".tank_pressure", who + "tank_pressure",
                "Pa");
  Supply out;
  out.name = s.name;
  out.type = s.type;
  out.tank_pressure = s.tank_pressure;
  if (s.type == SupplyDescription::Type::kConstantPressure) {
    require_range(s.pressure, s.tank_pressure, kInfinity, true, true, key + ".pressure", who + "pressure",
                  "Pa");
    out.pressure = s.pressure;
    return out;
  }
  require_range(s.pump_flow, 0.0, kInfinity, true, true, key + ".pump_flow", who + "pump_flow", "m³/s");
  require_range(s.line_volume, 0.0, kInfinity, true, true, key + ".line_volume", who + "line_volume", "m³");
  require_range(s.relief_pressure, s.tank_pressure, kInfinity, true, true, key + ".relief_pressure",
                who + "relief_pressure", "Pa");
  require_range(s.relief_override, 0.0, kInfinity, true, true, key + ".relief_override",
                who + "relief_override", "Pa");
  out.pump_flow = s.pump_flow;
  out.line_volume = s.line_volume;
  out.relief_pressure = s.relief_pressure;
  out.relief_gain = s.pump_flow / s.relief_override;
  out.pressure = s.relief_pressure + s.relief_override;  // the most it delivers
  return out;
}

void check_valve(const ValveDescription& v, const std::string& key, const std::string& who) {
  if (v.type == ValveDescription::Type::kOpenCentre) {
    require_range(v.open_centre.area, 0.0, kInfinity, true, true, key + ".valve_area", who + "valve_area",
                  "m²");
    require_range(v.open_centre.discharge_coefficient, 0.0, 1.0, true, false, key + ".discharge_coefficient",
                  who + "discharge_coefficient", "");
    return;
  }
  const ProportionalValve& p = v.proportional;
  require_range(p.nominal_flow, 0.0, kInfinity, true, true, key + ".nominal_flow", who + "nominal_flow",
                "m³/s");
  require_range(p.nominal_pressure_drop, 0.0, kInfinity, true, true, key + ".nominal_pressure_drop",
                who + "nominal_pressure_drop", "Pa");
  if (p.return_nominal_flow) {
    require_range(*p.return_nominal_flow, 0.0, kInfinity, true, true, key + ".return_nominal_flow",
                  who + "return_nominal_flow", "m³/s");
  }
  require_range(p.overlap, 0.0, 1.0, false, true, key + ".overlap", who + "overlap", "");
  require_range(p.natural_frequency, 0.0, kInfinity, true, true, key + ".natural_frequency",
                who + "natural_frequency", "Hz");
  require_range(p.damping_ratio, 0.0, kInfinity, true, true, key + ".damping_ratio", who + "damping_ratio",
                "");
  require_range(p.leakage_flow, 0.0, kInfinity, true, true, key + ".leakage_flow", who + "leakage_flow",
                "m³/s");
  require_range(p.leakage_pressure_drop, 0.0, kInfinity, true, true, key + ".leakage_pressure_drop",
                who + "leakage_pressure_drop", "Pa");
  require_range(p.laminar_pressure_drop, 0.0, kInfinity, true, true, key + ".laminar_pressure_drop",
                who + "laminar_pressure_drop", "Pa");
}

// Areas of chamber 1 (the rod side) and 2 (the cap side) [m²].
void cylinder_areas(const CylinderDescription& c, const std::string& key, const std::string& who,
                    Cylinder& out) {
  if (c.piston_area) {
    require_range(*c.piston_area, 0.0, kInfinity, true, true, key + ".piston_area", who + "piston_area",
                  "m²");
    out.area_1 = out.area_2 = *c.piston_area;
    return;
  }
  require_range(c.bore, 0.0, kInfinity, true, true, key + ".bore", who + "bore", "m");
  require_range(c.rod, 0.0, c.bore, false, true, key + ".rod", who + "rod", "m (below the bore)");
  out.area_2 = std::numbers::pi / 4.0 * c.bore * c.bore;
  out.area_1 = c.rod > 0.0 ? std::numbers::pi / 4.0 * (c.bore * c.bore - c.rod * c.rod) : out.area_2;
}

int find_point(const MachineModel& model, const std::string& body, const std::string& point,
               const std::string& key, const std::string& who) {
  const int i = model.point_index(body + "." + point);
  require(i >= 0, key, who + "no point '" + point + "' on body '" + body + "'");
  return i;
}

int find_supply(const MachineModel& model, const std::string& name, const std::string& key,
                const std::string& who) {
  if (name.empty() && model.supplies.size() == 1) return 0;
  for (std::size_t i = 0; i < model.supplies.size(); ++i) {
    if (model.supplies[i].name == name) return static_cast<int>(i);
  }
  std::string list;
  for (const Supply& s : model.supplies) list += (list.empty() ? "" : ", ") + s.name;
  fail(key, who + (name.empty() ? "name its supply" : "supply '" + name + "' is not described") +
                " (supplies: " + (list.empty() ? "none" : list) + ")");
}

// The stroke's place: given, or centred on the initial length (both chambers equal there, LIM
// benchmark 2021, eq. 12); the initial length must lie inside it.
void place_stroke(const CylinderDescription& c, double s0, const std::string& key, const std::string& who,
                  Cylinder& out) {
  require_range(c.stroke, 0.0, kInfinity, true, true, key + ".stroke", who + "stroke", "m");
  out.stroke = c.stroke;
  out.retracted_length = c.retracted_length.value_or(s0 - 0.5 * c.stroke);
  require_range(out.retracted_length, 0.0, kInfinity, true, true, key + ".retracted_length",
                who + "retracted_length", "m");
  const double hi = out.retracted_length + out.stroke;
  const bool inside = (out.volume_1 > 0.0 ? s0 <= hi : s0 < hi) &&
                      (out.volume_2 > 0.0 ? s0 >= out.retracted_length : s0 > out.retracted_length);
  require(inside, key + ".stroke",
          who + "its stroke cannot reach its points: they are " + computed(s0) +
              " m apart at the initial pose, outside [" + number(out.retracted_length) + ", " + computed(hi) +
              "] m (retracted_length, + stroke)");
}

Cylinder describe_cylinder(const MachineModel& model, const MachineDescription& d, const MachineData& data,
                           std::size_t i) {
  const CylinderDescription& c = d.cylinders[i];
  const std::string key = entry("cylinders", i);
  const std::string who = "cylinder '" + c.name + "': ";
  check_name(c.name, key + ".name", "a cylinder's");
  Cylinder out;
  out.name = c.name;
  out.base_point = find_point(model, c.base_body, c.base_point, key + ".base", who);
  out.rod_point = find_point(model, c.rod_body, c.rod_point, key + ".rod_end", who);
  require(model.points[out.base_point].body != model.points[out.rod_point].body, key + ".rod_end",
          who + "both ends are on body '" + c.base_body + "': it could never move");
  cylinder_areas(c, key, who, out);
  for (const auto& [v, name] :
       {std::pair{c.dead_volume_1, "dead_volume_1"}, std::pair{c.dead_volume_2, "dead_volume_2"},
        std::pair{c.hose_volume_1, "hose_volume_1"}, std::pair{c.hose_volume_2, "hose_volume_2"}}) {
    require_range(v, 0.0, kInfinity, false, true, key + "." + name, who + name, "m³");
  }
  out.volume_1 = c.dead_volume_1 + c.hose_volume_1;
  out.volume_2 = c.dead_volume_2 + c.hose_volume_2;
  require_range(c.friction, 0.0, kInfinity, false, true, key + ".friction", who + "friction", "N·s/m");
  out.friction = c.friction;
  const Point& base = model.points[out.base_point];
  const Point& rod = model.points[out.rod_point];
  const double s0 =
      (point_position(data, rod.body, rod.at) - point_position(data, base.body, base.at)).norm();
  place_stroke(c, s0, key, who, out);
  check_valve(c.valve, key, who);
  out.valve = c.valve;
  out.supply = find_supply(model, c.supply, key + ".supply", who);
  return out;
}

}  // namespace

void build_supplies(MachineModel& model, const MachineDescription& d) {
  check_fluid(d.fluid);
  model.fluid = d.fluid;
  // As many as cylinders at most: a supply feeds one or more of them.
  require(d.supplies.size() <= static_cast<std::size_t>(kMaxCylinders), "supplies",
          "the machine has " + std::to_string(d.supplies.size()) + " supplies; at most " +
              std::to_string(kMaxCylinders));
  std::set<std::string> names;
  for (std::size_t i = 0; i < d.supplies.size(); ++i) {
    model.supplies.push_back(describe_supply(d.supplies[i], i));
    require(names.insert(d.supplies[i].name).second, entry("supplies", i) + ".name",
            "supply '" + d.supplies[i].name + "' is described twice");
  }
}

void build_cylinders(MachineModel& model, const MachineDescription& d) {
  require(d.cylinders.size() <= static_cast<std::size_t>(kMaxCylinders), "cylinders",
          "the machine has " + std::to_string(d.cylinders.size()) + " cylinders; at most " +
              std::to_string(kMaxCylinders));
  MachineData data(model);
  forward_kinematics(model, model.initial_q, VecQ::Zero(model.coordinates()), data);
  std::set<std::string> names;
  for (std::size_t i = 0; i < d.cylinders.size(); ++i) {
    model.cylinders.push_back(describe_cylinder(model, d, data, i));
    require(names.insert(d.cylinders[i].name).second, entry("cylinders", i) + ".name",
            "cylinder '" + d.cylinders[i].name + "' is described twice");
  }
}

void build_limits(MachineModel& model, const MachineDescription& d) {
  const LimitsDescription& l = d.limits;
  require_range(l.end_stop_stiffness, 0.0, kInfinity, true, true, "limits.end_stop_stiffness",
                "limits: end_stop_stiffness", "N/m");
  require_range(l.end_stop_damping, 0.0, kInfinity, false, true, "limits.end_stop_damping",
                "limits: end_stop_damping", "N·s/m");
  double highest = 0.0, lowest_tank = kInfinity;
  for (const Supply& s : model.supplies) {
    highest = std::max(highest, s.pressure);
    lowest_tank = std::min(lowest_tank, s.tank_pressure);
  }
  model.limits = l;
  model.limits.diverged_pressure = l.diverged_pressure.value_or(default_diverged_pressure(highest));
  require_range(*model.limits.diverged_pressure, highest, kInfinity, true, true, "limits.diverged_pressure",
                "limits: diverged_pressure", "Pa (above every supply's pressure)");
  require_range(l.vapour_pressure, 0.0, lowest_tank, true, true, "limits.vapour_pressure",
                "limits: vapour_pressure", "Pa (below the tank pressure)");
  if (l.chamber_relief_pressure) {
    require_range(*l.chamber_relief_pressure, 0.0, *model.limits.diverged_pressure, true, true,
                  "limits.chamber_relief_pressure", "limits: chamber_relief_pressure",
                  "Pa (below diverged_pressure)");
  }
  require_range(l.chamber_relief_gain, 0.0, kInfinity, true, true, "limits.chamber_relief_gain",
                "limits: chamber_relief_gain", "m³/(s·Pa)");
}

}  // namespace hilsim::sim::machine::internal
