// One step of the cylinder's pressure ODE ṗ = h(p, s, ṡ, κ) (LIM benchmark 2021, eqs. 9–10) with one of the
// three integrators of Rahikainen et al. 2020, §3.3:
//   forward Euler   p_{n+1} = p_n + h ṗ(t_n, p_n)                                (eq. 14), order 1
//   RK4             the classical fourth-order Runge–Kutta method                           order 4
//   trapezoidal     p_{n+1} = p_n + h/2 [ṗ(t_n, p_n) + ṗ(t_{n+1}, p_{n+1})], implicit,    order 2
//                   solved by Newton on the 2×2 system with the analytic Jacobian ∂ṗ/∂p
//                   (Naya et al. 2011, eqs. 36–37, with the dβ/dp term that eq. 36 leaves out).
// The inputs s, ṡ, κ are given at the start, middle and end of the step, so that a caller with
// inputs that vary inside the step (a prescribed s1(t)) gets each method's full order; the
// co-simulation holds them over its micro step and passes the same values three times.
// Nothing here allocates.
#pragma once

#include <Eigen/Dense>
#include <atomic>
#include <string_view>

#include "sim/hydraulics/cylinder.h"
#include "sim/hydraulics/hydraulic_integrator.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

// Inputs of the pressure ODE at one instant.
struct CylinderInputs {
  double s = 0.0;      // actuator length [m]
  double s_dot = 0.0;  // actuator rate [m/s]
  double kappa = 0.0;  // spool position [-]
};

// The inputs at t_n, t_n + h/2 and t_n + h.
struct StepInputs {
  CylinderInputs start;
  CylinderInputs middle;
  CylinderInputs end;
  static StepInputs held(const CylinderInputs& u) { return {u, u, u}; }
};

struct TrapezoidalNewton {
  double tolerance = 1e-6;  // stop when max |Δp| < tolerance [Pa]
  int max_iterations = 20;
};

struct PressureStep {
  Eigen::Vector2d p;      // pressures at t_n + h [Pa]
  int iterations = 0;     // trapezoidal: Newton iterations taken; 0 for the explicit methods
  bool converged = true;  // trapezoidal: the Newton tolerance was met
};

// One forward-Euler step of eq. (14) in place: p ← p + h ṗ(p, s, ṡ, κ) [Pa] over h [s]. Inline for
// the co-simulation's micro steps (cylinder_inline.h). The two pressures are stored one at a time
// on purpose: stored as one 16-byte value, which GCC makes of the pair, they are read back by the
// next step as two 8-byte loads, and by the timings the benchmark machine's AMD EPYC (Zen 4) does
// not forward the upper one from the store: the load waits for the store to retire, about 0.45 ms
// (7 %) of a 10 s p-s run at h_H = 0.05 ms. The signal fence emits no instruction; it only keeps
// the compiler from merging the two stores.
[[gnu::always_inline]] inline void forward_euler_step(const HydraulicParameters& par, double s0,
                                                      Eigen::Vector2d& p, double h, const CylinderInputs& u) {
  const Eigen::Vector2d p_dot = pressure_rates(par, s0, p, u.s, u.s_dot, u.kappa);
  const double p1 = p[0] + h * p_dot[0];
  const double p2 = p[1] + h * p_dot[1];
  p[0] = p1;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  p[1] = p2;
}

// Advances p [Pa] over one step h [s]; s0 [m] is the length with equal chambers (eq. 12).
PressureStep integrate_pressures(HydraulicIntegrator integrator, const HydraulicParameters& par, double s0,
                                 const Eigen::Vector2d& p, double h, const StepInputs& u,
                                 const TrapezoidalNewton& newton = {});

}  // namespace hilsim::sim
