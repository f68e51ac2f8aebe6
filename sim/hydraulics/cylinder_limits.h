// The limits one cylinder meets (sim/machine/machine_model.h, limits), as its hydraulic subsystem sees
// them: the cavitation floor it applies to its own pressures, and the stroke and relief pressure it only
// watches, to flag in its sensor reading when the mechanics hold it at an end stop or its relief valve is
// open. The defaults are those of the benchmark: no limit at all.
#pragma once

#include <Eigen/Dense>
#include <limits>

#include "sim/cosim/actuator_sensors.h"
#include "sim/hydraulics/cylinder_hydraulics.h"

namespace hilsim::sim {

struct CylinderLimits {
  double vapour_pressure = -std::numeric_limits<double>::infinity();  // [Pa]; −∞: no cavitation
  double stroke_min = -std::numeric_limits<double>::infinity();       // [m], the retracted end stop
  double stroke_max = std::numeric_limits<double>::infinity();        // [m], the extended end stop
  bool cavitation() const { return vapour_pressure > -std::numeric_limits<double>::infinity(); }
};

// The limits of cylinder k of the model; all off unless `enabled`.
CylinderLimits cylinder_limits(const machine::MachineModel& model, int k, bool enabled);

// The LimitFlag bits (actuator_sensors.h) of a cylinder at length s [m] with pressures p [Pa] and
// cavities [m³]. Inline: the RIM's micro step flags its cylinders at every step, and the call
// cost more than the six comparisons.
inline unsigned limit_flags(const CylinderLimits& limits, const CylinderHydraulics& hyd, double s,
                            const Eigen::Vector2d& p, const Eigen::Vector2d& cavity) {
  unsigned flags = 0;
  if (s >= limits.stroke_max || s <= limits.stroke_min) flags |= kLimitEndStop;
  if (cavity[0] > 0.0 || cavity[1] > 0.0) flags |= kLimitCavitation;
  if (p[0] > hyd.relief_pressure || p[1] > hyd.relief_pressure) flags |= kLimitRelief;
  return flags;
}

}  // namespace hilsim::sim
