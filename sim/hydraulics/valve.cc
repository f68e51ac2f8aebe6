#include "sim/hydraulics/valve.h"

#include <algorithm>

namespace hilsim::sim {

ValveFlows proportional_flows(const ValveModel& v, double x, double p_s, double p_t, double p1, double p2) {
  double plus = 0.0, minus = 0.0;
  openings(v, x, plus, minus);
  const auto edge = [&](double K, double o, double dp) {
    return K * o * smooth_orifice(dp, v.laminar_squared) + v.G * dp;
  };
  const double in1 = edge(v.K, minus, p_s - p1), in2 = edge(v.K, plus, p_s - p2);
  return {in1 - edge(v.K_return, plus, p1 - p_t), in2 - edge(v.K_return, minus, p2 - p_t), in1 + in2};
}

namespace {

// dφ/dΔp = (Δp² + 2 Δp_l²) / (2 (Δp² + Δp_l²)^(5/4)).
double smooth_orifice_slope(double dp, double laminar_squared) {
  const double s = dp * dp + laminar_squared;
  return (dp * dp + 2.0 * laminar_squared) / (2.0 * s * std::sqrt(std::sqrt(s)));
}

double one_way_slope(double area, double c_d, double rho, double dp) {
  if (dp < 0.0) return 0.0;
  return area * c_d / std::sqrt(2.0 * rho * std::max(dp, 1.0));
}

}  // namespace

ValveModel ValveModel::from(const machine::ValveDescription& d) {
  ValveModel v;
  v.type = d.type;
  v.area = d.open_centre.area;
  v.c_d = d.open_centre.discharge_coefficient;
  const machine::ProportionalValve& p = d.proportional;
  v.laminar_squared = p.laminar_pressure_drop * p.laminar_pressure_drop;
  v.K = p.nominal_flow / smooth_orifice(p.nominal_pressure_drop, v.laminar_squared);
  v.K_return = p.return_nominal_flow.value_or(p.nominal_flow) /
               smooth_orifice(p.nominal_pressure_drop, v.laminar_squared);
  v.overlap = p.overlap;
  v.G = p.leakage_flow / p.leakage_pressure_drop;
  v.natural_frequency = p.natural_frequency;
  v.damping_ratio = p.damping_ratio;
  return v;
}

void valve_flow_slopes(const ValveModel& v, double x, double rho, double p_s, double p_t, double p1,
                       double p2, double& dq1_dp1, double& dq2_dp2) {
  if (!v.proportional()) {
    const double a_i = v.area * x, a_o = v.area * (1.0 - x);
    dq1_dp1 = -one_way_slope(a_i, v.c_d, rho, p_s - p1) - one_way_slope(a_o, v.c_d, rho, p1 - p_t);
    dq2_dp2 = -one_way_slope(a_o, v.c_d, rho, p_s - p2) - one_way_slope(a_i, v.c_d, rho, p2 - p_t);
    return;
  }
  double plus = 0.0, minus = 0.0;
  openings(v, x, plus, minus);
  const auto slope = [&](double K, double o, double dp) {
    return K * o * smooth_orifice_slope(dp, v.laminar_squared) + v.G;
  };
  dq1_dp1 = -slope(v.K, minus, p_s - p1) - slope(v.K_return, plus, p1 - p_t);
  dq2_dp2 = -slope(v.K, plus, p_s - p2) - slope(v.K_return, minus, p2 - p_t);
}

void valve_supply_slopes(const ValveModel& v, double x, double rho, double p_s, double p1, double p2,
                         double& dq1, double& dq2, double& dsupply) {
  if (!v.proportional()) {
    dq1 = one_way_slope(v.area * x, v.c_d, rho, p_s - p1);
    dq2 = one_way_slope(v.area * (1.0 - x), v.c_d, rho, p_s - p2);
  } else {
    double plus = 0.0, minus = 0.0;
    openings(v, x, plus, minus);
    dq1 = v.K * minus * smooth_orifice_slope(p_s - p1, v.laminar_squared) + v.G;
    dq2 = v.K * plus * smooth_orifice_slope(p_s - p2, v.laminar_squared) + v.G;
  }
  dsupply = dq1 + dq2;
}

}  // namespace hilsim::sim
