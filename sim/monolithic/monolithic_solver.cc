#include "sim/monolithic/monolithic_solver.h"

#include <cmath>
#include <stdexcept>

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

using natural::kS;
using natural::MatCQ;
using natural::MatQ;
using natural::VecC;
using natural::VecQ;

MonolithicSolver::MonolithicSolver(const CraneParameters& crane, const HydraulicParameters& hyd,
                                   const Equilibrium& eq, const ValveCommand& valve,
                                   const MonolithicSettings& settings)
    : crane_(crane), hyd_(hyd), valve_(valve), settings_(settings), s0_(eq.s) {
  if (!(std::isfinite(settings.h) && settings.h > 0.0)) {
    throw std::invalid_argument("monolithic step h must be a positive number of seconds");
  }
  if (!(settings.alpha > 0.0) || !(settings.tolerance > 0.0) || settings.projections < 0 ||
      settings.max_iterations < 1) {
    throw std::invalid_argument(
        "monolithic solver: alpha and tolerance must be positive, "
        "projections >= 0 and max_iterations >= 1");
  }
  const double h = settings.h;
  M_ = natural::mass_matrix(crane);
  W_ = M_;
  W_(kS, kS) += 0.5 * h * hyd.c;  // C = −∂Q/∂q̇ has the actuator friction c on s1 only

  MonolithicState& x = state_;
  x.q = natural::coordinates_from_angles(crane, eq.q[0], eq.q[1]);
  x.p = eq.p;
  kappa_ = valve.kappa(0, 0.0);
  x.p_dot = pressure_rates(hyd, s0_, x.p, x.q[kS], 0.0, kappa_);
  // Initial accelerations and multipliers from the constrained dynamics (index-1 form).
  const MatCQ Phi_q = natural::constraint_jacobian(crane, x.q);
  Eigen::Matrix<double, 12, 12> A = Eigen::Matrix<double, 12, 12>::Zero();
  A.topLeftCorner<7, 7>() = M_;
  A.topRightCorner<7, 5>() = Phi_q.transpose();
  A.bottomLeftCorner<5, 7>() = Phi_q;
  Eigen::Matrix<double, 12, 1> rhs;
  rhs << natural::applied_forces(crane, hyd, x.q_dot, x.p), -natural::jacobian_dot_times_velocity(x.q_dot);
  const Eigen::Matrix<double, 12, 1> sol = A.fullPivLu().solve(rhs);
  x.q_ddot = sol.head<7>();
  x.lambda = sol.tail<5>();
}

double MonolithicSolver::violation() const { return natural::constraints(crane_, state_.q).norm(); }

bool MonolithicSolver::healthy() const {
  return state_.q.allFinite() && state_.q_dot.allFinite() && state_.q_ddot.allFinite() &&
         state_.p.allFinite() && state_.lambda.allFinite();
}

