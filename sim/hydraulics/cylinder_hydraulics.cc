#include "sim/hydraulics/cylinder_hydraulics.h"

namespace hilsim::sim {

CylinderHydraulics CylinderHydraulics::from(const machine::MachineModel& model, int k, bool limits) {
  const machine::Cylinder& cyl = model.cylinders[k];
  CylinderHydraulics c;
  c.A1 = cyl.area_1;
  c.A2 = cyl.area_2;
  // V1 = volume_1 + A1 (retracted + stroke − s), V2 = volume_2 + A2 (s − retracted).
  c.V1_0 = cyl.volume_1 + cyl.area_1 * (cyl.retracted_length + cyl.stroke);
  c.V2_0 = cyl.volume_2 - cyl.area_2 * cyl.retracted_length;
  c.friction = cyl.friction;
  c.fluid = Fluid::from(model.fluid);
  c.valve = ValveModel::from(cyl.valve);
  c.tank_pressure = model.supplies[cyl.supply].tank_pressure;
  if (limits && model.limits.chamber_relief_pressure) {
    c.relief_pressure = *model.limits.chamber_relief_pressure;
    c.relief_gain = model.limits.chamber_relief_gain;
  }
  c.stroke_min = cyl.retracted_length;
  c.stroke_max = cyl.retracted_length + cyl.stroke;
  return c;
}

}  // namespace hilsim::sim
