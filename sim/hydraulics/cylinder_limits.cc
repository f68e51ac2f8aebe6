#include "sim/hydraulics/cylinder_limits.h"

namespace hilsim::sim {

CylinderLimits cylinder_limits(const MachineLimits& machine, const HydraulicParameters& hyd, double s0) {
  CylinderLimits c;
  if (!machine.enabled) return c;
  c.vapour_pressure = machine.cavitation.vapour_pressure;
  c.stroke_min = s0 - 0.5 * hyd.l + machine.end_stops.dead_length;
  c.stroke_max = s0 + 0.5 * hyd.l - machine.end_stops.dead_length;
  return c;
}

HydraulicParameters with_relief_valve(const HydraulicParameters& hyd, const MachineLimits& machine) {
  HydraulicParameters out = hyd;
  if (!machine.enabled) return out;
  out.relief_pressure = machine.relief.cracking_pressure;
  out.relief_gain = machine.relief.flow_gain;
  return out;
}

}  // namespace hilsim::sim
