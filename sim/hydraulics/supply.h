// What a machine's valves draw from (sim/machine/machine_description.h): a constant supply pressure
// (the benchmark's pump, LIM benchmark 2021, Table 2), or a fixed-displacement pump feeding a supply
// line of volume V with its own pressure p_s and a relief valve to the tank:
//   ṗ_s = β(p_s)/V (Q_pump − Σ_k Q_k − Q_r(p_s)),   Q_r = g (p_s − p_cr) above cracking, g = Q_pump/Δp_o
// where Q_k is what valve k draws (valve.h) and Δp_o the relief valve's override: at p_cr + Δp_o it
// passes the whole pump flow. Every cylinder whose valve the pump feeds is coupled to the others
// through p_s, so one pump and its cylinders are one hydraulic circuit, integrated by one subsystem.
#pragma once

#include "sim/hydraulics/fluid.h"
#include "sim/machine/machine_model.h"

namespace hilsim::sim {

struct SupplyModel {
  bool pump = false;
  double pressure = 0.0;         // constant: p_P; pump: the initial p_s [Pa]
  double tank_pressure = 0.0;    // p_T [Pa]
  double pump_flow = 0.0;        // [m³/s]
  double line_volume = 0.0;      // [m³]
  double relief_pressure = 0.0;  // p_cr [Pa]
  double relief_gain = 0.0;      // g [m³/(s·Pa)]
  Fluid fluid;

  static SupplyModel from(const machine::MachineModel& model, int supply);
};

inline double supply_relief_flow(const SupplyModel& s, double p_s) {
  return p_s > s.relief_pressure ? s.relief_gain * (p_s - s.relief_pressure) : 0.0;
}

// ṗ_s [Pa/s] of a pump's line when its valves draw `drawn` [m³/s] in all.
inline double supply_pressure_rate(const SupplyModel& s, double p_s, double drawn) {
  return bulk_modulus(s.fluid, p_s) / s.line_volume * (s.pump_flow - drawn - supply_relief_flow(s, p_s));
}

}  // namespace hilsim::sim
