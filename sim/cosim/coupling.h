// Coupling variables between the crane's mechanics and hydraulics (seed 000 §3).
#pragma once

#include <string_view>

namespace hilsim::sim {

enum class Coupling {
  // Force–displacement: mechanics send (s1, ṡ1), hydraulics send f_h. The hydraulics have direct
  // feedthrough (f_h contains −c ṡ1), which is what limits the stable macro step.
  kForceDisplacement,
  // Pressure–displacement: mechanics send (s1, ṡ1), hydraulics send (p1, p2); the mechanics
  // evaluate f_h = (p2 − p1) a_p − c ṡ1 with their own current ṡ1.
  kPressureDisplacement,
};

// "fs" / "ps".
std::string_view to_string(Coupling coupling);

}  // namespace hilsim::sim