// One step of Naya et al. 2011, §3 as the paper states it (predictor, Newton on eq. (25) with the tangent of
// eq. (27), projections): kept whole so that it reads against the paper line by line.
// NOLINTNEXTLINE(readability-function-size)
MonolithicStepReport MonolithicSolver::step() {
  const double h = settings_.h, alpha = settings_.alpha;
  const double h2_4 = 0.25 * h * h;
  MonolithicState& x = state_;
  const std::int64_t k1 = k_ + 1;
  const std::int64_t k_valve = settings_.valve_sampling == ValveSampling::kStepStart ? k_ : k1;
  const double kappa = valve_.kappa(k_valve, static_cast<double>(k_valve) * h);

  // Eq. (24): the trapezoidal rule as q̇ = (2/h) q + q̂̇, q̈ = (4/h²) q + q̂̈, ṗ = (2/h) p + p̂̇.
  const VecQ q_dot_hat = -(2.0 / h * x.q + x.q_dot);
  const VecQ q_ddot_hat = -(4.0 / (h * h) * x.q + 4.0 / h * x.q_dot + x.q_ddot);
  const Eigen::Vector2d p_dot_hat = -(2.0 / h * x.p + x.p_dot);

  // Predictor: constant accelerations and pressure rates over the step; λ_0 = λ_k (Naya et al. 2011, eq. 6).
  VecQ q = x.q + h * x.q_dot + 0.5 * h * h * x.q_ddot;
  Eigen::Vector2d p = x.p + h * x.p_dot;
  VecC lambda = x.lambda;
  VecQ q_dot, q_ddot;
  Eigen::Vector2d p_dot;

  MonolithicStepReport report;
  bool small_update = false;
  for (int i = 0;; ++i) {
    q_dot = 2.0 / h * q + q_dot_hat;
    q_ddot = 4.0 / (h * h) * q + q_ddot_hat;
    p_dot = 2.0 / h * p + p_dot_hat;
    const VecC Phi = natural::constraints(crane_, q);
    const MatCQ Phi_q = natural::constraint_jacobian(crane_, q);
    if (i > 0) lambda += alpha * Phi;  // eq. (28): λ_{i+1} = λ_i + α Φ_{i+1}
    if (small_update) {
      report.converged = true;
      break;
    }
    const double s = q[kS], s_dot = q_dot[kS];
    Vec9 b;  // eq. (25), scaled by h²/4 as eq. (27) writes it
    b.head<7>() = h2_4 * (M_ * q_ddot + Phi_q.transpose() * (alpha * Phi + lambda) -
                          natural::applied_forces(crane_, hyd_, q_dot, p));
    b.tail<2>() = h2_4 * (p_dot - pressure_rates(hyd_, s0_, p, s, s_dot, kappa));
    report.residual = b.norm();
    // At least one Newton update per step: with a small h the scaled residual of the predictor can
    // fall below the tolerance, and accepting it would carry q̈ and ṗ over unchanged.
    if (settings_.convergence == NewtonConvergence::kResidual && i > 0 &&
        report.residual < settings_.tolerance) {
      report.converged = true;
      break;
    }
    if (i == settings_.max_iterations || !std::isfinite(report.residual)) break;

    // Eq. (27): the approximate tangent matrix (the Hessian terms of Φ are left out, as in Naya et al. 2011).
    const PressureRateJacobian dh = pressure_rate_jacobian(hyd_, s0_, p, s, s_dot, kappa);
    Mat9 T = Mat9::Zero();
    T.topLeftCorner<7, 7>() = W_ + h2_4 * alpha * Phi_q.transpose() * Phi_q;
    T(kS, 7) = h2_4 * hyd_.a_p;   // −(h²/4) ∂Q_s/∂p1, ∂Q_s/∂p1 = −a_p
    T(kS, 8) = -h2_4 * hyd_.a_p;  // −(h²/4) ∂Q_s/∂p2, ∂Q_s/∂p2 = +a_p
    T.block<2, 1>(7, kS) = -0.5 * h * (0.5 * h * dh.d_s + dh.d_s_dot);
    T.bottomRightCorner<2, 2>() = 0.5 * h * (Eigen::Matrix2d::Identity() - 0.5 * h * dh.d_p);
    newton_lu_.compute(T);
    const Vec9 dz = -newton_lu_.solve(b);  // eq. (26)
    q += dz.head<7>();
    p += dz.tail<2>();
    ++report.iterations;
    // The update criterion still passes once more through the top of the loop, so that q̇, q̈, ṗ
    // and λ belong to the final q and p.
    small_update = settings_.convergence == NewtonConvergence::kUpdate && dz.norm() < settings_.tolerance;
  }

  x.q = q;
  x.q_dot = q_dot;
  x.q_ddot = q_ddot;
  x.p = p;
  x.p_dot = p_dot;
  x.lambda = lambda;
  project(natural::constraint_jacobian(crane_, q));
  kappa_ = kappa;
  k_ = k1;
  report.violation = violation();
  return report;
}

void MonolithicSolver::project(const MatCQ& Phi_q) {
  // Eqs. (29)–(30) with Φ_t = 0: [W + (h²/4) Φ_qᵀ α Φ_q] q̇ = W q̇*, and the same leading matrix for
  // q̈ with −(h²/4) Φ_qᵀ α Φ̇_q q̇ on the right, q̇ already projected. The leading matrix is
  // symmetric positive definite (W is positive on every motion the constraints allow).
  if (settings_.projections == 0) return;
  const double h2_4_alpha = 0.25 * settings_.h * settings_.h * settings_.alpha;
  projection_llt_.compute(W_ + h2_4_alpha * Phi_q.transpose() * Phi_q);
  MonolithicState& x = state_;
  for (int j = 0; j < settings_.projections; ++j) x.q_dot = projection_llt_.solve(W_ * x.q_dot);
  const VecC Phi_dot_q_q_dot = natural::jacobian_dot_times_velocity(x.q_dot);
  for (int j = 0; j < settings_.projections; ++j) {
    x.q_ddot = projection_llt_.solve(W_ * x.q_ddot - h2_4_alpha * Phi_q.transpose() * Phi_dot_q_q_dot);
  }
}

}  // namespace hilsim::sim
