// The settings of a crane co-simulation (LIM benchmark 2021, §3, Peiret et al. 2018, §3–4), apart from the
// plan that crane_plan.h builds from them: a scenario holds them without the subsystems' Eigen code.
#pragma once

#include <cmath>

#include "sim/cosim/coupling.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/hydraulics/hydraulic_integrator.h"
#include "sim/model/machine_limits.h"
#include "sim/multibody/mechanics_formulation.h"

namespace hilsim::sim {

enum class CosimScheme { kJacobi, kGaussSeidelMechanicsFirst, kGaussSeidelHydraulicsFirst };

// What the reduced models of the two-way coupling may know of κ over the coming macro step. κ is an
// external input: every subsystem reads it at its own micro steps. With kNone no subsystem knows κ
// before the micro step it applies to (as in any live run), and the hydraulics' model spans the κ
// last applied ± kUnpreviewedKappaReach; with kScript the model spans the scripted κ over the step.
enum class KappaPreview { kNone, kScript };

struct CosimSettings {
  Coupling coupling = Coupling::kPressureDisplacement;
  CosimScheme scheme = CosimScheme::kJacobi;
  Extrapolation extrapolation = Extrapolation::kZeroOrderHold;  // of every subsystem's inputs
  // RIM coupling: the force returned to the mechanics. The average is the default: the mechanics
  // hold the force over the whole macro step, and the mean carries the impulse the RIM predicted for
  // it, where the end value overshoots after every transient (M1, one actuator, H = 30 ms: max |Δs1|
  // 3.0 mm against 14 mm; stable to 50 ms against 40 ms). At one micro step per macro step both are
  // the same value.
  RimForce rim_force = RimForce::kAverage;
  double H = 1e-3;         // macro (communication) step [s]
  double h_mech = 0.0;     // mechanics step h_M [s]; 0 means h_M = H (as in every run of LIM benchmark 2021)
  double h_hyd = 0.2e-3;   // hydraulic step [s]; H must be a whole multiple of it
  double duration = 10.0;  // simulated time [s]; the run ends at the last communication point ≤ it
  HydraulicIntegrator hydraulics_integrator = HydraulicIntegrator::kForwardEuler;  // direct couplings
  // ALI1 and ALI3-P: one actuator, f-s or p-s, held inputs.
  MechanicsFormulation mechanics = MechanicsFormulation::kIndependent;
  // End stops, link 1's rest, cavitation and relief valves (machine_limits.h); off by default, as
  // in the benchmark. Modelled with the independent-coordinate mechanics.
  MachineLimits limits;
  // Two-way coupling: the κ its reduced models may see (scripted runs; live runs are always kNone).
  KappaPreview preview = KappaPreview::kScript;
};

// The two-way coupling's mechanics apply the pressure force of the step's start and advance the
// pressures implicitly after it: the cylinder's damping (~2·10⁴ N·s/m) is one mechanics step behind,
// which bounds h_M, not H (measured at H = 100 ms: one actuator stable to h_M = 20 ms, two to 5 ms,
// with c/M̃22 ≈ 250 1/s). Unset, its h_M is 1 ms at most; set, at most this.
inline constexpr double kTwoWayDefaultMechanicsStep = 1e-3;  // [s]
inline constexpr double kTwoWayMaxMechanicsStep = 5e-3;      // [s]

// The mechanics step h_M [s] of `settings`: h_mech when set, else H (else, two-way, the largest
// whole fraction of H not above kTwoWayDefaultMechanicsStep).
inline double mechanics_step(const CosimSettings& settings) {
  if (settings.h_mech > 0.0) return settings.h_mech;
  if (settings.coupling != Coupling::kTwoWay || settings.H <= kTwoWayDefaultMechanicsStep) return settings.H;
  const double steps = std::ceil(settings.H / kTwoWayDefaultMechanicsStep - 1e-9);
  return settings.H / steps;
}

// Whether `settings.extrapolation` can change the trajectory. A subsystem evaluates its input
// polynomial at the start of each of its micro steps (input_extrapolation.h), a higher-order
// hydraulic integrator (RK4, trapezoidal) also inside and at the end of each, and the f-s hydraulics
// at the macro step's end too (the force they return damps with ṡ(t_{n+1})): upstream (Jacobi, or
// first in a Gauss-Seidel order) with one micro step per macro step, forward Euler's and the
// mechanics' only evaluation is at the newest sample, which is the hold; downstream it interpolates
// towards the upstream's end values, which is not. The mechanics extrapolate the force or
// pressures they receive; the f-s and p-s hydraulics their s, ṡ; the RIM's hydraulics integrate a
// model of the mechanics instead, and two-way's mechanics a model of the hydraulics (which takes
// the hold only). So with the RIM, h_M = H and the mechanics upstream, the polynomial never reaches
// the trajectory (measured: M1, H = 1 ms, 7 s, Δs1 = 0 exactly; with h_M = H/2, or Gauss-Seidel
// hydraulics first, up to 4e-5 m); nor with p-s, Jacobi, h_M = h_H = H and forward Euler (f-s: 1e-5 m).
// The coupling monitor's quadrature of its error energy follows the extrapolation all the same
// (coupling_monitor.h): dE and Ebal change where the trajectory does not. The hold itself always
// "has an effect".
inline bool extrapolation_has_effect(const CosimSettings& settings) {
  if (settings.extrapolation == Extrapolation::kZeroOrderHold) return true;
  const bool one_mechanics_step = mechanics_step(settings) >= settings.H * (1.0 - 1e-9);
  const bool one_hydraulic_step = settings.h_hyd >= settings.H * (1.0 - 1e-9);
  const bool mechanics_upstream = settings.scheme != CosimScheme::kGaussSeidelHydraulicsFirst;
  const bool hydraulics_upstream = settings.scheme != CosimScheme::kGaussSeidelMechanicsFirst;
  const bool start_only = settings.hydraulics_integrator == HydraulicIntegrator::kForwardEuler &&
                          settings.coupling != Coupling::kForceDisplacement;
  const bool mechanics_use_it = !(one_mechanics_step && mechanics_upstream);
  const bool hydraulics_extrapolate = settings.coupling == Coupling::kForceDisplacement ||
                                      settings.coupling == Coupling::kPressureDisplacement;
  const bool hydraulics_use_it =
      hydraulics_extrapolate && !(one_hydraulic_step && hydraulics_upstream && start_only);
  return mechanics_use_it || hydraulics_use_it;
}

}  // namespace hilsim::sim
