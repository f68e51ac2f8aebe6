// A machine split at one planar weld into the two subsystems of Peiret et al. (contact tasks), §7: subsystem
// 1, the tool (the body welded to the arm) with its environment and every contact; subsystem 2, the arm
// (links, joints, servos or actuators, ending in the interface body the tool is welded to). The interface is
// that weld, planar (x, y, θ), as the 6-DOF weld between arm and end effector in Peiret et al. (contact
// tasks), §7; each side's local parametrisation (eq. (6)) is the velocity w of its own interface body.
//
// The couplings (coupled_subsystems.h) run the two systems apart and exchange kinematics, forces or
// reduced models across the weld; the monolithic reference (join) runs them as one system with the
// weld as its rows.
#pragma once

#include "sim/contact/planar_system.h"

namespace hilsim::sim::contact {

struct InterfaceWeld {
  Vec2 arm_point = Vec2::Zero();   // the weld's point in the arm's interface body frame [m]
  Vec2 tool_point = Vec2::Zero();  // the same point in the tool body's frame [m]
  double angle = 0.0;              // θ_arm − θ_tool the weld holds [rad]
};

struct CoupledSystems {
  PlanarSystem arm;   // subsystem 2
  int arm_body = 0;   // its interface body (dynamic)
  PlanarSystem tool;  // subsystem 1: the tool, the environment, the contact pairs
  int tool_body = 0;  // its interface body (dynamic): the tool
  InterfaceWeld weld;
};

// The monolithic system: the arm's bodies, joints and servos as they are (same indices), then the
// tool side's (body indices shifted by arm.bodies.size(); its servos, polygons, segments and pairs
// after the arm's), then the weld between arm_body and tool_body with the given compliance (rigid
// by default: the system Peiret et al. (contact tasks), §7 takes as its reference). Gravity and detection
// settings are the arm's; the two must agree (std::invalid_argument otherwise, naming the field).
PlanarSystem join(const CoupledSystems& systems, const RowCompliance& linear = {},
                  const RowCompliance& angular = {});

// Index of body `tool_index` of the tool side in join()'s system.
inline int joined_tool_body(const CoupledSystems& systems, int tool_index) {
  return static_cast<int>(systems.arm.bodies.size()) + tool_index;
}

}  // namespace hilsim::sim::contact
