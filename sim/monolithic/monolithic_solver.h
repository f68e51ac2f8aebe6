// The monolithic reference solver of LIM benchmark 2021, §4 (after Naya et al. 2011, §3, "the unified
// method"): the crane's mechanics in natural coordinates (sim/monolithic/natural_crane.h) and the cylinder's
// pressures solved together, one step at a time, by
//   - the index-3 augmented Lagrangian equations of motion with the pressure ODEs (eq. 23)
//       M q̈ + Φ_qᵀ α Φ + Φ_qᵀ λ = Q(q̇, p),   ṗ = h(p, s1, ṡ1, κ)
//   - discretised with the trapezoidal rule (eq. 24) and solved at t_{k+1} as b(z) = 0 (eq. 25),
//     z = [q; p], by Newton–Raphson with the non-symmetric tangent matrix of eq. (27)
//     (Naya et al. 2011, eq. 26),
//   - the multipliers updated every iteration, λ_{i+1} = λ_i + α Φ_{i+1} (eq. 28),
//   - and, once converged, velocities and accelerations projected onto the constraint manifold
//     (eqs. 29–30), `projections` times each.
// A step allocates nothing (fixed-size Eigen matrices).
#pragma once

#include <Eigen/Dense>
#include <cstdint>

#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"
#include "sim/model/equilibrium.h"
#include "sim/monolithic/monolithic_settings.h"
#include "sim/monolithic/natural_crane.h"

namespace hilsim::sim {

// The state at t_k: positions, velocities and accelerations of the natural coordinates, pressures
// and their rates, and the multipliers λ.
struct MonolithicState {
  natural::VecQ q = natural::VecQ::Zero();          // [m]
  natural::VecQ q_dot = natural::VecQ::Zero();      // [m/s]
  natural::VecQ q_ddot = natural::VecQ::Zero();     // [m/s²]
  Eigen::Vector2d p = Eigen::Vector2d::Zero();      // [Pa]
  Eigen::Vector2d p_dot = Eigen::Vector2d::Zero();  // [Pa/s]
  natural::VecC lambda = natural::VecC::Zero();     // modified multipliers λ
};

// What one step did.
struct MonolithicStepReport {
  int iterations = 0;      // Newton iterations (linear solves)
  bool converged = false;  // the convergence criterion was met within max_iterations
  double residual = 0.0;   // last ‖b‖₂ of eq. (25)
  double violation = 0.0;  // ‖Φ(q_{k+1})‖₂ [m²]
};

class MonolithicSolver final {
 public:
  // Starts at rest in the static equilibrium `eq` (angles, s0, p0; κ0 is the valve's business):
  // q̈_0 and λ_0 from the constrained dynamics [M Φ_qᵀ; Φ_q 0] [q̈; λ] = [Q; −Φ̇_q q̇].
  // `valve` must outlive the solver. Throws std::invalid_argument for bad settings.
  MonolithicSolver(const CraneParameters& crane, const HydraulicParameters& hyd, const Equilibrium& eq,
                   const ValveCommand& valve, const MonolithicSettings& settings);

  // Advances from t_k to t_{k+1}.
  MonolithicStepReport step();

  const MonolithicState& state() const { return state_; }
  std::int64_t step_index() const { return k_; }
  double time() const { return static_cast<double>(k_) * settings_.h; }  // t_k = k h [s]
  // κ the last step used (κ0 before the first step).
  double kappa() const { return kappa_; }
  double s0() const { return s0_; }
  // ‖Φ(q_k)‖₂ [m²].
  double violation() const;
  bool healthy() const;

 private:
  using Vec9 = Eigen::Matrix<double, 9, 1>;
  using Mat9 = Eigen::Matrix<double, 9, 9>;
  void project(const natural::MatCQ& Phi_q);

  CraneParameters crane_;
  HydraulicParameters hyd_;
  const ValveCommand& valve_;
  MonolithicSettings settings_;
  double s0_;        // actuator length with equal chambers, eq. (12) [m]
  natural::MatQ M_;  // constant mass matrix [kg]
  natural::MatQ W_;  // M + h/2 C, eq. (30) (K = ∂Q/∂q = 0 here)
  MonolithicState state_;
  double kappa_ = 0.0;
  std::int64_t k_ = 0;
  Eigen::PartialPivLU<Mat9> newton_lu_;  // fixed size: no allocation
  Eigen::LLT<natural::MatQ> projection_llt_;
};

}  // namespace hilsim::sim
