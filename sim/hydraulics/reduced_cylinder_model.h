// A reduced model of one cylinder's pressures, built by the hydraulics at a communication point and
// integrated by the mechanics over the coming macro step (two-way model-based coupling, after the
// exchange of reduced models of Peiret et al. (contact tasks), §4, model-based coupling). Equation numbers
// (9)–(13) are LIM benchmark 2021's.
//
// Derivation.
// (R0) Eqs. (9)–(10) read ṗ_i = k_i(p_i, s) q_i(p_i, ṡ, κ) with k_i = β(p_i) / (a_p l_i(s)) (eqs. 11,
//      12) and the net chamber flow
//        q_1 = + a_p ṡ + Q(a_in, p_P − p_1) − Q(a_out, p_1 − p_T),
//        q_2 = − a_p ṡ + Q(a_out, p_P − p_2) − Q(a_in, p_2 − p_T),
//      a_in = a_valve κ, a_out = a_valve (1 − κ) (eq. 13), Q(A, Δp) = A c_d √(2Δp/ρ) (Δp ≥ 0).
// (R1) Steady pressures p*_i(κ, ṡ): the root of q_i = 0 in (p_T, p_P). β and l_i drop out, so p*
//      depends on κ and ṡ only, not on s. q_i is strictly decreasing in p_i there, so the root is
//      unique; safeguarded Newton finds it. Without a root inside (|a_p ṡ| beyond what the valve can
//      pass) p* is clamped to the nearer bound and the model says so (`saturated`); such a chamber
//      does not follow ṡ there, and its D and E at that node are 0.
// (R2) From q_i(p*, ṡ, κ) ≡ 0 (implicit function theorem), with ∂q_i/∂ṡ = ±a_p constant:
//        D_i = ∂p*_i/∂ṡ = −(±a_p) / q_i,p
// (R3)   E_i = ∂²p*_i/∂ṡ² = −q_i,pp D_i² / q_i,p   (no mixed term, since ∂q_i/∂ṡ is constant)
//      with q_i,p = ∂q_i/∂p_i < 0 and q_i,pp = ∂²q_i/∂p_i² (chamber_flow_curvature).
// (R4) Relaxation rate a_i = ∂ṗ_i/∂p_i = k_i q_i,p at p*(κ_c, ṡ_ref) and s_ref (q_i = 0 there, so the
//      k_i' q_i term of the Jacobian vanishes); a_i < 0, −3300 … −8000 1/s for the benchmark. Over
//      the step it follows the chamber length: a_i(s) = a_i l_i(s_ref) / l_i(s).
// (R5) The reduced dynamics the mechanics integrate:
//        ṗ̃_i = a_i(s) (p̃_i − p̂_i(κ, ṡ)),  p̃_i(t_n) = p_start,i,
//      with the reference path p̂ interpolated in κ on Chebyshev nodes κ_j of [κ_lo, κ_hi] and
//      quadratic in δ = ṡ − ṡ_ref at each node:
//        p̂_i(κ, ṡ) = Σ_j ℓ_j(κ) [P_ij + D_ij δ + ½ E_ij δ²],  P_ij = p*_i(κ_j, ṡ_ref).
//      The steady cylinder force is curved in κ (∂²F*/∂κ² ≈ −2·10⁵ N at κ0): a model linear in κ is
//      off by ~340 N over κ0 ± 0.05, 3 nodes by 277 N and 7 nodes by 0.027 N over κ0 ± 0.1, which
//      is why it carries nodes and not derivatives in κ. The quadratic in ṡ leaves a cubic term of
//      0.05 N at |δ| = 0.05 m/s (0.012 N at 0.03 m/s). κ outside [κ_lo, κ_hi] is clamped (and
//      counted by the user).
#pragma once

#include <Eigen/Dense>
#include <array>
#include <cstddef>
#include <span>

#include "sim/hydraulics/cylinder_hydraulics.h"

