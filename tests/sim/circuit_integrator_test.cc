// The hydraulic integrators of Rahikainen et al. 2020, §3.3 on a hydraulic circuit (sim/hydraulics/
// circuit.h) with a prescribed cylinder motion s(t) and valve position x(t): each converges at its order
// (Euler 1, RK4 4, trapezoidal 2) to a fine RK4 solution, the trapezoidal Newton converges in a few
// iterations, and an implicit step stays stable where forward Euler blows up — for the benchmark's
// cylinder on its constant supply, and for a pump's line feeding proportional valves, where the line
// pressure couples the cylinders (the trapezoidal rule's arrow-shaped Jacobian).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/hydraulics/circuit.h"
#include "sim/machine/machine_equilibrium.h"
#include "tests/sim/lim_machine.h"
#include "tests/sim/machine_fixtures.h"

namespace hilsim::sim {
namespace {

// A circuit at its equilibrium, and a smooth prescribed motion about it: s = s0 + A sin(ω t),
// x = x0 + B sin(ω2 t), small enough that no benchmark orifice changes direction.
struct CircuitCase {
  const char* name;
  HydraulicCircuit circuit;
  CircuitState rest;
  std::array<double, kMaxCircuitCylinders> s0{}, x0{};
  double B = 5e-3;

  CircuitInputs at(double t) const {
    const double A = 2e-3, w = 2 * std::numbers::pi * 3.0, w2 = 2 * std::numbers::pi * 2.0;
    CircuitInputs u{};
    for (int k = 0; k < circuit.size; ++k) {
      u[k] = {s0[k] + A * std::sin(w * t + k), A * w * std::cos(w * t + k), x0[k] + B * std::sin(w2 * t)};
    }
    return u;
  }
};

CircuitCase case_of(const char* name, const machine::MachineModel& model) {
  const machine::MachineEquilibrium eq = machine::solve_machine_equilibrium(model);
  CircuitCase c{name, machine_circuits(model, false)[0], {}};
  for (int k = 0; k < c.circuit.size; ++k) {
    const machine::CylinderEquilibrium& e = eq.cylinders[static_cast<std::size_t>(c.circuit.cylinder[k])];
    c.rest.p[k] = e.p;
    c.s0[k] = e.s;
    c.x0[k] = e.command;
  }
  c.rest.p_s = eq.supply_pressure[0];
  return c;
}

const CircuitCase& benchmark_circuit() {
  static const CircuitCase c = case_of("benchmark", *test::lim_model());
  return c;
}

// The four-bar arm's drive on a pump's line through a proportional valve, its spool well open.
const CircuitCase& pump_circuit() {
  static const CircuitCase c = [] {
    machine::MachineDescription d = machine::test_machines::slider_arm();
    d.supplies[0].type = machine::SupplyDescription::Type::kPump;
    d.supplies[0].pump_flow = 1e-3;
    d.supplies[0].line_volume = 2e-3;
    d.supplies[0].relief_pressure = 30e6;  // shut over the test's motions: no kink in the rates
    d.supplies[0].relief_override = 1e6;
    for (machine::CylinderDescription& cyl : d.cylinders) {
      cyl.valve.type = machine::ValveDescription::Type::kProportional;
      cyl.valve.proportional.overlap = 0.05;
    }
    const machine::MachineModel model = machine::build_machine_model(d);
    CircuitCase out = case_of("pump", model);
    // Held at an opening, u = 0.4 on every valve, and settled there from the equilibrium, so that the
    // valves draw, the pump's surplus passes the relief valve, and the line stays well above its
    // cracking pressure: every rate is smooth over the test's motions (no kink crossed).
    CircuitInputs held{};
    for (int k = 0; k < out.circuit.size; ++k) {
      out.x0[k] = 0.4;
      held[k] = {out.s0[k], 0.0, 0.4};
    }
    for (int step = 0; step < 50000; ++step) {
      integrate_circuit(HydraulicIntegrator::kRungeKutta4, out.circuit, out.rest, 1e-5, held, held, held);
    }
    EXPECT_GT(out.rest.p_s, 30.5e6);
    out.B = 0.05;
    return out;
  }();
  return c;
}

CircuitState integrate(const CircuitCase& c, HydraulicIntegrator method, double h, double T,
                       int* max_newton = nullptr) {
  CircuitState z = c.rest;
  const auto n = static_cast<long>(std::llround(T / h));
  for (long k = 0; k < n; ++k) {
    const double t = static_cast<double>(k) * h;
    const CircuitStep step =
        integrate_circuit(method, c.circuit, z, h, c.at(t), c.at(t + 0.5 * h), c.at(t + h));
    EXPECT_TRUE(step.converged);
    if (max_newton) *max_newton = std::max(*max_newton, step.iterations);
  }
  return z;
}

double distance(const CircuitCase& c, const CircuitState& a, const CircuitState& b) {
  double d = std::abs(a.p_s - b.p_s);
  for (int k = 0; k < c.circuit.size; ++k) d = std::max(d, (a.p[k] - b.p[k]).cwiseAbs().maxCoeff());
  return d;
}

struct OrderCase {
  HydraulicIntegrator method;
  double expected_order;
  double h_largest;  // [s]; then h/2 and h/4, inside the asymptotic range of the method
  bool pump;
};

class IntegratorOrder : public ::testing::TestWithParam<OrderCase> {};

TEST_P(IntegratorOrder, ConvergesAtItsOrder) {
  const CircuitCase& c = GetParam().pump ? pump_circuit() : benchmark_circuit();
  const double T = 0.1;  // [s]
  const CircuitState exact = integrate(c, HydraulicIntegrator::kRungeKutta4, 5e-7, T);
  const double h = GetParam().h_largest;
  const double hs[] = {h, h / 2, h / 4};
  double err[3];
  for (int i = 0; i < 3; ++i) err[i] = distance(c, integrate(c, GetParam().method, hs[i], T), exact);
  for (int i = 0; i + 1 < 3; ++i) {
    const double order = std::log(err[i] / err[i + 1]) / std::log(hs[i] / hs[i + 1]);
    EXPECT_NEAR(order, GetParam().expected_order, 0.2)
        << c.name << ", " << to_string(GetParam().method) << ", h = " << hs[i] << " → " << hs[i + 1]
        << ", errors " << err[i] << ", " << err[i + 1] << " Pa";
  }
}

INSTANTIATE_TEST_SUITE_P(SeedOneIntegrators, IntegratorOrder,
                         ::testing::Values(OrderCase{HydraulicIntegrator::kForwardEuler, 1.0, 2e-4, false},
                                           OrderCase{HydraulicIntegrator::kRungeKutta4, 4.0, 1e-4, false},
                                           OrderCase{HydraulicIntegrator::kTrapezoidal, 2.0, 2e-4, false},
                                           OrderCase{HydraulicIntegrator::kForwardEuler, 1.0, 2e-5, true},
                                           OrderCase{HydraulicIntegrator::kRungeKutta4, 4.0, 1e-4, true},
                                           OrderCase{HydraulicIntegrator::kTrapezoidal, 2.0, 1e-4, true}),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param.method)) +
                                  (param_info.param.pump ? "_pump" : "_benchmark");
                         });

