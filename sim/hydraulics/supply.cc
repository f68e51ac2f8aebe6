#include "sim/hydraulics/supply.h"

namespace hilsim::sim {

SupplyModel SupplyModel::from(const machine::MachineModel& model, int supply) {
  const machine::Supply& s = model.supplies[supply];
  SupplyModel out;
  out.pump = s.type == machine::SupplyDescription::Type::kPump;
  out.pressure = out.pump ? s.relief_pressure : s.pressure;
  out.tank_pressure = s.tank_pressure;
  out.pump_flow = s.pump_flow;
  out.line_volume = s.line_volume;
  out.relief_pressure = s.relief_pressure;
  out.relief_gain = s.relief_gain;
  out.fluid = Fluid::from(model.fluid);
  return out;
}

}  // namespace hilsim::sim
