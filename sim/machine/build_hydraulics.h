// build_machine_model's hydraulics and sensors (machine_model.h): the supplies, the cylinders with
// their areas, volumes and stroke (at the assembled pose, for a stroke centred on the initial
// length), their valves, the limits' bounds, and the sensors' targets.
#pragma once

#include <map>
#include <string>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine::internal {

// Sets model.supplies, model.fluid. Throws MachineError for a value out of range.
void build_supplies(MachineModel& model, const MachineDescription& d);

// Sets model.cylinders; needs the points, the supplies and the assembled pose. Throws MachineError
// for an unknown point or supply, a zero or negative area, a stroke that cannot reach its points.
void build_cylinders(MachineModel& model, const MachineDescription& d);

// Sets model.limits, with diverged_pressure derived from the supplies when unset.
void build_limits(MachineModel& model, const MachineDescription& d);

// Sets model.sensors. Throws MachineError for a repeated name or an unknown target.
void build_sensors(MachineModel& model, const MachineDescription& d);

}  // namespace hilsim::sim::machine::internal
