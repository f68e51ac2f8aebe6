#include "sim/contact/interface_ports.h"

namespace hilsim::sim::contact {
namespace {

// The upper triangle of M̃, row by row: (0,0), (0,1), (0,2), (1,1), (1,2), (2,2).
constexpr int kUpper[6][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}};

void pack_state(const InterfacePorts& p, std::span<double> out) noexcept {
  for (int i = 0; i < 3; ++i) {
    out[i] = p.q[i];
    out[3 + i] = p.v[i];
  }
}

void unpack_state(std::span<const double> in, InterfacePorts& p) noexcept {
  for (int i = 0; i < 3; ++i) {
    p.q[i] = in[i];
    p.v[i] = in[3 + i];
  }
}

}  // namespace

const std::vector<std::string>& interface_port_names(InterfaceData kind) {
  static const std::vector<std::string> kinematics = {"x", "y", "theta", "xdot", "ydot", "thetadot"};
  static const std::vector<std::string> force = {"F_x", "F_y", "tau"};
  static const std::vector<std::string> model = {
      "x",        "y",    "theta",    "xdot",         "ydot", "thetadot", "M_xx",   "M_xy",
      "M_xtheta", "M_yy", "M_ytheta", "M_thetatheta", "f_x",  "f_y",      "f_theta"};
  switch (kind) {
    case InterfaceData::kKinematics:
      return kinematics;
    case InterfaceData::kForce:
      return force;
    case InterfaceData::kModel:
      break;
  }
  return model;
}

void pack(InterfaceData kind, const InterfacePorts& p, std::span<double> out) noexcept {
  if (kind == InterfaceData::kForce) {
    for (int i = 0; i < 3; ++i) out[i] = p.force[i];
    return;
  }
  pack_state(p, out);
  if (kind == InterfaceData::kKinematics) return;
  for (int k = 0; k < 6; ++k) out[6 + k] = p.mass(kUpper[k][0], kUpper[k][1]);
  for (int i = 0; i < 3; ++i) out[12 + i] = p.model_force[i];
}

void unpack(InterfaceData kind, std::span<const double> in, InterfacePorts& p) noexcept {
  if (kind == InterfaceData::kForce) {
    for (int i = 0; i < 3; ++i) p.force[i] = in[i];
    return;
  }
  unpack_state(in, p);
  if (kind == InterfaceData::kKinematics) return;
  for (int k = 0; k < 6; ++k) {
    p.mass(kUpper[k][0], kUpper[k][1]) = in[6 + k];
    p.mass(kUpper[k][1], kUpper[k][0]) = in[6 + k];
  }
  for (int i = 0; i < 3; ++i) p.model_force[i] = in[12 + i];
}

}  // namespace hilsim::sim::contact
