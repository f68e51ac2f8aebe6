// Which method integrates the cylinder's pressure ODE (sim/hydraulics/circuit.h, Rahikainen et al.
// 2020, §3.3): a setting on its own, so that settings can name it without the integrator's Eigen code.
#pragma once

#include <string_view>

namespace hilsim::sim {

enum class HydraulicIntegrator { kForwardEuler, kRungeKutta4, kTrapezoidal };

// "euler", "rk4", "trapezoidal".
std::string_view to_string(HydraulicIntegrator integrator);

}  // namespace hilsim::sim
