// The physical limits of the machine that the benchmark of LIM benchmark 2021 leaves out, because its
// manoeuvres never reach them, but that a live controller reaches at once: the cylinder's stroke
// (end stops), the fluid's vapour pressure (cavitation), a pressure-relief valve on each chamber, and
// the rest that keeps link 1 from swinging through its base. All are off unless `enabled`; the
// scenario's [limits] section turns them on (by default for a live, UDP or CAN, input) and sets these
// values. The defaults are those of a typical mobile-machine cylinder of the benchmark's size
// (piston area 65 cm², stroke 0.442 m, a 7.6 MPa supply).
//
// Where they act:
//   end stops    sim/multibody/unilateral_stops.h, in the mechanics and in the RIM's interface model
//   joint stop   the same solve, on θ1, in the mechanics
//   cavitation   sim/hydraulics/cavitation.h, after every hydraulic micro step
//   relief       sim/hydraulics/cylinder.h (pressure_rates), through HydraulicParameters
#pragma once

#include <numbers>

namespace hilsim::sim {

// A stiff, damped, one-sided contact at each end of the stroke, on the actuator length s. The stroke
// runs from s0 − l/2 + dead_length to s0 + l/2 − dead_length (s0: the length with equal chambers, l
// the cylinder length of LIM benchmark 2021, eq. 12), so a chamber keeps at least dead_length of oil.
struct EndStopLimits {
  double dead_length = 0.01;  // chamber length left at either end [m], (0, l/2)
  // With the effective mass of about 2 t the crane puts on the rod this stops a full 49 kN pump
  // force within 0.5 mm, at a damping ratio of about 0.5.
  double stiffness = 1e8;  // [N/m], (0, ∞)
  double damping = 5e5;    // [N·s/m], [0, ∞)
};

// The rest under link 1: θ1 ≥ theta1_min. At θ1 = 0 link 1 lies on the base's line (y = 0) and the
// actuator reaches its dead point (s at its minimum, A = 0), so the rest sits above it.
struct JointStopLimits {
  double theta1_min = 10.0 * std::numbers::pi / 180.0;  // [rad], (−π/2, θ1_0)
  double stiffness = 1e7;  // [N·m/rad], (0, ∞): 0.4 mrad under the crane's weight
  double damping = 1e5;    // [N·m·s/rad], [0, ∞): about critical for link 1's 417 kg·m²
};

// The pressure a chamber cannot fall below [Pa, absolute]: mineral oil with dissolved air releases
// gas at a few kPa; below it the chamber holds a cavity instead of a tension.
struct CavitationLimits {
  double vapour_pressure = 2e3;  // [Pa], (0, p_T)
};

// A direct-acting relief valve from each chamber to the tank: closed below the cracking pressure,
// above it the flow grows linearly, Q = gain (p − p_crack).
struct ReliefLimits {
  double cracking_pressure = 10e6;  // [Pa], (p_P, 15 MPa]: 30 % above the supply, shut in normal work
  double flow_gain = 2e-9;          // [m³/(s·Pa)], (0, ∞): 120 l/min at 1 MPa above cracking
};

struct MachineLimits {
  bool enabled = false;  // off: the benchmark's machine, without any of these
  EndStopLimits end_stops;
  JointStopLimits joint_stop;
  CavitationLimits cavitation;
  ReliefLimits relief;
};

}  // namespace hilsim::sim
