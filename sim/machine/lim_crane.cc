#include "sim/machine/lim_crane.h"

#include <limits>

namespace hilsim::sim::machine {

namespace {

BodyDescription link1(const CraneParameters& c) {
  BodyDescription b;
  b.name = "link1";
  b.mass = c.m;
  b.centre_of_mass = {0.5 * c.L, 0.0};
  b.inertia = c.m * c.L * c.L / 12.0;
  if (c.m_p > 0.0) b.point_masses.push_back({c.m_p, {c.L, 0.0}});
  b.points = {{"A", {0.0, 0.0}}, {"P", {0.5 * c.L, 0.0}}, {"Q", {c.L, 0.0}}};
  return b;
}

BodyDescription link2(const CraneParameters& c) {
  BodyDescription b;
  b.name = "link2";
  b.point_masses.push_back({c.m_h, {c.L_h, 0.0}});
  b.points = {{"Q", {0.0, 0.0}}, {"M", {0.5 * c.L_h, 0.0}}, {"R", {c.L_h, 0.0}}};
  return b;
}

JointDescription revolute(const char* name, const char* parent, const char* child, const char* point,
                          double initial) {
  JointDescription j;
  j.name = name;
  j.parent = parent;
  j.parent_point = point;
  j.child = child;
  j.child_point = point;
  j.initial = initial;
  return j;
}

// The stroke ends dead_length inside the benchmark's cylinder length l at either end, where that much
// oil stays in the chamber (machine_limits.h): the chambers' volumes are those of eq. (12) throughout.
CylinderDescription cylinder(int k, const HydraulicParameters& hyd, const MachineLimits& limits) {
  CylinderDescription c;
  c.name = kLimCylinderNames[k];
  c.base_body = k == 0 ? "ground" : "link1";
  c.base_point = k == 0 ? "B" : "P";
  c.rod_body = k == 0 ? "link1" : "link2";
  c.rod_point = k == 0 ? "P" : "M";
  const double dead = limits.end_stops.dead_length;
  c.piston_area = hyd.a_p;
  c.stroke = hyd.l - 2.0 * dead;
  c.dead_volume_1 = c.dead_volume_2 = hyd.a_p * dead;
  c.friction = hyd.c;
  c.valve.type = ValveDescription::Type::kOpenCentre;
  c.valve.open_centre.area = hyd.a_valve;
  c.valve.open_centre.discharge_coefficient = hyd.c_d;
  c.supply = "pump";
  return c;
}

}  // namespace

MachineDescription lim_crane_description(const CraneParameters& crane, const HydraulicParameters& hyd,
                                         const MachineLimits& limits) {
  MachineDescription d;
  d.name = crane.actuators == 2 ? "LIM crane, two actuators" : "LIM crane";
  d.gravity = crane.g;
  d.ground_points = {{"A", {0.0, 0.0}}, {"B", {crane.x_B, crane.y_B}}};
  d.bodies = {link1(crane), link2(crane)};
  d.joints = {revolute("joint1", "ground", "link1", "A", crane.theta1_0),
              revolute("joint2", "link1", "link2", "Q", crane.theta2_0 - crane.theta1_0)};
  // Link 1's rest (machine_limits.h): θ1 ≥ theta1_min, nothing above.
  d.joints[0].limits = JointLimits{limits.joint_stop.theta1_min, std::numeric_limits<double>::infinity(),
                                   limits.joint_stop.stiffness, limits.joint_stop.damping};
  d.fluid.density = hyd.rho;
  d.fluid.law = FluidDescription::BulkModulusLaw::kBenchmark;
  d.fluid.a = hyd.a;
  d.fluid.b = hyd.b;
  SupplyDescription pump;
  pump.name = "pump";
  pump.pressure = hyd.p_P;
  pump.tank_pressure = hyd.p_T;
  d.supplies = {pump};
  for (int k = 0; k < crane.actuators; ++k) d.cylinders.push_back(cylinder(k, hyd, limits));
  // The benchmark's bound: 20 MPa at its 7.6 MPa supply (sim/machine/build_hydraulics.h), the
  // default any description derives from its supply.
  d.limits.end_stop_stiffness = limits.end_stops.stiffness;
  d.limits.end_stop_damping = limits.end_stops.damping;
  d.limits.vapour_pressure = limits.cavitation.vapour_pressure;
  // The relief valves are fitted with the limits only: a scenario's default cracking pressure need not
  // fit a supply far below the benchmark's when nothing uses it.
  if (limits.enabled) {
    d.limits.chamber_relief_pressure = limits.relief.cracking_pressure;
    d.limits.chamber_relief_gain = limits.relief.flow_gain;
  }
  return d;
}

}  // namespace hilsim::sim::machine