namespace hilsim::sim {

inline constexpr int kReducedModelNodes = 7;
// Doubles of one packed model: p_start (2), s_ref, s_dot_ref, kappa_lo, kappa_hi, rate (2), then
// P, D, E of both chambers at every node (6 per node).
inline constexpr std::size_t kReducedModelWidth = 8 + 6 * kReducedModelNodes;

struct ReducedCylinderModel {
  Eigen::Vector2d p_start = Eigen::Vector2d::Zero();  // p̃ at the start of the step [Pa]
  double s_ref = 0.0;                                 // actuator length the rates refer to [m]
  double s_dot_ref = 0.0;                             // actuator rate the ṡ expansion is about [m/s]
  double kappa_lo = 0.0;                              // κ range the nodes span [-]
  double kappa_hi = 1.0;
  Eigen::Vector2d rate = Eigen::Vector2d::Zero();  // a_i at s_ref [1/s], (R4)
  // Per node j (Chebyshev points of the second kind on [κ_lo, κ_hi], j = 0 at κ_hi):
  std::array<Eigen::Vector2d, kReducedModelNodes> P{};  // p*(κ_j, ṡ_ref) [Pa]
  std::array<Eigen::Vector2d, kReducedModelNodes> D{};  // ∂p*/∂ṡ [Pa·s/m], (R2)
  std::array<Eigen::Vector2d, kReducedModelNodes> E{};  // ∂²p*/∂ṡ² [Pa·s²/m²], (R3)
  bool saturated = false;  // some node has no steady root inside (p_T, p_P) (not packed)
};

// The model is that of a cylinder with the benchmark's open-centre valve on a constant supply p_P
// (cylinder_hydraulics.h, valve.h): its areas A1, A2 in place of a_p (∂q1/∂ṡ = A1, ∂q2/∂ṡ = −A2), its
// chamber volumes V_i(s) in place of a_p l_i(s).

// ∂²q_i/∂p_i² [m³/(s·Pa²)] of the net flows of (R0) at p, for chambers 1 and 2.
Eigen::Vector2d chamber_flow_curvature(const CylinderHydraulics& hyd, double p_P, const Eigen::Vector2d& p,
                                       double kappa);

// (R1): the steady chamber pressures [Pa] at valve position κ and actuator rate ṡ [m/s]; `saturated`
// (if given) is set when a chamber has no root inside (p_T, p_P) and was clamped to the bound.
Eigen::Vector2d steady_pressures(const CylinderHydraulics& hyd, double p_P, double s_dot, double kappa,
                                 bool* saturated = nullptr);

// The model of (R1)–(R5) for one cylinder on the supply p_P [Pa], starting from the pressures
// p_start [Pa], about the actuator state s_ref [m], s_dot_ref [m/s], valid for κ ∈ [kappa_lo,
// kappa_hi] (widened symmetrically to at least 1e-3 so that the nodes stay distinct) with the rates
// taken at the centre of that range.
ReducedCylinderModel build_reduced_cylinder_model(const CylinderHydraulics& hyd, double p_P,
                                                  const Eigen::Vector2d& p_start, double s_ref,
                                                  double s_dot_ref, double kappa_lo, double kappa_hi);

// p̂(κ, ṡ) of (R5) [Pa]; κ is clamped to the model's range (the caller counts clamps).
Eigen::Vector2d reduced_target(const ReducedCylinderModel& model, double kappa, double s_dot);

// a_i(s) of (R4) [1/s] at actuator length s [m].
Eigen::Vector2d reduced_rates(const ReducedCylinderModel& model, const CylinderHydraulics& hyd, double s);

// One backward-Euler step of (R5) over h [s] from p̃ [Pa] at the end-of-step state (s, ṡ, κ):
//   p̃⁺_i = (p̃_i − h a_i p̂_i) / (1 − h a_i), unconditionally stable for a_i < 0.
Eigen::Vector2d reduced_pressure_step(const ReducedCylinderModel& model, const CylinderHydraulics& hyd,
                                      const Eigen::Vector2d& p, double h, double s, double s_dot,
                                      double kappa);

// The model as kReducedModelWidth doubles (ports of the co-simulation frame) and back; the spans
// hold at least kReducedModelWidth doubles. `saturated` is not packed (unpacked as false).
void pack(const ReducedCylinderModel& model, std::span<double> out);
ReducedCylinderModel unpack_reduced_cylinder_model(std::span<const double> in);

}  // namespace hilsim::sim
