// Kinematics of a planar machine in its tree coordinates q (machine_model.h): every body's pose,
// velocity, Jacobian and bias acceleration from the ground outwards, then any point's and any
// cylinder's. Planar rigid-body kinematics: a point P of body b at d = R(φ_b) p from its origin moves as
//   ṙ_P = ȯ_b + φ̇_b d⊥,   r̈_P = ö_b + φ̈_b d⊥ − φ̇_b² d      (d⊥ = (−d_y, d_x))
// and a joint passes its child the parent's motion at the joint point plus its own coordinate's:
// the angle (revolute) or the slide along its axis (prismatic, which also adds the Coriolis term
// 2 φ̇ (R u)⊥ q̇). Nothing here allocates.
#pragma once

#include "sim/machine/machine_data.h"

namespace hilsim::sim::machine {

// Evaluates every body at (q, q̇) into `data` (which keeps q and q̇), each body's centre of mass too.
void forward_kinematics(const MachineModel& model, const VecQ& q, const VecQ& q_dot, MachineData& data);

// A point of a body (or the ground: kGround) at `at` [m, body frame], at the evaluated state.
PointKinematics point_kinematics(const MachineModel& model, const MachineData& data, int body,
                                 const Eigen::Vector2d& at);
// Position only [m].
Eigen::Vector2d point_position(const MachineData& data, int body, const Eigen::Vector2d& at);

// A cylinder between its base and rod points: its length s [m], rate ṡ = J q̇ [m/s], J = ∂s/∂q and the
// velocity part of s̈ = J q̈ + J̇ q̇ [m/s²] (J̇ q̇ = u·(r̈_rod − r̈_base)|_{q̈=0} + (|ḋ|² − ṡ²)/s for
// d = r_rod − r_base, u = d/s).
struct CylinderKinematics {
  double s = 0.0;
  double s_dot = 0.0;
  RowQ J;
  double J_dot_q_dot = 0.0;
};
CylinderKinematics cylinder_kinematics(const MachineModel& model, const MachineData& data, int cylinder);

}  // namespace hilsim::sim::machine
