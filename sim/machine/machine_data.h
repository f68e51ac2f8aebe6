// The preallocated workspace of a machine's algorithms (machine_model.h): what forward_kinematics
// computes at one state (q, q̇) and what the dynamics and the cylinders then read. One per run, or per
// thread that evaluates the model; sized for the largest machine, so nothing in it allocates.
#pragma once

#include <array>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine {

// A point of a body at the evaluated state, in the world frame.
struct PointKinematics {
  Eigen::Vector2d position = Eigen::Vector2d::Zero();  // [m]
  Eigen::Vector2d velocity = Eigen::Vector2d::Zero();  // [m/s]
  Eigen::Vector2d bias = Eigen::Vector2d::Zero();      // acceleration at q̈ = 0 [m/s²]
  Mat2Q J;                                             // ∂r/∂q
};

// One body at the evaluated state, in the world frame.
struct BodyKinematics {
  double angle = 0.0;  // φ of the body frame from the world's x axis [rad]
  double cos = 1.0, sin = 0.0;
  double omega = 0.0;                                  // φ̇ [rad/s]
  Eigen::Vector2d origin = Eigen::Vector2d::Zero();    // of the body frame [m]
  Eigen::Vector2d velocity = Eigen::Vector2d::Zero();  // of the origin [m/s]
  // The origin's acceleration at q̈ = 0 (centripetal and Coriolis parts) [m/s²]; the angular one is
  // zero in the plane.
  Eigen::Vector2d bias = Eigen::Vector2d::Zero();
  Mat2Q J_origin;                  // ∂(origin)/∂q [m/rad or -]
  RowQ J_angle;                    // ∂φ/∂q [-]
  PointKinematics centre_of_mass;  // what the dynamics read of the body
};

struct MachineData {
  explicit MachineData(const MachineModel& model);

  std::array<BodyKinematics, kMaxBodies> bodies;
  BodyKinematics ground;  // at rest, its frame the world's
  VecQ q;                 // the state evaluated [rad, m]
  VecQ q_dot;             // [rad/s, m/s]
};

}  // namespace hilsim::sim::machine
