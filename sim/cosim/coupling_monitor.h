// The coupling-error monitor of Rahikainen et al. 2020, §2.3.2 for the crane. Per actuator the power bond is
// the hydraulic effort e (f_h for f-s and RIM, the pressure force (p2 − p1) a_p for p-s, whose viscous part
// the mechanics evaluate themselves) times the flow ṡ. At t_{n+1} each side reports the power of its input
// model against its own output:
//   P_M = Σ ẽ_M ṡ_M   (the effort the mechanics' input model gives, their computed rate)
//   P_H = Σ ṡ̃_H e_H   (the rate the hydraulics' input model gives, their computed effort)
// and δP = P_H − P_M (eq. 20), zero for exact inputs. Each side integrates its own power inside its
// subsystem (end_macro_step), so the energies are kept by whichever thread steps it; the sample
// assembly forms δE = Σ E_H − E_M.
// The two-way coupling exchanges models, not values held over H: each side integrates the pressure
// force's power at its own micro steps instead, the mechanics e(p̃_k) ṡ_{k+1} h_M (the force they
// applied over the step and the rate it moved at), the hydraulics e(p_{j+1}) ṡ_RIM,j h_H (the rate
// their flow took and the pressure it produced). δE is then the energy the two reduced models
// disagree on; with one micro step per macro step it is p-s's, term by term.
#pragma once

#include <Eigen/Dense>

#include "sim/cosim/coupling.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/hydraulics/cylinder_hydraulics.h"

namespace hilsim::sim {

// P_H [W] of one cylinder's hydraulics at pressures p [Pa] and the rate s_dot [m/s] their input
// model gave at the end of the macro step. Inline: the hydraulic subsystem adds it at every
// communication point, and the call cost as much as the arithmetic.
inline double hydraulics_bond_power(const CylinderHydraulics& hyd, Coupling coupling,
                                    const Eigen::Vector2d& p, double s_dot) {
  const double e_H =
      coupling == Coupling::kForceDisplacement ? cylinder_force(hyd, p, s_dot) : pressure_force(hyd, p);
  return s_dot * e_H;
}

// One side's energy: rectangle rule with held inputs, trapezoidal rule with extrapolated ones
// (Rahikainen et al. 2020, eqs. 23–24).
struct BondEnergy {
  double E = 0.0;       // [J]
  double P_prev = 0.0;  // [W]
  void add(double P, double H, Extrapolation extrapolation) {
    E += extrapolation == Extrapolation::kZeroOrderHold ? P * H : 0.5 * H * (P_prev + P);
    P_prev = P;
  }
};

}  // namespace hilsim::sim
