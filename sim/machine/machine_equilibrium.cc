#include "sim/machine/machine_equilibrium.h"

#include <algorithm>
#include <cmath>

#include "sim/hydraulics/cylinder_hydraulics.h"
#include "sim/hydraulics/supply.h"
#include "sim/machine/description_checks.h"
#include "sim/machine/kinematics.h"
#include "sim/machine/reduced_dynamics.h"
#include "sim/machine/root_finding.h"

namespace hilsim::sim::machine {

namespace {

constexpr double kPressureTolerance = 1e-9;  // [Pa]
constexpr double kCommandTolerance = 1e-15;  // [-]

// p_i where chamber i (0 or 1) takes no net inflow at valve position x and supply pressure p_s [Pa].
double rest_pressure(const CylinderHydraulics& c, int chamber, double x, double p_s) {
  const auto inflow = [&](double p) {
    const Eigen::Vector2d pp(p, p);
    return chamber_inflows(c, pp, 0.0, x, p_s)[chamber];
  };
  return brent_root(inflow, c.tank_pressure, p_s, kPressureTolerance).x;
}

Eigen::Vector2d rest_pressures(const CylinderHydraulics& c, double x, double p_s) {
  return {rest_pressure(c, 0, x, p_s), rest_pressure(c, 1, x, p_s)};
}

// The valve position and pressures that hold `force` [N] at supply pressure p_s [Pa].
void hold_force(const MachineModel& model, int k, const CylinderHydraulics& c, double p_s,
                CylinderEquilibrium& out) {
  const auto excess = [&](double x) { return pressure_force(c, rest_pressures(c, x, p_s)) - out.force; };
  const double lo = c.valve.command_min(), hi = c.valve.command_max();
  const Root root = brent_root(excess, lo, hi, kCommandTolerance);
  if (!root.bracketed) {
    const double f_lo = excess(lo) + out.force, f_hi = excess(hi) + out.force;
    internal::fail(
        internal::entry("cylinders", static_cast<std::size_t>(k)),
        "cylinder '" + model.cylinders[k].name + "' cannot hold the machine at rest: it must push " +
            internal::computed(out.force) + " N, and over its valve's range it pushes " +
            internal::computed(std::min(f_lo, f_hi)) + " to " + internal::computed(std::max(f_lo, f_hi)) +
            " N with its supply at " + internal::computed(p_s) + " Pa");
  }
  out.command = root.x;
  out.p = rest_pressures(c, root.x, p_s);
}

// What the valves fed by supply `s` draw at rest with the line at p_s, each cylinder's equilibrium set.
double drawn_at_rest(const MachineModel& model, const std::vector<CylinderHydraulics>& hyd, int s, double p_s,
                     MachineEquilibrium& eq) {
  double drawn = 0.0;
  for (int k = 0; k < model.cylinder_count(); ++k) {
    if (model.cylinders[k].supply != s) continue;
    hold_force(model, k, hyd[k], p_s, eq.cylinders[k]);
    const CylinderHydraulics& c = hyd[k];
    const Eigen::Vector2d& p = eq.cylinders[k].p;
    drawn += valve_flows(c.valve, eq.cylinders[k].command, c.fluid.density, p_s, c.tank_pressure, p[0], p[1])
                 .supply;
  }
  return drawn;
}

// A pump's line pressure at rest: the pump's flow balances the valves' draw and the relief flow.
double pump_pressure(const MachineModel& model, const std::vector<CylinderHydraulics>& hyd, int s,
                     MachineEquilibrium& eq) {
  const SupplyModel sm = SupplyModel::from(model, s);
  const auto surplus = [&](double p_s) {
    return sm.pump_flow - drawn_at_rest(model, hyd, s, p_s, eq) - supply_relief_flow(sm, p_s);
  };
  const double hi = sm.relief_pressure + 2.0 * sm.pump_flow / sm.relief_gain;
  double lo = sm.relief_pressure;
  for (int halvings = 0; surplus(lo) < 0.0; ++halvings) {
    internal::require(halvings < 60, internal::entry("supplies", static_cast<std::size_t>(s)),
                      "pump '" + model.supplies[s].name +
                          "' cannot keep its line up at rest: its valves draw more than it delivers");
    lo = sm.tank_pressure + 0.5 * (lo - sm.tank_pressure);
  }
  const double p_s = brent_root(surplus, lo, hi, kPressureTolerance).x;
  drawn_at_rest(model, hyd, s, p_s, eq);  // each cylinder's equilibrium at the root
  return p_s;
}

// The holding forces at the initial pose, checked to hold the machine.
void holding_forces(const MachineModel& model, MachineEquilibrium& eq) {
  MachineData data(model);
  const VecQ zero = VecQ::Zero(model.coordinates());
  forward_kinematics(model, eq.q, zero, data);
  ReducedDynamics rd;
  reduced_dynamics(model, data, rd);
  const VecK f = static_cylinder_forces(rd);
  const VecQ q_ddot = independent_accelerations(rd, f);
  eq.residual_acceleration = q_ddot.lpNorm<Eigen::Infinity>();
  internal::require(f.allFinite(), "cylinders",
                    "the cylinders cannot hold the machine at rest: two or more of them move it alike");
  internal::require(
      eq.residual_acceleration <= kRestTolerance, "joints",
      "the initial pose is no pose at rest: with the cylinders holding what they can, it accelerates at " +
          internal::computed(eq.residual_acceleration) +
          " rad/s² (a joint no cylinder moves must hang in balance)");
  for (int k = 0; k < model.cylinder_count(); ++k) {
    eq.cylinders[k].force = f[k];
    eq.cylinders[k].s = rd.s[k];
  }
}

}  // namespace

CylinderEquilibrium hold_cylinder(const MachineModel& model, int k, double force, double s, double p_s,
                                  bool limits) {
  CylinderEquilibrium e;
  e.force = force;
  e.s = s;
  hold_force(model, k, CylinderHydraulics::from(model, k, limits), p_s, e);
  return e;
}

MachineEquilibrium solve_machine_equilibrium(const MachineModel& model, bool limits) {
  internal::require(model.cylinder_count() > 0, "cylinders", "the machine has no cylinder ([[cylinders]])");
  MachineEquilibrium eq;
  eq.q = model.initial_q;
  eq.cylinders.resize(model.cylinders.size());
  holding_forces(model, eq);
  std::vector<CylinderHydraulics> hyd;
  hyd.reserve(model.cylinders.size());
  for (int k = 0; k < model.cylinder_count(); ++k) hyd.push_back(CylinderHydraulics::from(model, k, limits));
  for (int s = 0; s < static_cast<int>(model.supplies.size()); ++s) {
    const Supply& supply = model.supplies[s];
    const bool pump = supply.type == SupplyDescription::Type::kPump;
    eq.supply_pressure.push_back(pump ? pump_pressure(model, hyd, s, eq) : supply.pressure);
    if (!pump) drawn_at_rest(model, hyd, s, supply.pressure, eq);
  }
  return eq;
}

}  // namespace hilsim::sim::machine
