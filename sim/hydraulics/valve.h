// The directional valve between a cylinder's chambers, its supply and the tank: the flows it passes
// at a given opening. Two kinds (sim/machine/machine_description.h):
//
// The benchmark's open-centre valve (LIM benchmark 2021, eqs. 9–10, 13), position κ ∈ [0, 1]: chamber 1
// from the supply through a_i = A κ and to the tank through a_o = A (1 − κ), chamber 2 the other way
// round, each a one-way turbulent orifice Q = a c_d √(2Δp/ρ) (δ = 0 for Δp < 0).
//
// A closed-centre proportional valve, spool position x ∈ [−1, 1] (its command's lag, spool_lag.h):
// with the overlap d, the edges P→2 and 1→T open by o⁺ = max(0, (x − d)/(1 − d)), P→1 and 2→T by
// o⁻ = max(0, (−x − d)/(1 − d)). An edge of opening o passes Q = K o φ(Δp) with
//   φ(Δp) = Δp / (Δp² + Δp_l²)^¼,
// turbulent (∝ √Δp) above the laminar drop Δp_l and linear below it, smooth through Δp = 0 (the
// form of Hopsan's 4/3 valve and of Simscape's orifices), and K = Q_N / φ(Δp_N) so that a fully open
// edge passes exactly its nominal flow at its nominal drop; the edges to the tank may have a nominal
// flow of their own (a spool whose return notches meter the flow out: they hold a load that pulls). The
// closed spool leaks through every edge as a laminar conductance G = Q_leak / Δp_leak (with both chambers
// blocked, P→T leaks exactly Q_leak at Δp_leak: two edges in series on each of two paths). Flows run both
// ways.
#pragma once

#include <algorithm>
#include <cmath>

#include "sim/machine/machine_description.h"

namespace hilsim::sim {

struct ValveModel {
  machine::ValveDescription::Type type = machine::ValveDescription::Type::kOpenCentre;
  // Open centre:
  double area = 5e-4;  // A [m²]
  double c_d = 0.67;   // [-]
  // Proportional:
  double K = 0.0;                  // of the edges from the supply [m³/(s·Pa^½)]
  double K_return = 0.0;           // of the edges to the tank [m³/(s·Pa^½)]
  double laminar_squared = 0.0;    // Δp_l² [Pa²]
  double overlap = 0.0;            // d [-]
  double G = 0.0;                  // leakage per edge [m³/(s·Pa)]
  double natural_frequency = 0.0;  // [Hz]
  double damping_ratio = 0.0;      // [-]

  static ValveModel from(const machine::ValveDescription& d);
  bool proportional() const { return type == machine::ValveDescription::Type::kProportional; }
  // The command's range: [0, 1] for κ, [−1, 1] for a proportional valve's u.
  double command_min() const { return proportional() ? -1.0 : 0.0; }
  double command_max() const { return 1.0; }
};

// The flows [m³/s] a valve passes: into chamber 1, into chamber 2, and out of the supply.
struct ValveFlows {
  double q1 = 0.0;
  double q2 = 0.0;
  double supply = 0.0;
};

// φ of the header's comment [Pa^½].
inline double smooth_orifice(double dp, double laminar_squared) {
  return dp / std::sqrt(std::sqrt(dp * dp + laminar_squared));
}

// One-way turbulent orifice of area `area` [m²] from p_from to p_to [Pa] (eqs. 9–10's δ).
inline double one_way_orifice(double area, double c_d, double rho, double p_from, double p_to) {
  const double dp = p_from - p_to;
  if (dp < 0.0) return 0.0;
  return area * c_d * std::sqrt(2.0 * dp / rho);
}

// The proportional valve's openings o⁺ (P→2, 1→T) and o⁻ (P→1, 2→T) at spool position x [-].
inline void openings(const ValveModel& v, double x, double& plus, double& minus) {
  const double span = 1.0 - v.overlap;
  plus = std::max(0.0, (x - v.overlap) / span);
  minus = std::max(0.0, (-x - v.overlap) / span);
}

// The open-centre valve's flows (LIM benchmark 2021, eqs. 9–10 and 13) at κ = x.
inline ValveFlows open_centre_flows(const ValveModel& v, double x, double rho, double p_s, double p_t,
                                    double p1, double p2) {
  const double a_i = v.area * x, a_o = v.area * (1.0 - x);  // eq. (13)
  const double in1 = one_way_orifice(a_i, v.c_d, rho, p_s, p1),
               in2 = one_way_orifice(a_o, v.c_d, rho, p_s, p2);
  return {in1 - one_way_orifice(a_o, v.c_d, rho, p1, p_t), in2 - one_way_orifice(a_i, v.c_d, rho, p2, p_t),
          in1 + in2};
}

// The proportional valve's flows at spool position x (the header's edges).
ValveFlows proportional_flows(const ValveModel& v, double x, double p_s, double p_t, double p1, double p2);

// The flows at valve position `x` (κ, or the spool's position), supply pressure p_s, tank pressure p_t
// and chamber pressures p1, p2 [Pa]; ρ [kg/m³]. The open-centre valve inlines into a hydraulic micro
// step (it is most of it; returned through memory its flows cost a tenth more), the proportional
// valve is called.
[[gnu::always_inline]] inline ValveFlows valve_flows(const ValveModel& v, double x, double rho, double p_s,
                                                     double p_t, double p1, double p2) {
  if (!v.proportional()) return open_centre_flows(v, x, rho, p_s, p_t, p1, p2);
  return proportional_flows(v, x, p_s, p_t, p1, p2);
}

// ∂q1/∂p1 and ∂q2/∂p2 of valve_flows [m³/(s·Pa)]; the one-way orifice's infinite slope at zero drop
// is taken at a drop of at least 1 Pa.
void valve_flow_slopes(const ValveModel& v, double x, double rho, double p_s, double p_t, double p1,
                       double p2, double& dq1_dp1, double& dq2_dp2);
// ∂q1/∂p_s and ∂q2/∂p_s, and ∂(supply)/∂p_s [m³/(s·Pa)].
void valve_supply_slopes(const ValveModel& v, double x, double rho, double p_s, double p1, double p2,
                         double& dq1, double& dq2, double& dsupply);

}  // namespace hilsim::sim
