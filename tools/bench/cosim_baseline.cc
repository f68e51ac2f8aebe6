#include "tools/bench/cosim_baseline.h"

#include <cmath>
#include <cstdint>

namespace hilsim::bench {

namespace {

// LIM benchmark 2021, eq. (19) with its default timing: t_a = 2 s, t_b = 6 s, t_r = 1 ms.
inline double kappa_m1(double kappa0, double t) {
  if (t <= 2.0) return kappa0;
  if (t <= 2.0 + 1e-3) return kappa0 - 0.01 * (t - 2.0) / 1e-3;
  if (t <= 6.0) return kappa0 - 0.01;
  if (t <= 6.0 + 2.0 * 1e-3) return kappa0 - 0.01 + 0.03 * (t - 6.0) / (2.0 * 1e-3);
  return kappa0 + 0.02;
}

// Orifice flow of eqs. (9)–(10) [m³/s], one way only.
inline double orifice(const sim::HydraulicParameters& h, double area, double p_from, double p_to) {
  const double dp = p_from - p_to;
  if (dp < 0.0) return 0.0;
  return area * h.c_d * std::sqrt(2.0 * dp / h.rho);
}

// Bulk modulus of eq. (11) [Pa].
inline double beta(const sim::HydraulicParameters& h, double p) {
  return (1.0 + h.a * p + h.b * p * p) / (h.a + 2.0 * h.b * p);
}

// One forward-Euler step of eqs. (9)–(10), (14) at actuator length s [m] and rate s_dot [m/s].
// Out of line on purpose: inlined into the micro-step loop, GCC 12 -O2 makes the loop slower
// (5.7 against 5.2 ms for 10 s of p-s at h_H = 0.05 ms), and the floor should be the faster one.
[[gnu::noinline]] void euler_pressures(const sim::HydraulicParameters& h, double s0, double s, double s_dot,
                                       double kappa, double dt, double& p1, double& p2) {
  const double a_i = h.a_valve * kappa;
  const double a_o = h.a_valve * (1.0 - kappa);
  const double l1 = 0.5 * h.l + s0 - s;
  const double l2 = 0.5 * h.l + s - s0;
  const double q1 = h.a_p * s_dot + orifice(h, a_i, h.p_P, p1) - orifice(h, a_o, p1, h.p_T);
  const double q2 = -h.a_p * s_dot + orifice(h, a_o, h.p_P, p2) - orifice(h, a_i, p2, h.p_T);
  const double p1_dot = beta(h, p1) / (h.a_p * l1) * q1;
  const double p2_dot = beta(h, p2) / (h.a_p * l2) * q2;
  p1 += dt * p1_dot;
  p2 += dt * p2_dot;
}

// The crane at (q, q̇): actuator kinematics (eqs. 4–5), M, c and f of eq. (1).
struct Crane {
  double s = 0.0, s_dot = 0.0, J0 = 0.0, J_dot_q_dot = 0.0;
  double M11 = 0.0, M12 = 0.0, M22 = 0.0;
  double f_minus_c0 = 0.0, f_minus_c1 = 0.0;  // gravity less velocity forces [N·m]
};

inline Crane crane_at(const sim::CraneParameters& c, double q0, double q1, double qd0, double qd1) {
  const double cos1 = std::cos(q0), sin1 = std::sin(q0), cos2 = std::cos(q1);
  const double cos12 = std::cos(q0 - q1), sin12 = std::sin(q0 - q1);
  Crane k;
  const double Px = 0.5 * c.L * cos1, Py = 0.5 * c.L * sin1;
  const double dPx = 0.5 * c.L * -sin1, dPy = 0.5 * c.L * cos1;
  const double dx = Px - c.x_B, dy = Py - c.y_B;
  k.s = std::sqrt(dx * dx + dy * dy);
  const double ux = dx / k.s, uy = dy / k.s;
  k.J0 = ux * dPx + uy * dPy;
  k.s_dot = k.J0 * qd0;
  const double Pdx = dPx * qd0, Pdy = dPy * qd0;
  k.J_dot_q_dot = -(ux * Px + uy * Py) * qd0 * qd0 + (Pdx * Pdx + Pdy * Pdy - k.s_dot * k.s_dot) / k.s;
  k.M11 = c.L * c.L * (c.m / 3.0 + c.m_p + c.m_h);
  k.M12 = c.L * c.L_h * c.m_h * cos12;
  k.M22 = c.L_h * c.L_h * c.m_h;
  const double v = c.L * c.L_h * c.m_h * sin12;
  k.f_minus_c0 = -c.L * c.g * (c.m / 2.0 + c.m_p + c.m_h) * cos1 - v * qd1 * qd1;
  k.f_minus_c1 = -c.L_h * c.g * c.m_h * cos2 + v * qd0 * qd0;
  return k;
}

// The run of one coupling, a loop of its own (the coupling a compile-time constant, as if written
// for it alone).
template <sim::Coupling coupling>
BaselineState run(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                  const sim::Equilibrium& eq, const BaselineRun& run) {
  const double H = run.H, h = run.h_hyd;
  const auto K = static_cast<std::int64_t>(std::llround(H / h));
  const auto N = static_cast<std::int64_t>(std::floor(run.duration / H + 1e-9));
  const double s0 = eq.s, kappa0 = eq.kappa;
  double q0 = eq.q[0], q1 = eq.q[1], qd0 = 0.0, qd1 = 0.0;
  double p1 = eq.p[0], p2 = eq.p[1];
  Crane k = crane_at(crane, q0, q1, qd0, qd1);
  double f_h = (p2 - p1) * hyd.a_p;  // the hydraulics' output at t_0 (f-s, RIM): at rest
  for (std::int64_t n = 0; n < N; ++n) {
    // Jacobi: both sides take the other's outputs at t_n.
    const double s_n = k.s, s_dot_n = k.s_dot, p1_n = p1, p2_n = p2, f_n = f_h;
    // Mechanics, one step of eqs. (6)–(7): M q̈ = f − c + Jᵀ f_h, solved by Cramer's rule.
    const double force =
        coupling == sim::Coupling::kPressureDisplacement ? (p2_n - p1_n) * hyd.a_p - hyd.c * s_dot_n : f_n;
    double M_eff = 0.0, f_eff = 0.0;  // RIM: the interface's effective mass [kg] and force [N] at t_n
    if constexpr (coupling == sim::Coupling::kReducedInterface) {
      const double det = k.M11 * k.M22 - k.M12 * k.M12;
      const double i11 = k.M22 / det, i12 = -k.M12 / det;
      M_eff = 1.0 / (k.J0 * i11 * k.J0);
      f_eff = M_eff * (k.J0 * (i11 * k.f_minus_c0 + i12 * k.f_minus_c1) + k.J_dot_q_dot);
    }
    const double r0 = k.f_minus_c0 + k.J0 * force, r1 = k.f_minus_c1;
    const double det = k.M11 * k.M22 - k.M12 * k.M12;
    qd0 += H * ((k.M22 * r0 - k.M12 * r1) / det);
    qd1 += H * ((k.M11 * r1 - k.M12 * r0) / det);
    q0 += H * qd0;
    q1 += H * qd1;
    k = crane_at(crane, q0, q1, qd0, qd1);
    // Hydraulics, K micro steps with the valve of each step's start.
    if constexpr (coupling == sim::Coupling::kReducedInterface) {
      // Peiret et al. 2018, Algorithm 2: M̃ s̈ = f̃ + f_h integrated beside the cylinder (eqs. 11, 39–40).
      double s = s_n, s_dot = s_dot_n, sum = 0.0;
      for (std::int64_t j = 0; j < K; ++j) {
        const std::int64_t m = n * K + j;
        const double f = (p2 - p1) * hyd.a_p - hyd.c * s_dot;
        euler_pressures(hyd, s0, s, s_dot, kappa_m1(kappa0, static_cast<double>(m) * h), h, p1, p2);
        s_dot += h * ((1.0 / M_eff) * (f_eff + f));
        s += h * s_dot;
        sum += (p2 - p1) * hyd.a_p - hyd.c * s_dot;
      }
      f_h = sum / static_cast<double>(K);
    } else {
      for (std::int64_t j = 0; j < K; ++j) {
        const std::int64_t m = n * K + j;
        euler_pressures(hyd, s0, s_n, s_dot_n, kappa_m1(kappa0, static_cast<double>(m) * h), h, p1, p2);
      }
      f_h = (p2 - p1) * hyd.a_p - hyd.c * s_dot_n;  // eq. (8) with the held ṡ
    }
  }
  return {q0, q1, qd0, qd1, k.s, k.s_dot, p1, p2};
}

}  // namespace

BaselineState run_baseline(sim::Coupling coupling, const sim::CraneParameters& crane,
                           const sim::HydraulicParameters& hyd, const sim::Equilibrium& eq,
                           const BaselineRun& r) {
  switch (coupling) {
    case sim::Coupling::kForceDisplacement:
      return run<sim::Coupling::kForceDisplacement>(crane, hyd, eq, r);
    case sim::Coupling::kPressureDisplacement:
      return run<sim::Coupling::kPressureDisplacement>(crane, hyd, eq, r);
    case sim::Coupling::kReducedInterface:
      return run<sim::Coupling::kReducedInterface>(crane, hyd, eq, r);
    case sim::Coupling::kTwoWay:
      break;  // the baseline is the benchmark's three couplings
  }
  return {};
}

}  // namespace hilsim::bench
