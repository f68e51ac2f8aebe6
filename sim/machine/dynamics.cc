#include "sim/machine/dynamics.h"

#include "sim/machine/kinematics.h"

namespace hilsim::sim::machine {

// The sums below run as plain loops over the coordinates, each entry summed on its own: the
// matrices are small (2–16), and Eigen's products of dynamic size and their zeroing (a call to
// memset) cost several times the arithmetic. Body b moves with coordinates 0..b only (a body's
// coordinate follows its parent's, build_tree.cc), so entry (i, j), i ≤ j, sums the bodies b ≥ j.
void mass_matrix(const MachineModel& model, const MachineData& data, MatQ& M) {
  const int n = model.coordinates();
  M.resize(n, n);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i <= j; ++i) {
      double m_ij = 0.0;
      for (int b = j; b < n; ++b) {
        const Mat2Q& J = data.bodies[b].centre_of_mass.J;
        const RowQ& J_angle = data.bodies[b].J_angle;
        m_ij += model.bodies[b].mass * (J(0, i) * J(0, j) + J(1, i) * J(1, j)) +
                model.bodies[b].inertia * J_angle[i] * J_angle[j];
      }
      M(i, j) = m_ij;
      M(j, i) = m_ij;
    }
  }
}

VecQ bias_forces(const MachineModel& model, const MachineData& data) {
  const int n = model.coordinates();
  VecQ c(n);
  for (int i = 0; i < n; ++i) {
    double c_i = 0.0;
    for (int b = i; b < n; ++b) {
      const PointKinematics& com = data.bodies[b].centre_of_mass;
      c_i += model.bodies[b].mass * (com.J(0, i) * com.bias[0] + com.J(1, i) * com.bias[1]);
    }
    c[i] = c_i;
  }
  return c;
}

VecQ gravity_forces(const MachineModel& model, const MachineData& data) {
  const int n = model.coordinates();
  VecQ f(n);
  for (int i = 0; i < n; ++i) {
    double f_i = 0.0;
    for (int b = i; b < n; ++b)
      f_i -= model.bodies[b].mass * model.gravity * data.bodies[b].centre_of_mass.J(1, i);
    f[i] = f_i;
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
