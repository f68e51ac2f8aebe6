// The hydraulic integrators of Rahikainen et al. 2020, §3.3 on the cylinder with a prescribed actuator motion
// s1(t) and spool κ(t): each converges at its order (Euler 1, RK4 4, trapezoidal 2) to a fine RK4
// solution, the trapezoidal Newton converges in a few iterations, and an implicit step stays
// stable where forward Euler blows up.
#include "sim/hydraulics/pressure_integrator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/model/equilibrium.h"

namespace hilsim::sim {
namespace {

const HydraulicParameters kIntegratorHyd{};

// A smooth prescribed motion about the equilibrium: s1 = s0 + A sin(ω t), κ = κ0 + B sin(ω2 t),
// small enough that no orifice changes direction (the right-hand side stays smooth).
struct Prescribed {
  double s0 = 0.5, kappa0 = 0.45434559;
  double A = 2e-3, omega = 2 * std::numbers::pi * 3.0;
  double B = 5e-3, omega2 = 2 * std::numbers::pi * 2.0;
  CylinderInputs at(double t) const {
    return {s0 + A * std::sin(omega * t), A * omega * std::cos(omega * t), kappa0 + B * std::sin(omega2 * t)};
  }
};

Eigen::Vector2d integrate(HydraulicIntegrator method, double h, double T, int* max_newton = nullptr) {
  const Prescribed u;
  const Equilibrium eq = solve_equilibrium(CraneParameters{}, kIntegratorHyd);
  Eigen::Vector2d p = eq.p;
  const auto n = static_cast<long>(std::llround(T / h));
  for (long k = 0; k < n; ++k) {
    const double t = static_cast<double>(k) * h;
    const StepInputs in{u.at(t), u.at(t + 0.5 * h), u.at(t + h)};
    const PressureStep step = integrate_pressures(method, kIntegratorHyd, u.s0, p, h, in);
    EXPECT_TRUE(step.converged);
    if (max_newton) *max_newton = std::max(*max_newton, step.iterations);
    p = step.p;
  }
  return p;
}

struct OrderCase {
  HydraulicIntegrator method;
  double expected_order;
  double h_largest;  // [s]; then h/2 and h/4, inside the asymptotic range of the method
};

class IntegratorOrder : public ::testing::TestWithParam<OrderCase> {};

TEST_P(IntegratorOrder, ConvergesAtItsOrder) {
  const double T = 0.1;  // [s]
  const Eigen::Vector2d exact = integrate(HydraulicIntegrator::kRungeKutta4, 5e-7, T);
  const double h = GetParam().h_largest;
  const double hs[] = {h, h / 2, h / 4};
  double err[3];
  for (int i = 0; i < 3; ++i) err[i] = (integrate(GetParam().method, hs[i], T) - exact).cwiseAbs().maxCoeff();
  for (int i = 0; i + 1 < 3; ++i) {
    const double order = std::log(err[i] / err[i + 1]) / std::log(hs[i] / hs[i + 1]);
    EXPECT_NEAR(order, GetParam().expected_order, 0.2)
        << to_string(GetParam().method) << ", h = " << hs[i] << " → " << hs[i + 1] << ", errors " << err[i]
        << ", " << err[i + 1] << " Pa";
  }
}

INSTANTIATE_TEST_SUITE_P(SeedOneIntegrators, IntegratorOrder,
                         ::testing::Values(OrderCase{HydraulicIntegrator::kForwardEuler, 1.0, 2e-4},
                                           OrderCase{HydraulicIntegrator::kRungeKutta4, 4.0, 1e-4},
                                           OrderCase{HydraulicIntegrator::kTrapezoidal, 2.0, 2e-4}),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param.method));
                         });

TEST(TrapezoidalIntegrator, NewtonConvergesInAFewIterations) {
  int max_newton = 0;
  integrate(HydraulicIntegrator::kTrapezoidal, 1e-4, 0.1, &max_newton);
  EXPECT_GE(max_newton, 1);
  EXPECT_LE(max_newton, 4);
}

TEST(TrapezoidalIntegrator, StaysStableWhereForwardEulerDoesNot) {
  // A 5 ms step is far beyond forward Euler's stability limit for the stiff pressure dynamics
  // (Naya et al. 2011, §5: Euler needs 0.2 ms); the A-stable trapezoidal rule stays bounded.
  const Eigen::Vector2d euler = integrate(HydraulicIntegrator::kForwardEuler, 5e-3, 0.1);
  const Eigen::Vector2d trap = integrate(HydraulicIntegrator::kTrapezoidal, 5e-3, 0.1);
  const Eigen::Vector2d exact = integrate(HydraulicIntegrator::kRungeKutta4, 1e-6, 0.1);
  EXPECT_FALSE(euler.allFinite() && (euler - exact).cwiseAbs().maxCoeff() < 1e6);
  EXPECT_LT((trap - exact).cwiseAbs().maxCoeff(), 2e5);
}

TEST(PressureIntegrators, HeldInputsAtEquilibriumStayAtRest) {
  const Equilibrium eq = solve_equilibrium(CraneParameters{}, kIntegratorHyd);
  const StepInputs held = StepInputs::held({eq.s, 0.0, eq.kappa});
  for (HydraulicIntegrator m : {HydraulicIntegrator::kForwardEuler, HydraulicIntegrator::kRungeKutta4,
                                HydraulicIntegrator::kTrapezoidal}) {
    const PressureStep step = integrate_pressures(m, kIntegratorHyd, eq.s, eq.p, 1e-3, held);
    EXPECT_LT((step.p - eq.p).cwiseAbs().maxCoeff(), 1e-3) << to_string(m);
  }
}

}  // namespace
}  // namespace hilsim::sim
