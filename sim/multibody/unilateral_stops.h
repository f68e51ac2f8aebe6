// Stiff, damped, one-sided stops on scalar coordinates x_i of a mechanism (an actuator length at the
// end of its stroke, a joint angle on its rest; machine_limits.h), integrated implicitly inside a
// semi-implicit Euler step (LIM benchmark 2021, eqs. 6–7) so that they stay stable at any step size.
//
// The coordinates move with the velocities v as ẋ = G v, and the stop forces λ act back through Gᵀ.
// Over a step h the velocities are v⁺ = v_free + h M⁻¹ Gᵀ λ, v_free being what the step reaches
// without the stops, so ẋ⁺ = ẋ_free + h W λ with the mobility W = G M⁻¹ Gᵀ. An engaged stop pushes
// with the Kelvin–Voigt law taken at the end of the step (backward Euler on the contact alone):
//   λ_i = −k_i (x_i + h ẋ⁺_i − limit_i) − d_i ẋ⁺_i,
// linear in λ: (I + h C W) λ = −K (x − limit) − C ẋ_free over the engaged stops, C = diag(k h + d).
// A stop engages when the free step would carry x past its limit; a force that would pull (a stop
// only pushes back into the range) releases that stop and the rest are solved again.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <limits>

namespace hilsim::sim {

// A machine's stops: its cylinders' end stops and its joints' limits (sim/cosim/mechanics_subsystem.h).
inline constexpr int kMaxStops = 16;

struct UnilateralStop {
  double lower = -std::numeric_limits<double>::infinity();  // [m] or [rad]
  double upper = std::numeric_limits<double>::infinity();   // [m] or [rad]
  double stiffness = 0.0;                                   // [N/m] or [N·m/rad]
  double damping = 0.0;                                     // [N·s/m] or [N·m·s/rad]
};

using StopVector = Eigen::Matrix<double, kMaxStops, 1>;
using StopMatrix = Eigen::Matrix<double, kMaxStops, kMaxStops>;

struct StopForces {
  StopVector force = StopVector::Zero();  // λ [N] or [N·m]; 0 for a stop not engaged
  unsigned engaged = 0;                   // bit i: stop i pushes in this step
};

// The stops `stops` (an unused slot has infinite limits and never engages) at the coordinates x, with
// the free end-of-step rates x_dot_free and the mobility W (only the engaged rows and columns are
// read), over the step h [s]. Allocates nothing.
StopForces stop_forces(const std::array<UnilateralStop, kMaxStops>& stops, const StopVector& x,
                       const StopVector& x_dot_free, const StopMatrix& W, double h);

// Whether any stop might engage in this step: x + h ẋ_free outside a limit. A cheap test that spares
// the caller the mobility when every coordinate is well inside its range.
bool any_stop_reached(const std::array<UnilateralStop, kMaxStops>& stops, const StopVector& x,
                      const StopVector& x_dot_free, double h);

}  // namespace hilsim::sim
