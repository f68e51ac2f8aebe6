// The constraints of a machine's closed kinematic loops, in its tree coordinates q (machine_model.h):
// each joint that closes a loop adds two rows, Φ(q) = 0,
//   revolute    Φ = r_B(b) − r_A(a)                        the two points together [m]
//   prismatic   Φ = [ n_A · (r_B(b) − r_A(a)) ;            the child's point on the axis line [m]
//                     φ_B − φ_A ]                           the frames parallel [rad]
// (A the parent, B the child, n_A the axis's normal in the world). Their Jacobian Φ_q and the
// velocity part of Φ̈ = Φ_q q̈ + Φ̇_q q̇ follow from the points' kinematics (kinematics.h).
//
// The coordinates split into independent ones q_i, integrated, and dependent ones q_d (the model's
// partition, chosen when it is built), which the constraints give (coordinate partitioning, Wehage and
// Haug 1982): Φ(q_i, q_d) = 0 solved by Newton for q_d, then q̇_d = −Φ_d⁻¹ Φ_i q̇_i. With
// q̇ = R q̇_i and q̈ = R q̈_i + σ, R = [I; −Φ_d⁻¹ Φ_i] (rows in the order of q) and σ = −Φ_d⁻¹ Φ̇_q q̇ on
// the dependent rows. Nothing here allocates.
#pragma once

#include "sim/machine/machine_data.h"

namespace hilsim::sim::machine {

// Φ(q) [m, rad] at the evaluated state.
VecL loop_constraints(const MachineModel& model, const MachineData& data);
// Φ_q and Φ̇_q q̇ at the evaluated state.
void loop_jacobian(const MachineModel& model, const MachineData& data, MatLQ& Phi_q, VecL& Phi_dot_q_dot);

// What loop_positions does to close the loops.
struct LoopSolve {
  int iterations = 0;
  double violation = 0.0;  // ‖Φ‖∞ at the end [m, rad]
  bool converged = false;
};

// Holds q's independent coordinates and solves its dependent ones from Φ = 0 by Newton, starting
// from q's; `data` is left evaluated at the result with velocity q_dot (whose dependent entries it
// then fills: loop_velocities). Stops below `tolerance` [m, rad] or after max_iterations.
LoopSolve loop_positions(const MachineModel& model, VecQ& q, const VecQ& q_dot, MachineData& data,
                         double tolerance = 1e-12, int max_iterations = 20);

// q̇_d = −Φ_d⁻¹ Φ_i q̇_i: fills the dependent entries of q_dot, from Φ_q at the evaluated state.
void loop_velocities(const MachineModel& model, const MatLQ& Phi_q, VecQ& q_dot);

// R and σ of the header's comment at the evaluated state (velocities consistent).
struct VelocityTransform {
  MatQ R;      // n × dofs
  VecQ sigma;  // n
};
void velocity_transform(const MachineModel& model, const MatLQ& Phi_q, const VecL& Phi_dot_q_dot,
                        VelocityTransform& out);

}  // namespace hilsim::sim::machine
