// The floor hilsim-bench-cosim measures the co-simulation against: the single-actuated crane of
// LIM benchmark 2021 under manoeuvre M1, Jacobi scheme with held inputs, as one plain loop with every
// equation written out: no subsystems, no ports, no graph, no input models, no coupling monitor, no samples.
// It computes the trajectory hilsim computes (the same equations in the same order, the mass matrix
// solved by Cramer's rule instead of Eigen's LDLT), so its final state is compared with hilsim's.
#pragma once

#include "sim/cosim/coupling.h"
#include "sim/model/crane_parameters.h"
#include "sim/model/equilibrium.h"

namespace hilsim::bench {

// The state at the end of a run.
struct BaselineState {
  double theta1 = 0.0, theta2 = 0.0;          // [rad]
  double theta1_dot = 0.0, theta2_dot = 0.0;  // [rad/s]
  double s = 0.0, s_dot = 0.0;                // actuator length [m] and rate [m/s]
  double p1 = 0.0, p2 = 0.0;                  // chamber pressures [Pa]
};

struct BaselineRun {
  double H = 1e-3;         // macro step [s]; the mechanics step too
  double h_hyd = 5e-5;     // hydraulic step [s], H a whole multiple of it
  double duration = 10.0;  // [s]; ends at the last communication point not after it
};

// Runs f-s, p-s or RIM (force returned: the macro step's average) from the equilibrium `eq`, with
// manoeuvre M1 (LIM benchmark 2021, eq. 19, default timing) from κ0 = eq.kappa.
BaselineState run_baseline(sim::Coupling coupling, const sim::CraneParameters& crane,
                           const sim::HydraulicParameters& hyd, const sim::Equilibrium& eq,
                           const BaselineRun& run);

}  // namespace hilsim::bench
