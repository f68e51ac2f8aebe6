// The probe layout of a machine's mechanics, whichever formulation integrates them (independent
// coordinates, sim/cosim/mechanics_subsystem.h; dependent, sim/multibody/
// dependent_mechanics_subsystem.h), and the sample assembly reads (machine_samples.h): one list of
// names in the order of the values, for n tree coordinates and K cylinders.
//   q1 … qn          the tree coordinates (sim/machine/machine_model.h) [rad, m]
//   q1dot … qndot    their rates [rad/s, m/s]
//   s1 … sK          the cylinders' lengths [m]
//   s1dot … sKdot    their rates [m/s]
//   work             the cylinders' work on the machine since t_0 (with the stops') [J]
//   E_M              the mechanics' side of the coupling monitor [J]
//   E_mech           T + V at the probed state [J]
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hilsim::sim {

std::vector<std::string> mechanics_probe_names(int coordinates, int cylinders);

// Where each value is in that layout.
struct MechanicsProbeLayout {
  int coordinates = 0;
  int cylinders = 0;
  std::size_t q(int i) const { return static_cast<std::size_t>(i); }
  std::size_t q_dot(int i) const { return q(coordinates) + q(i); }
  std::size_t s(int k) const { return 2 * q(coordinates) + q(k); }
  std::size_t s_dot(int k) const { return s(cylinders) + q(k); }
  std::size_t work() const { return s(2 * cylinders); }
  std::size_t E_M() const { return work() + 1; }
  std::size_t E_mech() const { return work() + 2; }
  std::size_t size() const { return work() + 3; }
};

}  // namespace hilsim::sim
