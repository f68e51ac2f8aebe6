// One cylinder's hydraulics as every integrator and coupling sees it: its chambers' areas and volumes,
// its fluid, its valve, its tank and its limits (relief valves on the chambers, the stroke's ends),
// built once from the machine model (sim/machine/machine_model.h). With the valve's flows
// (valve.h) the chambers' pressures obey (LIM benchmark 2021, eqs. 9–10, generalised to differential
// areas and dead volumes)
//   ṗ1 = β(p1)/V1(s) (q1 + A1 ṡ − Q_r(p1)),   V1(s) = V1⁰ − A1 s   (chamber 1 shrinks as s grows)
//   ṗ2 = β(p2)/V2(s) (q2 − A2 ṡ − Q_r(p2)),   V2(s) = V2⁰ + A2 s
// and the cylinder pushes out with f = p2 A2 − p1 A1 − c ṡ (eq. 8). The relief flow Q_r(p) =
// g (p − p_r) above the cracking pressure p_r is zero without the machine's limits.
#pragma once

#include <Eigen/Dense>
#include <limits>

#include "sim/hydraulics/fluid.h"
#include "sim/hydraulics/valve.h"
#include "sim/machine/machine_model.h"

namespace hilsim::sim {

struct CylinderHydraulics {
  double A1 = 0.0, A2 = 0.0;  // chamber areas [m²]
  double V1_0 = 0.0;          // V1 at s = 0 [m³] (an extrapolation: only V1(s) in the stroke is physical)
  double V2_0 = 0.0;          // V2 at s = 0 [m³]
  double friction = 0.0;      // c [N·s/m]
  Fluid fluid;
  ValveModel valve;
  double tank_pressure = 0.0;                                        // p_T [Pa]
  double relief_pressure = std::numeric_limits<double>::infinity();  // p_r [Pa]; ∞: none
  double relief_gain = 0.0;                                          // g [m³/(s·Pa)]
  double stroke_min = 0.0, stroke_max = 0.0;                         // the stroke's ends [m]

  // Cylinder k of the model; `limits`: the machine's relief valves fitted.
  static CylinderHydraulics from(const machine::MachineModel& model, int k, bool limits);
};

inline Eigen::Vector2d chamber_volumes(const CylinderHydraulics& c, double s) {
  return {c.V1_0 - c.A1 * s, c.V2_0 + c.A2 * s};
}

inline double chamber_relief_flow(const CylinderHydraulics& c, double p) {
  if (!(p > c.relief_pressure)) return 0.0;
  return c.relief_gain * (p - c.relief_pressure);
}

// The net inflows [m³/s] of the header's equations (valve, piston, relief) at supply pressure p_s.
inline Eigen::Vector2d chamber_inflows(const CylinderHydraulics& c, const Eigen::Vector2d& p, double s_dot,
                                       double valve_position, double p_s) {
  const ValveFlows v =
      valve_flows(c.valve, valve_position, c.fluid.density, p_s, c.tank_pressure, p[0], p[1]);
  return {v.q1 + c.A1 * s_dot - chamber_relief_flow(c, p[0]),
          v.q2 - c.A2 * s_dot - chamber_relief_flow(c, p[1])};
}

// ṗ [Pa/s] at length s [m], rate ṡ [m/s], valve position (κ or the spool's) and supply pressure p_s [Pa].
[[gnu::always_inline]] inline Eigen::Vector2d chamber_pressure_rates(const CylinderHydraulics& c,
                                                                     const Eigen::Vector2d& p, double s,
                                                                     double s_dot, double valve_position,
                                                                     double p_s) {
  const Eigen::Vector2d q = chamber_inflows(c, p, s_dot, valve_position, p_s);
  const Eigen::Vector2d V = chamber_volumes(c, s);
  return {bulk_modulus(c.fluid, p[0]) / V[0] * q[0], bulk_modulus(c.fluid, p[1]) / V[1] * q[1]};
}

// The pressures a chamber can hold [Pa]: above zero (absolute; below it the oil would carry a
// tension) and below `diverged` (the model's limits.diverged_pressure: only a numerical blow-up gets
// there). A state outside them is not the machine's: every run (offline, threads, HIL) and the
// stability sweep call it diverged. False for NaN too.
inline bool pressures_physical(const Eigen::Vector2d& p, double diverged) {
  return p[0] > 0.0 && p[0] < diverged && p[1] > 0.0 && p[1] < diverged;
}

// f = p2 A2 − p1 A1 − c ṡ [N]; positive extends.
inline double cylinder_force(const CylinderHydraulics& c, const Eigen::Vector2d& p, double s_dot) {
  return p[1] * c.A2 - p[0] * c.A1 - c.friction * s_dot;
}
// The pressures' part p2 A2 − p1 A1 [N].
inline double pressure_force(const CylinderHydraulics& c, const Eigen::Vector2d& p) {
  return p[1] * c.A2 - p[0] * c.A1;
}

}  // namespace hilsim::sim
