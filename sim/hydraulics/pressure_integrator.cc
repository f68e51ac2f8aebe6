#include "sim/hydraulics/pressure_integrator.h"

#include <cmath>

#include "sim/hydraulics/cylinder.h"

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

Eigen::Vector2d rates(const HydraulicParameters& par, double s0, const Eigen::Vector2d& p,
                      const CylinderInputs& u) {
  return pressure_rates(par, s0, p, u.s, u.s_dot, u.kappa);
}

PressureStep trapezoidal(const HydraulicParameters& par, double s0, const Eigen::Vector2d& p_n, double h,
                         const StepInputs& u, const TrapezoidalNewton& newton) {
  // g(p) = p − p_n − h/2 [ṗ_n + ṗ(p)] = 0, dg/dp = I − h/2 ∂ṗ/∂p; forward Euler predicts.
  const Eigen::Vector2d p_dot_n = rates(par, s0, p_n, u.start);
  PressureStep step{p_n + h * p_dot_n, 0, false};
  while (step.iterations < newton.max_iterations) {
    const Eigen::Vector2d g = step.p - p_n - 0.5 * h * (p_dot_n + rates(par, s0, step.p, u.end));
    const Eigen::Matrix2d dg =
        Eigen::Matrix2d::Identity() -
        0.5 * h * pressure_rate_jacobian(par, s0, step.p, u.end.s, u.end.s_dot, u.end.kappa).d_p;
    const Eigen::Vector2d dp = -dg.partialPivLu().solve(g);
    step.p += dp;
    ++step.iterations;
    if (!dp.allFinite()) break;
    if (dp.cwiseAbs().maxCoeff() < newton.tolerance) {
      step.converged = true;
      break;
    }
  }
  return step;
}

}  // namespace

PressureStep integrate_pressures(HydraulicIntegrator integrator, const HydraulicParameters& par, double s0,
                                 const Eigen::Vector2d& p, double h, const StepInputs& u,
                                 const TrapezoidalNewton& newton) {
  switch (integrator) {
    case HydraulicIntegrator::kForwardEuler: {
      PressureStep step{p, 0, true};
      forward_euler_step(par, s0, step.p, h, u.start);  // eq. (14)
      return step;
    }
    case HydraulicIntegrator::kRungeKutta4: {
      const Eigen::Vector2d k1 = rates(par, s0, p, u.start);
      const Eigen::Vector2d k2 = rates(par, s0, p + 0.5 * h * k1, u.middle);
      const Eigen::Vector2d k3 = rates(par, s0, p + 0.5 * h * k2, u.middle);
      const Eigen::Vector2d k4 = rates(par, s0, p + h * k3, u.end);
      return {p + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4), 0, true};
    }
    case HydraulicIntegrator::kTrapezoidal:
      return trapezoidal(par, s0, p, h, u, newton);
  }
  return {p, 0, false};
}

}  // namespace hilsim::sim
