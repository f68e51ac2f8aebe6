// Static-equilibrium initialisation of the crane and its actuator: LIM benchmark 2021, §1.3.
//   1. q = q0, q̇ = 0;
//   2. the actuator force that holds the crane, eq. (15);
//   3. s1, ṡ1 from the kinematics, eqs. (4)–(5);
//   4. Newton–Raphson on z = [p1, p2, κ] for g(z) = [f_h − (p2 − p1) a_p, ṗ1, ṗ2] = 0, eqs. (16)–(17),
//      with the update Δz = −(dg/dz)⁻¹ g (the inverse is missing in the printed eq. 16).
#pragma once

#include <Eigen/Dense>

#include "sim/machine/machine_equilibrium.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

struct EquilibriumOptions {
  Eigen::Vector3d initial_guess{3.3e6, 4.4e6, 0.5};  // [p1 Pa, p2 Pa, κ], LIM benchmark 2021, §1.3
  int max_iterations = 50;
  // Converged when the update is below these: pressures [Pa] and κ [-].
  double pressure_tolerance = 1e-6;
  double kappa_tolerance = 1e-14;
};

// The hydraulic equilibrium of one actuator.
struct ActuatorEquilibrium {
  double f_h = 0.0;                             // force holding the crane [N]
  double s = 0.0;                               // length [m]
  Eigen::Vector2d p = Eigen::Vector2d::Zero();  // chamber pressures [Pa]
  double kappa = 0.0;                           // spool position [-]
  int iterations = 0;
};

struct Equilibrium {
  Eigen::Vector2d q;  // [rad]
  // Actuator 1:
  double f_h = 0.0;                                    // actuator force holding the crane [N]
  double s = 0.0;                                      // actuator length [m]
  Eigen::Vector2d p;                                   // chamber pressures [Pa]
  double kappa = 0.0;                                  // spool position κ0 [-]
  int iterations = 0;                                  // Newton iterations taken
  Eigen::Vector3d residual = Eigen::Vector3d::Zero();  // g at the solution [N, Pa/s, Pa/s]
  // Actuator 2 of the double-actuated crane (Peiret et al. 2018, eq. 41; published κ2 = 0.5, p = 3.85 MPa).
  ActuatorEquilibrium actuator2;
  int actuators = 1;

  // Actuator k (0 or 1) as one record.
  ActuatorEquilibrium actuator(int k) const;
};

// The LIM crane's equilibrium as solved for its machine description (sim/machine/lim_crane.h,
// machine_equilibrium.h) in the crane's terms: the absolute link angles, actuator 1 and 2's records.
Equilibrium crane_equilibrium(const machine::MachineEquilibrium& eq);

// Throws std::runtime_error when the Newton iteration does not converge.
Equilibrium solve_equilibrium(const CraneParameters& crane, const HydraulicParameters& hyd,
                              const EquilibriumOptions& options = {});

// The hydraulic part alone (step 4): p and κ that hold force f_h [N] at rest, at length s [m].
// Returns the iterations taken; throws std::runtime_error when not converged.
int solve_hydraulic_equilibrium(const HydraulicParameters& hyd, double f_h, double s,
                                const EquilibriumOptions& options, Eigen::Vector2d& p, double& kappa,
                                Eigen::Vector3d& residual);

}  // namespace hilsim::sim
