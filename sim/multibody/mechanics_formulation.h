// Which formulation integrates the crane's mechanics in a co-simulation.
#pragma once

#include <string_view>

namespace hilsim::sim {

enum class MechanicsFormulation {
  kIndependent,  // q = [θ1, θ2], semi-implicit Euler (LIM benchmark 2021, eqs. 1–7),
                 // sim/cosim/mechanics_subsystem.h
  kAli1,  // dependent coordinates, index-1 augmented Lagrangian, semi-implicit Euler (Rahikainen et al. 2020,
          // §2.1)
  kAli3P,  // dependent coordinates, index-3 augmented Lagrangian with projections, trapezoidal rule
};

// "independent", "ali1", "ali3p".
constexpr std::string_view to_string(MechanicsFormulation f) {
  switch (f) {
    case MechanicsFormulation::kIndependent:
      return "independent";
    case MechanicsFormulation::kAli1:
      return "ali1";
    case MechanicsFormulation::kAli3P:
      return "ali3p";
  }
  return "?";
}

}  // namespace hilsim::sim
