// The definitions of the cylinder functions that a hydraulic micro step calls (cylinder.h), in a
// header so that they inline into it. Out of line, each micro step paid two calls and passed the
// pressures and flows through memory as Eigen return values: about 6 % of a 10 s p-s run at
// h_H = 0.05 ms (hilsim-bench-cosim).
// GCC 12 -O2 keeps pressure_rates out of line when merely `inline` (too large for its heuristics),
// hence always_inline on the two that make up a micro step. The arithmetic is that of the
// equations, operation for operation; inlining changes no bit.
#pragma once

#include <cmath>

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

inline double bulk_modulus(const HydraulicParameters& par, double p) {
  return (1.0 + par.a * p + par.b * p * p) / (par.a + 2.0 * par.b * p);
}

inline double orifice_flow(const HydraulicParameters& par, double area, double p_from, double p_to) {
  const double dp = p_from - p_to;
  if (dp < 0.0) return 0.0;  // δ = 0: the orifice model carries flow one way only
  return area * par.c_d * std::sqrt(2.0 * dp / par.rho);
}

inline double relief_flow(const HydraulicParameters& par, double p) {
  if (!(p > par.relief_pressure)) return 0.0;
  return par.relief_gain * (p - par.relief_pressure);
}

[[gnu::always_inline]] inline Eigen::Vector2d chamber_flows(const HydraulicParameters& par,
                                                            const Eigen::Vector2d& p, double s_dot,
                                                            double kappa) {
  const double a_i = par.a_valve * kappa;          // eq. (13)
  const double a_o = par.a_valve * (1.0 - kappa);  // eq. (13)
  const double q1 = par.a_p * s_dot + orifice_flow(par, a_i, par.p_P, p[0]) -
                    orifice_flow(par, a_o, p[0], par.p_T) - relief_flow(par, p[0]);
  const double q2 = -par.a_p * s_dot + orifice_flow(par, a_o, par.p_P, p[1]) -
                    orifice_flow(par, a_i, p[1], par.p_T) - relief_flow(par, p[1]);
  return Eigen::Vector2d(q1, q2);
}

inline Eigen::Vector2d chamber_lengths(const HydraulicParameters& par, double s0, double s) {
  return Eigen::Vector2d(0.5 * par.l + s0 - s, 0.5 * par.l + s - s0);
}

[[gnu::always_inline]] inline Eigen::Vector2d pressure_rates(const HydraulicParameters& par, double s0,
                                                             const Eigen::Vector2d& p, double s, double s_dot,
                                                             double kappa) {
  const Eigen::Vector2d l = chamber_lengths(par, s0, s);
  const Eigen::Vector2d q = chamber_flows(par, p, s_dot, kappa);
  return Eigen::Vector2d(bulk_modulus(par, p[0]) / (par.a_p * l[0]) * q[0],   // eq. (9)
                         bulk_modulus(par, p[1]) / (par.a_p * l[1]) * q[1]);  // eq. (10)
}

inline double actuator_force(const HydraulicParameters& par, const Eigen::Vector2d& p, double s_dot) {
  return (p[1] - p[0]) * par.a_p - par.c * s_dot;  // eq. (8)
}

}  // namespace hilsim::sim
