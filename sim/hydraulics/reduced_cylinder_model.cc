#include "sim/hydraulics/reduced_cylinder_model.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/hydraulics/valve.h"

namespace hilsim::sim {
namespace {

// The steady iteration stops when its update is below this [Pa]. Newton converges quadratically, so
// the last update leaves the root at rounding (~1e-9 Pa at a few MPa), as D and E need.
constexpr double kSteadyTolerance = 1e-6;
// Bisection alone halves (p_T, p_P) = 7.5 MPa to 1e-6 Pa in 43 steps; Newton needs far fewer.
constexpr int kSteadyMaxIterations = 60;
// The narrowest κ range the nodes span [-]: closer nodes make the interpolation ill-conditioned.
constexpr double kMinKappaWidth = 1e-3;

// cos(jπ/6), j = 0..6: the second-kind Chebyshev points on [−1, 1], as constants so that node 3 is
// exactly the centre of the range; node_kappa gives nodes 0 and 6 as its ends exactly.
constexpr std::array<double, kReducedModelNodes> kChebyshevCos = {1.0,  std::numbers::sqrt3 / 2.0,  0.5, 0.0,
                                                                  -0.5, -std::numbers::sqrt3 / 2.0, -1.0};

double node_kappa(double kappa_lo, double kappa_hi, int j) {
  if (j == 0) return kappa_hi;
  if (j == kReducedModelNodes - 1) return kappa_lo;
  return 0.5 * (kappa_lo + kappa_hi) + 0.5 * (kappa_hi - kappa_lo) * kChebyshevCos[j];
}

// ∂²Q/∂Δp² [m³/(s·Pa²)] of Q(A, Δp) = A c_d √(2Δp/ρ): −A c_d / (2 √(2ρ) Δp^{3/2}), at a drop of at
// least 1 Pa as valve_flow_slopes takes it, and 0 where the orifice carries no flow.
double orifice_flow_curvature(const CylinderHydraulics& hyd, double area, double p_from, double p_to) {
  const double dp = p_from - p_to;
  if (dp < 0.0) return 0.0;
  const double drop = std::max(dp, 1.0);
  return -area * hyd.valve.c_d / (2.0 * std::sqrt(2.0 * hyd.fluid.density) * drop * std::sqrt(drop));
}

// The net chamber inflows of (R0) [m³/s] and their slopes ∂q_i/∂p_i [m³/(s·Pa)].
Eigen::Vector2d flows(const CylinderHydraulics& hyd, double p_P, const Eigen::Vector2d& p, double s_dot,
                      double kappa) {
  return chamber_inflows(hyd, p, s_dot, kappa, p_P);
}
Eigen::Vector2d flow_slopes(const CylinderHydraulics& hyd, double p_P, const Eigen::Vector2d& p,
                            double kappa) {
  double d1 = 0.0, d2 = 0.0;
  valve_flow_slopes(hyd.valve, kappa, hyd.fluid.density, p_P, hyd.tank_pressure, p[0], p[1], d1, d2);
  return {d1, d2};
}

// (κ_lo, κ_hi) ordered, widened symmetrically to kMinKappaWidth and clipped to [0, 1], keeping the
// width at a bound by extending inwards.
std::array<double, 2> node_range(double kappa_lo, double kappa_hi) {
  double lo = std::min(kappa_lo, kappa_hi), hi = std::max(kappa_lo, kappa_hi);
  if (hi - lo < kMinKappaWidth) {
    const double centre = 0.5 * (lo + hi);
    lo = centre - 0.5 * kMinKappaWidth;
    hi = centre + 0.5 * kMinKappaWidth;
  }
  lo = std::clamp(lo, 0.0, 1.0);
  hi = std::clamp(hi, 0.0, 1.0);
  if (hi - lo < kMinKappaWidth) {
    if (lo == 0.0) hi = kMinKappaWidth;
    if (hi == 1.0) lo = 1.0 - kMinKappaWidth;
  }
  return {lo, hi};
}

}  // namespace

Eigen::Vector2d chamber_flow_curvature(const CylinderHydraulics& hyd, double p_P, const Eigen::Vector2d& p,
                                       double kappa) {
  const double a_i = hyd.valve.area * kappa;          // eq. (13)
  const double a_o = hyd.valve.area * (1.0 - kappa);  // eq. (13)
  const double p_T = hyd.tank_pressure;
  // ∂²/∂p² of Q(A, p_P − p) is +Q''(p_P − p), of −Q(A, p − p_T) it is −Q''(p − p_T). The relief
  // flow is linear in p and adds none (the two-way coupling refuses the machine's limits anyway).
  return Eigen::Vector2d(
      orifice_flow_curvature(hyd, a_i, p_P, p[0]) - orifice_flow_curvature(hyd, a_o, p[0], p_T),
      orifice_flow_curvature(hyd, a_o, p_P, p[1]) - orifice_flow_curvature(hyd, a_i, p[1], p_T));
}

// (R1). Both chambers at once: q_i depends on p_i alone and falls strictly in it, so each has its own
// bracket [lo_i, hi_i] with q_i(lo_i) > 0 > q_i(hi_i). A Newton step that leaves the bracket is
// replaced by bisection.
Eigen::Vector2d steady_pressures(const CylinderHydraulics& hyd, double p_P, double s_dot, double kappa,
                                 bool* saturated) {
  const double p_T = hyd.tank_pressure;
  Eigen::Vector2d lo = Eigen::Vector2d::Constant(p_T), hi = Eigen::Vector2d::Constant(p_P);
  const Eigen::Vector2d q_lo = flows(hyd, p_P, lo, s_dot, kappa);
  const Eigen::Vector2d q_hi = flows(hyd, p_P, hi, s_dot, kappa);
  Eigen::Vector2d p = 0.5 * (lo + hi);
  std::array<bool, 2> done{};
  bool clamped = false;
  for (int i = 0; i < 2; ++i) {
    if (!(q_lo[i] > 0.0)) {  // the chamber drains even at the tank's pressure
      p[i] = p_T;
      done[i] = clamped = true;
    } else if (!(q_hi[i] < 0.0)) {  // it fills even at the pump's pressure
      p[i] = p_P;
      done[i] = clamped = true;
    }
  }
  for (int iteration = 0; iteration < kSteadyMaxIterations && !(done[0] && done[1]); ++iteration) {
    const Eigen::Vector2d q = flows(hyd, p_P, p, s_dot, kappa);
    const Eigen::Vector2d slope = flow_slopes(hyd, p_P, p, kappa);
    for (int i = 0; i < 2; ++i) {
      if (done[i]) continue;
      if (q[i] == 0.0) {
        done[i] = true;
        continue;
      }
      (q[i] > 0.0 ? lo[i] : hi[i]) = p[i];
      double next = p[i] - q[i] / slope[i];
      if (!(next > lo[i] && next < hi[i])) next = 0.5 * (lo[i] + hi[i]);  // also for a zero slope
      done[i] = std::abs(next - p[i]) < kSteadyTolerance;
      p[i] = next;
    }
  }
  if (saturated != nullptr) *saturated = clamped;
  return p;
}

ReducedCylinderModel build_reduced_cylinder_model(const CylinderHydraulics& hyd, double p_P,
                                                  const Eigen::Vector2d& p_start, double s_ref,
                                                  double s_dot_ref, double kappa_lo, double kappa_hi) {
  ReducedCylinderModel model;
  model.p_start = p_start;
  model.s_ref = s_ref;
  model.s_dot_ref = s_dot_ref;
  const std::array<double, 2> range = node_range(kappa_lo, kappa_hi);
  model.kappa_lo = range[0];
  model.kappa_hi = range[1];
  const Eigen::Vector2d dq_ds_dot(hyd.A1, -hyd.A2);  // ∂q_i/∂ṡ, (R0)
  for (int j = 0; j < kReducedModelNodes; ++j) {
    const double kappa = node_kappa(model.kappa_lo, model.kappa_hi, j);
    bool saturated = false;
    const Eigen::Vector2d p = steady_pressures(hyd, p_P, s_dot_ref, kappa, &saturated);
    model.saturated = model.saturated || saturated;
    const Eigen::Vector2d q_p = flow_slopes(hyd, p_P, p, kappa);
    const Eigen::Vector2d q_pp = chamber_flow_curvature(hyd, p_P, p, kappa);
    model.P[j] = p;
    for (int i = 0; i < 2; ++i) {
      // A chamber held at a bound by saturation does not follow ṡ there.
      const bool at_bound = !(p[i] > hyd.tank_pressure && p[i] < p_P);
      const double D = at_bound ? 0.0 : -dq_ds_dot[i] / q_p[i];  // (R2)
      model.D[j][i] = D;
      model.E[j][i] = at_bound ? 0.0 : -q_pp[i] * D * D / q_p[i];  // (R3)
    }
  }
  // (R4) at the centre, node 3: a_i = k_i q_i,p with k_i = β(p*_i) / V_i(s_ref).
  const int centre = kReducedModelNodes / 2;
  const Eigen::Vector2d& p_c = model.P[centre];
  const Eigen::Vector2d q_p = flow_slopes(hyd, p_P, p_c, node_kappa(model.kappa_lo, model.kappa_hi, centre));
  const Eigen::Vector2d V = chamber_volumes(hyd, s_ref);
  for (int i = 0; i < 2; ++i) model.rate[i] = bulk_modulus(hyd.fluid, p_c[i]) / V[i] * q_p[i];
  return model;
}

// (R5): barycentric interpolation on the second-kind Chebyshev points, weights (−1)^j halved at
// the ends (Berrut and Trefethen, SIAM Review 46, 2004, §5), of the quadratic in δ = ṡ − ṡ_ref at each node.
Eigen::Vector2d reduced_target(const ReducedCylinderModel& model, double kappa, double s_dot) {
  const double x = std::clamp(kappa, model.kappa_lo, model.kappa_hi);
  const double delta = s_dot - model.s_dot_ref;
  auto at_node = [&](int j) -> Eigen::Vector2d {
    return model.P[j] + model.D[j] * delta + 0.5 * model.E[j] * delta * delta;
  };
  Eigen::Vector2d numerator = Eigen::Vector2d::Zero();
  double denominator = 0.0;
  for (int j = 0; j < kReducedModelNodes; ++j) {
    const double diff = x - node_kappa(model.kappa_lo, model.kappa_hi, j);
    if (diff == 0.0) return at_node(j);
    double weight = (j % 2 == 0) ? 1.0 : -1.0;
    if (j == 0 || j == kReducedModelNodes - 1) weight *= 0.5;
    const double term = weight / diff;
    numerator += term * at_node(j);
    denominator += term;
  }
  return numerator / denominator;
}

Eigen::Vector2d reduced_rates(const ReducedCylinderModel& model, const CylinderHydraulics& hyd, double s) {
  // k_i ∝ 1/V_i (R4); β is kept at its value at p*.
  return model.rate.cwiseProduct(chamber_volumes(hyd, model.s_ref).cwiseQuotient(chamber_volumes(hyd, s)));
}

Eigen::Vector2d reduced_pressure_step(const ReducedCylinderModel& model, const CylinderHydraulics& hyd,
                                      const Eigen::Vector2d& p, double h, double s, double s_dot,
                                      double kappa) {
  const Eigen::Vector2d a = reduced_rates(model, hyd, s);
  const Eigen::Vector2d target = reduced_target(model, kappa, s_dot);
  const Eigen::Vector2d ha = h * a;
  return (p - ha.cwiseProduct(target)).cwiseQuotient(Eigen::Vector2d::Ones() - ha);
}

void pack(const ReducedCylinderModel& model, std::span<double> out) {
  out[0] = model.p_start[0];
  out[1] = model.p_start[1];
  out[2] = model.s_ref;
  out[3] = model.s_dot_ref;
  out[4] = model.kappa_lo;
  out[5] = model.kappa_hi;
  out[6] = model.rate[0];
  out[7] = model.rate[1];
  for (std::size_t j = 0; j < kReducedModelNodes; ++j) {
    double* node = out.data() + 8 + 6 * j;
    node[0] = model.P[j][0];
    node[1] = model.P[j][1];
    node[2] = model.D[j][0];
    node[3] = model.D[j][1];
    node[4] = model.E[j][0];
    node[5] = model.E[j][1];
  }
}

ReducedCylinderModel unpack_reduced_cylinder_model(std::span<const double> in) {
  ReducedCylinderModel model;
  model.p_start = Eigen::Vector2d(in[0], in[1]);
  model.s_ref = in[2];
  model.s_dot_ref = in[3];
  model.kappa_lo = in[4];
  model.kappa_hi = in[5];
  model.rate = Eigen::Vector2d(in[6], in[7]);
  for (std::size_t j = 0; j < kReducedModelNodes; ++j) {
    const double* node = in.data() + 8 + 6 * j;
    model.P[j] = Eigen::Vector2d(node[0], node[1]);
    model.D[j] = Eigen::Vector2d(node[2], node[3]);
    model.E[j] = Eigen::Vector2d(node[4], node[5]);
  }
  return model;
}

}  // namespace hilsim::sim
