// What crosses the weld between the tool side and the arm side of a contact co-simulation
// (contact_coupling.h), as the plain doubles of a subsystem's ports (sim/cosim/subsystem.h):
//   kinematics  x, y, theta [m, m, rad], xdot, ydot, thetadot [m/s, m/s, rad/s]: the sender's
//               interface body q and v at t_n;
//   force       F_x, F_y [N], tau [N·m]: β, the force of the weld on the arm's interface body at the
//               weld point, and its torque (the weld rows' impulse / h, averaged over the macro step);
//   model       the kinematics, then M_xx, M_xy, M_xtheta, M_yy, M_ytheta, M_thetatheta (the upper
//               triangle of the effective mass M̃ [kg, kg·m, kg·m²]) and f_x, f_y, f_theta (the
//               effective force f̃ [N, N, N·m]), about the sender's interface body frame (eq. (18)).
// The receiver's inputs carry the same names as the sender's outputs.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "sim/contact/contact_coupling.h"
#include "sim/contact/planar_body.h"

namespace hilsim::sim::contact {

struct InterfacePorts {
  Vec3 q = Vec3::Zero();            // s [m, m, rad]
  Vec3 v = Vec3::Zero();            // w [m/s, m/s, rad/s]
  Vec3 force = Vec3::Zero();        // β [N, N, N·m]
  Mat3 mass = Mat3::Zero();         // M̃, symmetric
  Vec3 model_force = Vec3::Zero();  // f̃ [N, N, N·m]
};

const std::vector<std::string>& interface_port_names(InterfaceData kind);

// Writes the values of `kind` in the order of its names; `out` has at least that many. Allocates nothing.
void pack(InterfaceData kind, const InterfacePorts& ports, std::span<double> out) noexcept;
// Reads them back into the fields of `kind` (M̃ made symmetric from its upper triangle).
void unpack(InterfaceData kind, std::span<const double> in, InterfacePorts& ports) noexcept;

}  // namespace hilsim::sim::contact