TEST(TrapezoidalIntegrator, NewtonConvergesInAFewIterations) {
  for (const CircuitCase* c : {&benchmark_circuit(), &pump_circuit()}) {
    int max_newton = 0;
    integrate(*c, HydraulicIntegrator::kTrapezoidal, 1e-4, 0.1, &max_newton);
    EXPECT_GE(max_newton, 1) << c->name;
    EXPECT_LE(max_newton, 4) << c->name;
  }
}

TEST(TrapezoidalIntegrator, StaysStableWhereForwardEulerDoesNot) {
  // A 5 ms step is far beyond forward Euler's stability limit for the stiff pressure dynamics
  // (Naya et al. 2011, §5: Euler needs 0.2 ms); the A-stable trapezoidal rule stays bounded.
  const CircuitCase& c = benchmark_circuit();
  const CircuitState euler = integrate(c, HydraulicIntegrator::kForwardEuler, 5e-3, 0.1);
  const CircuitState trap = integrate(c, HydraulicIntegrator::kTrapezoidal, 5e-3, 0.1);
  const CircuitState exact = integrate(c, HydraulicIntegrator::kRungeKutta4, 1e-6, 0.1);
  EXPECT_FALSE(euler.p[0].allFinite() && distance(c, euler, exact) < 1e6);
  EXPECT_LT(distance(c, trap, exact), 2e5);
}

