#include "sim/hydraulics/cylinder_limits.h"

namespace hilsim::sim {

CylinderLimits cylinder_limits(const machine::MachineModel& model, int k, bool enabled) {
  CylinderLimits c;
  if (!enabled) return c;
  const machine::Cylinder& cyl = model.cylinders[k];
  c.vapour_pressure = model.limits.vapour_pressure;
  c.stroke_min = cyl.retracted_length;
  c.stroke_max = cyl.retracted_length + cyl.stroke;
  return c;
}

}  // namespace hilsim::sim
