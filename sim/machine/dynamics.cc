#include "sim/machine/dynamics.h"

#include "sim/machine/kinematics.h"

namespace hilsim::sim::machine {

void mass_matrix(const MachineModel& model, const MachineData& data, MatQ& M) {
  const int n = model.coordinates();
  M.setZero(n, n);
  for (int b = 0; b < n; ++b) {
    const Body& body = model.bodies[b];
    const PointKinematics& c = data.bodies[b].centre_of_mass;
    const RowQ& J_angle = data.bodies[b].J_angle;
    M.noalias() += body.mass * c.J.transpose() * c.J;
    M.noalias() += body.inertia * J_angle.transpose() * J_angle;
  }
}

VecQ bias_forces(const MachineModel& model, const MachineData& data) {
  const int n = model.coordinates();
  VecQ c = VecQ::Zero(n);
  for (int b = 0; b < n; ++b) {
    const Body& body = model.bodies[b];
    const PointKinematics& com = data.bodies[b].centre_of_mass;
    c.noalias() += body.mass * com.J.transpose() * com.bias;
  }
  return c;
}

VecQ gravity_forces(const MachineModel& model, const MachineData& data) {
  const int n = model.coordinates();
  VecQ f = VecQ::Zero(n);
  for (int b = 0; b < n; ++b) {
    const Body& body = model.bodies[b];
    const PointKinematics& com = data.bodies[b].centre_of_mass;
    f.noalias() -= body.mass * model.gravity * com.J.row(1).transpose();
  }
  return f;
}

double kinetic_energy(const MachineModel& model, const MachineData& data) {
  double T = 0.0;
  for (int b = 0; b < model.coordinates(); ++b) {
    const Body& body = model.bodies[b];
    const PointKinematics& com = data.bodies[b].centre_of_mass;
    const double omega = data.bodies[b].omega;
    T += 0.5 * (body.mass * com.velocity.squaredNorm() + body.inertia * omega * omega);
  }
  return T;
}

double potential_energy(const MachineModel& model, const MachineData& data) {
  double V = 0.0;
  for (int b = 0; b < model.coordinates(); ++b) {
    const Body& body = model.bodies[b];
    V += model.gravity * body.mass * data.bodies[b].centre_of_mass.position[1];
  }
  return V;
}

}  // namespace hilsim::sim::machine
