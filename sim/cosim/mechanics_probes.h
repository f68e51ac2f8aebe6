// The probe layout of the crane's mechanics, whichever formulation integrates them (independent
// coordinates, sim/cosim/mechanics_subsystem.h; dependent, sim/multibody/
// dependent_mechanics_subsystem.h), and the sample assembly reads (crane_samples.h): one list of
// names in the order of the values.
#pragma once

#include <string>
#include <vector>

namespace hilsim::sim {

enum class MechanicsProbe {
  kQ1,
  kQ2,  // link angles [rad]
  kQ1dot,
  kQ2dot,  // their rates [rad/s]
  kS1,
  kS2,  // actuator lengths [m] (0 for an absent actuator)
  kS1dot,
  kS2dot,   // actuator rates [m/s]
  kWork,    // the actuators' work on the crane since t_0 [J]
  kEM,      // E_M, the mechanics' side of the coupling monitor [J]
  kEnergy,  // T + V at the probed state [J]: the mechanics has its trigonometry at hand
  kCount,
};

// "q1", "q2", "q1dot", "q2dot", "s1", "s2", "s1dot", "s2dot", "work", "E_M", "E_mech".
const std::vector<std::string>& mechanics_probe_names();

constexpr std::size_t index(MechanicsProbe p) { return static_cast<std::size_t>(p); }

}  // namespace hilsim::sim
