// The static equilibrium a machine starts from (LIM benchmark 2021, §1.3, for any machine): at the
// assembled initial pose, at rest,
//   1. the cylinder forces that hold it, f_h = −M̃ A M_r⁻¹ f_r (eq. 15; reduced_dynamics.h), checked to
//      hold it: with fewer cylinders than degrees of freedom the rest must balance by itself (the
//      benchmark's link 2 hangs plumb);
//   2. for each cylinder, the valve command and chamber pressures that hold its force with no flow
//      (eqs. 16–17): at rest the spool sits at its command and each chamber's net inflow q_i(p_i) = 0,
//      which has one root p_i(u) in [p_T, p_s] (q_i falls as p_i rises), and the pressure force
//      p2 A2 − p1 A1 is monotone in u: its root is found by Brent's method (root_finding.h) over the
//      valve's range, each p_i(u) inside it likewise. This replaces the Newton iteration of eq. (16)
//      on [p1, p2, κ]: the closed-centre valve's dead band makes that iteration's Jacobian singular;
//      bracketing needs none;
//   3. a pump's line pressure p_s, where the pump's flow balances what the valves draw and its relief
//      valve passes (supply.h), found the same way over [p_T, p_cr + 2 Δp_o].
// With the benchmark's crane this is p1 = 3.1708 MPa, p2 = 4.5292 MPa, κ0 = 0.4543 (eq. 18).
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine {

struct CylinderEquilibrium {
  double force = 0.0;                           // f_h holding the machine [N]
  double s = 0.0;                               // length [m]
  Eigen::Vector2d p = Eigen::Vector2d::Zero();  // chamber pressures [Pa]
  double command = 0.0;                         // κ0 or u0 [-]: the valve position that holds it
};

struct MachineEquilibrium {
  VecQ q;  // the pose [rad, m]
  std::vector<CylinderEquilibrium> cylinders;
  std::vector<double> supply_pressure;  // per supply: p_P, or the pump line's p_s [Pa]
  double residual_acceleration = 0.0;   // max |q̈_i| the holding forces leave [rad/s², m/s²]
};

// At the model's initial pose. `limits`: the chambers' relief valves fitted. Throws MachineError
// (key "cylinders[k]" or "joints") when the cylinders cannot hold the machine at rest there.
MachineEquilibrium solve_machine_equilibrium(const MachineModel& model, bool limits = false);

// Step 2 alone: the valve position and chamber pressures with which cylinder k holds `force` [N] at
// rest at length s [m], its supply at p_s [Pa]. Throws MachineError as solve_machine_equilibrium.
CylinderEquilibrium hold_cylinder(const MachineModel& model, int k, double force, double s, double p_s,
                                  bool limits = false);

// The accelerations [rad/s², m/s²] the holding forces may leave and the pose still count as at rest.
inline constexpr double kRestTolerance = 1e-6;

}  // namespace hilsim::sim::machine