TEST(CircuitJacobian, EveryArrowTermMatchesFiniteDifferences) {
  // The pump's circuit with its spools open and pressures off their equilibrium: every term of
  // ∂ż/∂z — each chamber to itself (a) and to the line (b), the line to each chamber (c) and itself (d).
  const CircuitCase& c = pump_circuit();
  CircuitState z = c.rest;
  for (int k = 0; k < c.circuit.size; ++k) z.p[k] += Eigen::Vector2d(0.7e6 * (k + 1), -0.4e6);
  z.p_s = 30.4e6;  // the relief valve open
  const CircuitInputs u = c.at(0.013);
  const ArrowJacobian J = circuit_jacobian(c.circuit, z, u);
  const double e = 10.0;  // [Pa]
  const auto rates_at = [&](int k, int i, double d) {
    CircuitState w = z;
    if (k < 0) {
      w.p_s += d;
    } else {
      w.p[k][i] += d;
    }
    return circuit_rates(c.circuit, w, u);
  };
  for (int k = 0; k < c.circuit.size; ++k) {
    for (int i = 0; i < 2; ++i) {
      const CircuitState hi = rates_at(k, i, e), lo = rates_at(k, i, -e);
      const double a = (hi.p[k][i] - lo.p[k][i]) / (2 * e), cc = (hi.p_s - lo.p_s) / (2 * e);
      EXPECT_NEAR(J.a[k][i], a, 1e-6 * std::abs(a)) << "a " << k << i;
      EXPECT_NEAR(J.c[k][i], cc, 1e-6 * std::abs(cc)) << "c " << k << i;
    }
  }
  const CircuitState hi = rates_at(-1, 0, e), lo = rates_at(-1, 0, -e);
  for (int k = 0; k < c.circuit.size; ++k) {
    for (int i = 0; i < 2; ++i) {
      const double b = (hi.p[k][i] - lo.p[k][i]) / (2 * e);
      EXPECT_NEAR(J.b[k][i], b, 1e-6 * std::abs(b)) << "b " << k << i;
    }
  }
  EXPECT_NEAR(J.d, (hi.p_s - lo.p_s) / (2 * e), 1e-6 * std::abs(J.d));
}

TEST(CircuitIntegrators, HeldInputsAtEquilibriumStayAtRest) {
  for (const CircuitCase* c : {&benchmark_circuit()}) {
    CircuitInputs held{};
    for (int k = 0; k < c->circuit.size; ++k) held[k] = {c->s0[k], 0.0, c->x0[k]};
    for (HydraulicIntegrator m : {HydraulicIntegrator::kForwardEuler, HydraulicIntegrator::kRungeKutta4,
                                  HydraulicIntegrator::kTrapezoidal}) {
      CircuitState z = c->rest;
      integrate_circuit(m, c->circuit, z, 1e-3, held, held, held);
      EXPECT_LT(distance(*c, z, c->rest), 1e-3) << to_string(m);
    }
  }
}

}  // namespace
}  // namespace hilsim::sim
