// Two-chamber hydraulic cylinder fed by a 4/3 proportional valve: LIM benchmark 2021, eqs. (8)–(13), after
// Naya et al. (2011). Chamber 1 shrinks when the actuator extends (l1 = l/2 + s0 − s), so pump flow
// into chamber 1 retracts it; the valve opens chamber 1 to the pump through a_i = a_valve κ and
// chamber 2 through a_o = a_valve (1 − κ), and each chamber to the tank through the other area.
//
// State: p = [p1, p2]ᵀ [Pa]. Inputs: actuator length s [m] and rate ṡ [m/s], spool position κ [-].
#pragma once

#include <Eigen/Dense>

#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

// Bulk modulus β(p) [Pa] of eq. (11).
inline double bulk_modulus(const HydraulicParameters& par, double p);
// dβ/dp [-], used by implicit integrators and the equilibrium Newton iteration.
double bulk_modulus_derivative(const HydraulicParameters& par, double p);

// Volumetric flow [m³/s] through an orifice of area `area` [m²] from pressure p_from to p_to [Pa]
// (the δ of eqs. 9–10: zero when the flow would reverse).
inline double orifice_flow(const HydraulicParameters& par, double area, double p_from, double p_to);

// Flow [m³/s] a chamber at pressure p [Pa] relieves to the tank: relief_gain (p − relief_pressure)
// above the cracking pressure, 0 below (and always 0 with the benchmark's infinite cracking pressure).
inline double relief_flow(const HydraulicParameters& par, double p);
// ∂(relief_flow)/∂p [m³/(s·Pa)].
double relief_flow_slope(const HydraulicParameters& par, double p);

// ∂Q/∂p_from of orifice_flow [m³/(s·Pa)]; infinite at zero drop, so taken at a drop of at least
// min_drop [Pa] (1 Pa for the Newton iterations' Jacobian).
double orifice_flow_slope(const HydraulicParameters& par, double area, double p_from, double p_to,
                          double min_drop = 1.0);

// Net flow q = [q1, q2] into the chambers [m³/s], the brackets of eqs. (9)–(10): piston
// displacement plus the valve's flows, less each chamber's relief flow. ṗ_i = β_i q_i / (a_p l_i).
inline Eigen::Vector2d chamber_flows(const HydraulicParameters& par, const Eigen::Vector2d& p, double s_dot,
                                     double kappa);
// ∂q_i/∂p_i [m³/(s·Pa)] of chamber_flows (q1 does not depend on p2, nor q2 on p1), with the
// orifice slopes taken at drops of at least 1 Pa (orifice_flow_slope).
Eigen::Vector2d chamber_flow_slopes(const HydraulicParameters& par, const Eigen::Vector2d& p, double kappa);

// Chamber lengths l1, l2 [m] of eq. (12) for the actuator length s and its initial length s0 [m].
inline Eigen::Vector2d chamber_lengths(const HydraulicParameters& par, double s0, double s);

// Pressure rates ṗ = [ṗ1, ṗ2] [Pa/s] of eqs. (9)–(10), each chamber's inflow less its relief flow.
inline Eigen::Vector2d pressure_rates(const HydraulicParameters& par, double s0, const Eigen::Vector2d& p,
                                      double s, double s_dot, double kappa);

// Partial derivatives of the pressure rates, for Newton iterations.
struct PressureRateJacobian {
  Eigen::Matrix2d d_p;      // ∂ṗ/∂p [1/s]
  Eigen::Vector2d d_s;      // ∂ṗ/∂s [Pa/(s·m)]
  Eigen::Vector2d d_s_dot;  // ∂ṗ/∂ṡ [Pa/m]
  Eigen::Vector2d d_kappa;  // ∂ṗ/∂κ [Pa/s]
};
PressureRateJacobian pressure_rate_jacobian(const HydraulicParameters& par, double s0,
                                            const Eigen::Vector2d& p, double s, double s_dot, double kappa);

// The pressures a chamber of this machine can hold [Pa]: above zero (absolute; below it the oil
// would carry a tension) and below 20 MPa (2.6 times the supply: only a numerical blow-up gets
// there, the relief valves of machine_limits.h open at 10 MPa). A state outside them is not the
// machine's: every run (offline, threads, HIL) and the stability sweep call it diverged.
inline constexpr double kMinPhysicalPressure = 0.0;   // [Pa], exclusive
inline constexpr double kMaxPhysicalPressure = 20e6;  // [Pa], exclusive
inline bool pressures_physical(const Eigen::Vector2d& p) {
  return p[0] > kMinPhysicalPressure && p[0] < kMaxPhysicalPressure && p[1] > kMinPhysicalPressure &&
         p[1] < kMaxPhysicalPressure;  // false for NaN too
}

// Actuator force f_h = (p2 − p1) a_p − c ṡ [N] of eq. (8); positive extends the actuator.
inline double actuator_force(const HydraulicParameters& par, const Eigen::Vector2d& p, double s_dot);

}  // namespace hilsim::sim

#include "sim/hydraulics/cylinder_inline.h"  // the definitions of the functions declared inline above
