// A hydraulic circuit: one supply and the cylinders whose valves it feeds (supply.h), integrated
// together because the supply couples them: a pump's line pressure p_s is a state of its own and every
// valve on it draws from it. A cylinder on a constant supply is a circuit of its own (nothing couples
// it to the others), so the benchmark's two-actuator crane is two circuits, as it was two hydraulic
// subsystems. One circuit is one hydraulic subsystem of a co-simulation (sim/cosim/hydraulics_subsystem.h).
//
// State: every cylinder's chamber pressures p_k [Pa] and, with a pump, p_s [Pa]; the valves' spools
// (spool_lag.h) are stepped exactly beside it and enter through the valve position x_k, held over a
// step. The rates are cylinder_hydraulics.h's and supply.h's. Three integrators (Rahikainen et al.
// 2020, §3.3): forward Euler (LIM benchmark 2021, eq. 14), RK4 and the trapezoidal rule, solved by
// Newton with the analytic Jacobian, whose structure is an arrow: each chamber's rate depends on its
// own pressure and on p_s, p_s's on everything (eliminated by its Schur complement, so a step costs
// O(cylinders)). Nothing here allocates.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <atomic>
#include <vector>

#include "sim/hydraulics/cylinder_hydraulics.h"
#include "sim/hydraulics/hydraulic_integrator.h"
#include "sim/hydraulics/supply.h"

namespace hilsim::sim {

inline constexpr int kMaxCircuitCylinders = machine::kMaxCylinders;

// Pairs of values per cylinder, zeroed: Eigen's own constructor leaves a vector uninitialized, even
// value-initialized in an array.
using CylinderPairs = std::array<Eigen::Vector2d, kMaxCircuitCylinders>;
inline CylinderPairs zero_pairs() {
  CylinderPairs a;
  a.fill(Eigen::Vector2d::Zero());
  return a;
}

struct HydraulicCircuit {
  SupplyModel supply;
  int size = 0;                                      // cylinders
  std::array<int, kMaxCircuitCylinders> cylinder{};  // their indices in the machine
  std::array<CylinderHydraulics, kMaxCircuitCylinders> hyd{};
};

// The machine's circuits, in the order of their first cylinder: each pump with the cylinders it
// feeds, each cylinder on a constant supply alone. `limits`: the chambers' relief valves fitted.
std::vector<HydraulicCircuit> machine_circuits(const machine::MachineModel& model, bool limits);

// What a cylinder of the circuit sees over a step: its length [m], rate [m/s] and valve position [-].
struct CylinderInput {
  double s = 0.0;
  double s_dot = 0.0;
  double x = 0.0;
};
using CircuitInputs = std::array<CylinderInput, kMaxCircuitCylinders>;

struct CircuitState {
  CylinderPairs p = zero_pairs();  // [Pa]
  double p_s = 0.0;                // a pump's line [Pa]; unused otherwise
};

// The supply pressure the valves see [Pa].
inline double supply_pressure(const HydraulicCircuit& c, const CircuitState& z) {
  return c.supply.pump ? z.p_s : c.supply.pressure;
}

// ż at z for the inputs u.
CircuitState circuit_rates(const HydraulicCircuit& c, const CircuitState& z, const CircuitInputs& u);

// ∂ż/∂z at z for the inputs u, as the arrow it is: each chamber's rate's slope to its own pressure
// (a), to the line pressure p_s (b); p_s's rate's slope to each chamber's pressure (c) and to itself
// (d). Without a pump only a is meaningful.
struct ArrowJacobian {
  CylinderPairs a = zero_pairs(), b = zero_pairs(), c = zero_pairs();
  double d = 0.0;
};
ArrowJacobian circuit_jacobian(const HydraulicCircuit& circuit, const CircuitState& z,
                               const CircuitInputs& u);

struct TrapezoidalNewton {
  double tolerance = 1e-6;  // stop when max |Δp| < tolerance [Pa]
  int max_iterations = 20;
};

struct CircuitStep {
  int iterations = 0;     // trapezoidal: Newton iterations; 0 for the explicit methods
  bool converged = true;  // trapezoidal: the tolerance was met
};

// Advances z over h [s] with the inputs at the step's start, middle and end (all equal when held).
CircuitStep integrate_circuit(HydraulicIntegrator integrator, const HydraulicCircuit& c, CircuitState& z,
                              double h, const CircuitInputs& start, const CircuitInputs& middle,
                              const CircuitInputs& end, const TrapezoidalNewton& newton = {});

// One forward-Euler step (eq. 14) in place, inline for the co-simulation's micro steps. Each
// cylinder's two pressures are stored one at a time on purpose: stored as one 16-byte value, which GCC
// makes of the pair, they are read back by the next step as two 8-byte loads, and by the timings AMD's
// Zen 4 does not forward the upper one from the store: the load waits for the store to retire, about
// 7 % of a 10 s p-s run at h_H = 0.05 ms. The signal fence emits no instruction; it only keeps the
// compiler from merging the two stores.
[[gnu::always_inline]] inline void circuit_euler_step(const HydraulicCircuit& c, CircuitState& z, double h,
                                                      const CircuitInputs& u) {
  const double p_s = supply_pressure(c, z);
  double drawn = 0.0;
  for (int k = 0; k < c.size; ++k) {
    const CylinderHydraulics& hyd = c.hyd[k];
    const Eigen::Vector2d& p = z.p[k];
    if (c.supply.pump) {
      drawn += valve_flows(hyd.valve, u[k].x, hyd.fluid.density, p_s, hyd.tank_pressure, p[0], p[1]).supply;
    }
    const Eigen::Vector2d p_dot = chamber_pressure_rates(hyd, p, u[k].s, u[k].s_dot, u[k].x, p_s);
    const double p1 = p[0] + h * p_dot[0];
    const double p2 = p[1] + h * p_dot[1];
    z.p[k][0] = p1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    z.p[k][1] = p2;
  }
  if (c.supply.pump) z.p_s += h * supply_pressure_rate(c.supply, p_s, drawn);
}

}  // namespace hilsim::sim
