#include "sim/hydraulics/circuit.h"

#include <cmath>

namespace hilsim::sim {

std::string_view to_string(HydraulicIntegrator integrator) {
  switch (integrator) {
    case HydraulicIntegrator::kForwardEuler:
      return "euler";
    case HydraulicIntegrator::kRungeKutta4:
      return "rk4";
    case HydraulicIntegrator::kTrapezoidal:
      return "trapezoidal";
  }
  return "?";
}

namespace {

// z + a·dz over the circuit's states.
CircuitState add_scaled(const HydraulicCircuit& c, const CircuitState& z, double a, const CircuitState& dz) {
  CircuitState out = z;
  for (int k = 0; k < c.size; ++k) out.p[k] = z.p[k] + a * dz.p[k];
  out.p_s = z.p_s + a * dz.p_s;
  return out;
}

}  // namespace

ArrowJacobian circuit_jacobian(const HydraulicCircuit& circuit, const CircuitState& z,
                               const CircuitInputs& u) {
  ArrowJacobian J;
  const double p_s = supply_pressure(circuit, z);
  double d_drawn = 0.0, drawn = 0.0;
  for (int k = 0; k < circuit.size; ++k) {
    const CylinderHydraulics& h = circuit.hyd[k];
    const Eigen::Vector2d& p = z.p[k];
    const Eigen::Vector2d V = chamber_volumes(h, u[k].s);
    const Eigen::Vector2d q = chamber_inflows(h, p, u[k].s_dot, u[k].x, p_s);
    double dq1 = 0.0, dq2 = 0.0;
    valve_flow_slopes(h.valve, u[k].x, h.fluid.density, p_s, h.tank_pressure, p[0], p[1], dq1, dq2);
    const Eigen::Vector2d dq(dq1 - (p[0] > h.relief_pressure ? h.relief_gain : 0.0),
                             dq2 - (p[1] > h.relief_pressure ? h.relief_gain : 0.0));
    for (int i = 0; i < 2; ++i) {
      J.a[k][i] =
          bulk_modulus_derivative(h.fluid, p[i]) / V[i] * q[i] + bulk_modulus(h.fluid, p[i]) / V[i] * dq[i];
    }
    if (!circuit.supply.pump) continue;
    double ds1 = 0.0, ds2 = 0.0, dsupply = 0.0;
    valve_supply_slopes(h.valve, u[k].x, h.fluid.density, p_s, p[0], p[1], ds1, ds2, dsupply);
    J.b[k] =
        Eigen::Vector2d(bulk_modulus(h.fluid, p[0]) / V[0] * ds1, bulk_modulus(h.fluid, p[1]) / V[1] * ds2);
    const double k_s = bulk_modulus(circuit.supply.fluid, p_s) / circuit.supply.line_volume;
    J.c[k] = Eigen::Vector2d(k_s * ds1, k_s * ds2);  // the draw falls as a chamber's pressure rises
    d_drawn += dsupply;
    drawn += valve_flows(h.valve, u[k].x, h.fluid.density, p_s, h.tank_pressure, p[0], p[1]).supply;
  }
  if (circuit.supply.pump) {
    const SupplyModel& s = circuit.supply;
    const double relief_slope = p_s > s.relief_pressure ? s.relief_gain : 0.0;
    J.d = bulk_modulus_derivative(s.fluid, p_s) / s.line_volume *
              (s.pump_flow - drawn - supply_relief_flow(s, p_s)) -
          bulk_modulus(s.fluid, p_s) / s.line_volume * (d_drawn + relief_slope);
  }
  return J;
}

namespace {

// Solves (I − h/2 J) Δz = −g for the arrow J by eliminating p_s (its Schur complement).
CircuitState newton_update(const HydraulicCircuit& c, const ArrowJacobian& J, double h,
                           const CircuitState& g) {
  const double w = 0.5 * h;
  CircuitState dz;
  double corner = 1.0 - w * J.d, rhs = -g.p_s;
  for (int k = 0; k < c.size; ++k) {
    for (int i = 0; i < 2; ++i) {
      const double diag = 1.0 - w * J.a[k][i];
      corner -= (-w * J.c[k][i]) * (-w * J.b[k][i]) / diag;
      rhs -= (-w * J.c[k][i]) * (-g.p[k][i]) / diag;
    }
  }
  dz.p_s = c.supply.pump ? rhs / corner : 0.0;
  for (int k = 0; k < c.size; ++k) {
    for (int i = 0; i < 2; ++i) dz.p[k][i] = (-g.p[k][i] + w * J.b[k][i] * dz.p_s) / (1.0 - w * J.a[k][i]);
  }
  return dz;
}

CircuitStep trapezoidal(const HydraulicCircuit& c, CircuitState& z, double h, const CircuitInputs& start,
                        const CircuitInputs& end, const TrapezoidalNewton& newton) {
  // g(z) = z − z_n − h/2 [ż_n + ż(z)] = 0; forward Euler predicts.
  const CircuitState z_n = z;
  const CircuitState rate_n = circuit_rates(c, z_n, start);
  z = add_scaled(c, z_n, h, rate_n);
  CircuitStep step{0, false};
  while (step.iterations < newton.max_iterations) {
    const CircuitState rate = circuit_rates(c, z, end);
    CircuitState g;
    for (int k = 0; k < c.size; ++k) g.p[k] = z.p[k] - z_n.p[k] - 0.5 * h * (rate_n.p[k] + rate.p[k]);
    g.p_s = c.supply.pump ? z.p_s - z_n.p_s - 0.5 * h * (rate_n.p_s + rate.p_s) : 0.0;
    const CircuitState dz = newton_update(c, circuit_jacobian(c, z, end), h, g);
    double largest = std::abs(dz.p_s);
    for (int k = 0; k < c.size; ++k) {
      z.p[k] += dz.p[k];
      largest = std::max(largest, dz.p[k].cwiseAbs().maxCoeff());
    }
    z.p_s += dz.p_s;
    ++step.iterations;
    if (!std::isfinite(largest)) break;
    if (largest < newton.tolerance) {
      step.converged = true;
      break;
    }
  }
  return step;
}

}  // namespace

std::vector<HydraulicCircuit> machine_circuits(const machine::MachineModel& model, bool limits) {
  std::vector<HydraulicCircuit> circuits;
  std::vector<int> pump_circuit(model.supplies.size(), -1);
  for (int k = 0; k < model.cylinder_count(); ++k) {
    const int s = model.cylinders[k].supply;
    const bool pump = model.supplies[s].type == machine::SupplyDescription::Type::kPump;
    if (!pump || pump_circuit[s] < 0) {
      circuits.push_back(HydraulicCircuit{SupplyModel::from(model, s)});
      if (pump) pump_circuit[s] = static_cast<int>(circuits.size()) - 1;
    }
    HydraulicCircuit& c = circuits[pump ? static_cast<std::size_t>(pump_circuit[s]) : circuits.size() - 1];
    c.cylinder[c.size] = k;
    c.hyd[c.size] = CylinderHydraulics::from(model, k, limits);
    ++c.size;
  }
  return circuits;
}

CircuitState circuit_rates(const HydraulicCircuit& c, const CircuitState& z, const CircuitInputs& u) {
  CircuitState dz;
  const double p_s = supply_pressure(c, z);
  double drawn = 0.0;
  for (int k = 0; k < c.size; ++k) {
    const CylinderHydraulics& h = c.hyd[k];
    dz.p[k] = chamber_pressure_rates(h, z.p[k], u[k].s, u[k].s_dot, u[k].x, p_s);
    if (c.supply.pump) {
      drawn +=
          valve_flows(h.valve, u[k].x, h.fluid.density, p_s, h.tank_pressure, z.p[k][0], z.p[k][1]).supply;
    }
  }
  dz.p_s = c.supply.pump ? supply_pressure_rate(c.supply, p_s, drawn) : 0.0;
  return dz;
}

CircuitStep integrate_circuit(HydraulicIntegrator integrator, const HydraulicCircuit& c, CircuitState& z,
                              double h, const CircuitInputs& start, const CircuitInputs& middle,
                              const CircuitInputs& end, const TrapezoidalNewton& newton) {
  switch (integrator) {
    case HydraulicIntegrator::kForwardEuler:
      circuit_euler_step(c, z, h, start);  // eq. (14)
      return {};
    case HydraulicIntegrator::kRungeKutta4: {
      const CircuitState k1 = circuit_rates(c, z, start);
      const CircuitState k2 = circuit_rates(c, add_scaled(c, z, 0.5 * h, k1), middle);
      const CircuitState k3 = circuit_rates(c, add_scaled(c, z, 0.5 * h, k2), middle);
      const CircuitState k4 = circuit_rates(c, add_scaled(c, z, h, k3), end);
      for (int k = 0; k < c.size; ++k)
        z.p[k] += h / 6.0 * (k1.p[k] + 2.0 * k2.p[k] + 2.0 * k3.p[k] + k4.p[k]);
      z.p_s += h / 6.0 * (k1.p_s + 2.0 * k2.p_s + 2.0 * k3.p_s + k4.p_s);
      return {};
    }
    case HydraulicIntegrator::kTrapezoidal:
      return trapezoidal(c, z, h, start, end, newton);
  }
  return {0, false};
}

}  // namespace hilsim::sim
