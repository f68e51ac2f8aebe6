// Parameters of the hydraulically actuated 2-link crane of the LIM benchmark
// ("Co-simulation benchmarks: 2-d.o.f hydraulic manipulator", 2021), Table 1.
//
// Geometry (frame: x right, y up, origin at the fixed pin A of link 1):
//   P = (L/2)(cos θ1, sin θ1)      centre of link 1, where the actuator rod attaches
//   Q = L (cos θ1, sin θ1)         tip of link 1, point mass m_p
//   R = Q + L_h (cos θ2, sin θ2)   tip of the massless link 2, point mass m_h
//   B = (x_B, y_B)                 fixed base of the actuator; s1 = |P − B|
#pragma once

#include <limits>
#include <numbers>

namespace hilsim::sim {

struct CraneParameters {
  double L = 1.0;                          // length of link 1 [m], (0, ∞)
  double L_h = 0.5;                        // length of link 2 [m], (0, ∞)
  double m = 200.0;                        // distributed mass of link 1 (uniform rod) [kg], [0, ∞)
  double m_p = 250.0;                      // point mass at Q [kg], [0, ∞)
  double m_h = 100.0;                      // point mass at R [kg], (0, ∞): link 2 has no other inertia
  double x_B = std::numbers::sqrt3 / 2.0;  // actuator base [m]
  double y_B = 0.0;                        // actuator base [m]
  // Magnitude of gravity [m/s²], acting along −y. Table 1 prints −9.81 because it gives the
  // component along y; the equations already carry the sign.
  double g = 9.81;
  double theta1_0 = std::numbers::pi / 6.0;        // initial angle of link 1 [rad]
  double theta2_0 = 3.0 * std::numbers::pi / 2.0;  // initial angle of link 2 [rad]
  // Number of hydraulic actuators, 1 or 2. The second (Peiret et al. 2018, §4.1.1) is identical to the first
  // and acts between P and the middle of link 2, M = Q + (L_h/2)(cos θ2, sin θ2).
  int actuators = 1;
};

// Hydraulic cylinder and 4/3 valve, Table 2 and eqs. (8)–(13).
struct HydraulicParameters {
  double a_p = 65e-4;     // piston area [m²], (0, ∞)
  double l = 0.442;       // cylinder length [m], (0, ∞)
  double c = 1e5;         // viscous friction coefficient [N·s/m], [0, ∞)
  double c_d = 0.67;      // valve discharge coefficient [-], (0, ∞)
  double rho = 850.0;     // fluid density [kg/m³], (0, ∞)
  double p_P = 7.6e6;     // pump pressure [Pa], > p_T
  double p_T = 0.1e6;     // tank pressure [Pa], [0, p_P)
  double a = 6.53e-10;    // compressibility coefficient of eq. (11) [1/Pa]
  double b = -1.19e-18;   // compressibility coefficient of eq. (11) [1/Pa²]
  double a_valve = 5e-4;  // valve area at full opening, eq. (13) [m²], (0, ∞)
  // A pressure-relief valve from each chamber to the tank, Q = relief_gain (p − relief_pressure)
  // above its cracking pressure (machine_limits.h). Not in the benchmark: an infinite cracking
  // pressure never opens it, and the flow equations are then exactly those of eqs. (9)–(10).
  double relief_pressure = std::numeric_limits<double>::infinity();  // cracking pressure [Pa]
  double relief_gain = 0.0;                                          // [m³/(s·Pa)], [0, ∞)
};

}  // namespace hilsim::sim
