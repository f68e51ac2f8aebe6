#include "sim/hydraulics/cylinder.h"

#include <algorithm>
#include <cmath>

namespace hilsim::sim {

double bulk_modulus_derivative(const HydraulicParameters& par, double p) {
  const double num = 1.0 + par.a * p + par.b * p * p;
  const double den = par.a + 2.0 * par.b * p;
  return ((par.a + 2.0 * par.b * p) * den - num * 2.0 * par.b) / (den * den);
}

double orifice_flow_slope(const HydraulicParameters& par, double area, double p_from, double p_to,
                          double min_drop) {
  const double dp = p_from - p_to;
  if (dp < 0.0) return 0.0;
  return area * par.c_d / std::sqrt(2.0 * par.rho * std::max(dp, min_drop));
}

double relief_flow_slope(const HydraulicParameters& par, double p) {
  return p > par.relief_pressure ? par.relief_gain : 0.0;
}

Eigen::Vector2d chamber_flow_slopes(const HydraulicParameters& par, const Eigen::Vector2d& p, double kappa) {
  const double a_i = par.a_valve * kappa;
  const double a_o = par.a_valve * (1.0 - kappa);
  const double dq1_dp1 = -orifice_flow_slope(par, a_i, par.p_P, p[0]) -
                         orifice_flow_slope(par, a_o, p[0], par.p_T) - relief_flow_slope(par, p[0]);
  const double dq2_dp2 = -orifice_flow_slope(par, a_o, par.p_P, p[1]) -
                         orifice_flow_slope(par, a_i, p[1], par.p_T) - relief_flow_slope(par, p[1]);
  return Eigen::Vector2d(dq1_dp1, dq2_dp2);
}

PressureRateJacobian pressure_rate_jacobian(const HydraulicParameters& par, double s0,
                                            const Eigen::Vector2d& p, double s, double s_dot, double kappa) {
  const Eigen::Vector2d l = chamber_lengths(par, s0, s);
  const Eigen::Vector2d q = chamber_flows(par, p, s_dot, kappa);
  const double q1 = q[0], q2 = q[1];
  const Eigen::Vector2d dq_dp = chamber_flow_slopes(par, p, kappa);
  const double dq1_dp1 = dq_dp[0], dq2_dp2 = dq_dp[1];
  // Flow per unit area of each orifice [m/s]: ∂Q/∂area.
  auto unit = [&](double p_from, double p_to) { return orifice_flow(par, 1.0, p_from, p_to); };
  const double dq1_dkappa = par.a_valve * (unit(par.p_P, p[0]) + unit(p[0], par.p_T));
  const double dq2_dkappa = -par.a_valve * (unit(par.p_P, p[1]) + unit(p[1], par.p_T));

  const double k1 = bulk_modulus(par, p[0]) / (par.a_p * l[0]);
  const double k2 = bulk_modulus(par, p[1]) / (par.a_p * l[1]);
  PressureRateJacobian jac;
  jac.d_p << bulk_modulus_derivative(par, p[0]) / (par.a_p * l[0]) * q1 + k1 * dq1_dp1, 0.0,  //
      0.0, bulk_modulus_derivative(par, p[1]) / (par.a_p * l[1]) * q2 + k2 * dq2_dp2;
  // l1 = l/2 + s0 − s, l2 = l/2 + s − s0: ∂(1/l1)/∂s = 1/l1², ∂(1/l2)/∂s = −1/l2².
  jac.d_s << k1 * q1 / l[0], -k2 * q2 / l[1];
  jac.d_s_dot << k1 * par.a_p, -k2 * par.a_p;
  jac.d_kappa << k1 * dq1_dkappa, k2 * dq2_dkappa;
  return jac;
}

}  // namespace hilsim::sim
