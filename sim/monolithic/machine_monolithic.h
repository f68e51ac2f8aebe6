// The monolithic reference for any machine (machine_model.h): the unified method of Naya et al. 2011,
// §3 written in the machine's tree coordinates q instead of the benchmark's natural coordinates
// (natural_crane.h, which the built-in LIM crane keeps):
//   - the index-3 augmented Lagrangian equations of motion with every circuit's pressure ODEs,
//       M(q) q̈ + c(q, q̇) + Φ_qᵀ (α Φ + λ) = f(q) + Σ_k J_kᵀ f_k(p_k, ṡ_k),   ẏ = g(y, s, ṡ, x)
//     (Φ the loop constraints, none for an open chain; y every chamber pressure and pump line, as
//     sim/hydraulics/circuit.h integrates them in the co-simulation),
//   - discretised with the trapezoidal rule and solved at t_{k+1} for z = [q; y] by Newton–Raphson
//     (Naya et al. 2011, eqs. 24–26), λ updated every iteration, λ_{i+1} = λ_i + α Φ_{i+1} (eq. 28),
//   - velocities and accelerations projected onto the loops' manifold once converged (eqs. 29–30).
// The tangent matrix is the residual's, by central differences: the method's result does not depend
// on it (only its convergence does), and it stays right for every valve, supply and joint the model
// describes. A spool's lag is stepped exactly beside (spool_lag.h): it depends on its command alone.
// The valve position follows MonolithicSettings::valve_sampling, the spool's at t_k.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/hydraulics/circuit.h"
#include "sim/hydraulics/spool_lag.h"
#include "sim/machine/machine_data.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/monolithic/monolithic_run.h"
#include "sim/monolithic/monolithic_settings.h"
#include "sim/monolithic/monolithic_solver.h"

namespace hilsim::sim {

// Every hydraulic state of the machine: 2 pressures per cylinder, and a line pressure per pump.
inline constexpr int kMaxHydraulicStates = 3 * machine::kMaxCylinders;
inline constexpr int kMaxMonolithicUnknowns = machine::kMaxBodies + kMaxHydraulicStates;

class MachineMonolithicSolver final {
 public:
  using VecY = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxHydraulicStates, 1>;
  using VecZ = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxMonolithicUnknowns, 1>;
  using MatZ = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxMonolithicUnknowns,
                             kMaxMonolithicUnknowns>;

  // Starts at rest in the equilibrium `eq` (solve_machine_equilibrium, without the limits), q̈_0 and
  // λ_0 from the constrained dynamics. `valves`: one command per cylinder, each outliving the
  // solver. Throws std::invalid_argument for bad settings or a missing valve.
  MachineMonolithicSolver(std::shared_ptr<const machine::MachineModel> model,
                          const machine::MachineEquilibrium& eq, std::vector<const ValveCommand*> valves,
                          const MonolithicSettings& settings);

  // Advances from t_k to t_{k+1}.
  MonolithicStepReport step();

  std::int64_t step_index() const { return k_; }
  double time() const { return static_cast<double>(k_) * settings_.h; }  // [s]
  // The sample at t_k: cylinders, angles, coordinates, sensors and the energy balance (dE = 0).
  Sample sample() const;
  // ‖Φ(q_k)‖₂ [m, rad]; 0 for an open chain.
  double violation() const;
  bool healthy() const;

 private:
  struct Predicted {  // the trapezoidal rule's known parts: q̇ = (2/h) q + q̇̂ and so on
    machine::VecQ q_dot, q_ddot;
    VecY y_dot;
  };
  int n() const { return model_->coordinates(); }
  int m() const { return static_cast<int>(y_.size()); }
  // The circuit's state and inputs out of y and the cylinders' kinematics at the evaluated state.
  CircuitState circuit_state(std::size_t c, const VecY& y) const;
  CircuitInputs circuit_inputs(std::size_t c) const;
  // Evaluates the kinematics at (q, q̇) and the generalised forces f + Σ J_kᵀ f_k − c [N·m, N].
  machine::VecQ applied_forces(const machine::VecQ& q, const machine::VecQ& q_dot, const VecY& y);
  VecY hydraulic_rates(const VecY& y);  // at the evaluated kinematics
  // b(z), eq. (25) scaled by h²/4.
  VecZ residual(const VecZ& z, const Predicted& hat, const machine::VecL& lambda);
  void tangent(const VecZ& z, const Predicted& hat, const machine::VecL& lambda);
  void project();
  void initial_accelerations();
  double mechanical_power() const;  // Σ f_k ṡ_k at the evaluated state [W]

  std::shared_ptr<const machine::MachineModel> model_;
  std::vector<const ValveCommand*> valves_;
  MonolithicSettings settings_;
  std::vector<HydraulicCircuit> circuits_;
  std::vector<int> offset_;  // each circuit's first entry in y
  std::vector<SpoolLag> lags_;
  std::vector<SpoolState> spools_;
  std::vector<double> x_;        // the valve positions of the step [-]
  std::vector<double> command_;  // the commands of the step [-]
  machine::MachineData data_;
  machine::VecQ q_, q_dot_, q_ddot_;
  VecY y_, y_dot_;
  machine::VecL lambda_;
  double E0_ = 0.0;    // T + V at t_0 [J]
  double work_ = 0.0;  // the cylinders' work on the machine since t_0, by the trapezoidal rule [J]
  double power_ = 0.0;
  std::int64_t k_ = 0;
  MatZ T_;
  Eigen::PartialPivLU<MatZ> lu_;
};

// Runs settings.duration from the machine's static equilibrium: one sample per step, with the
// violation and Newton iterations of each (monolithic_run.h's result).
MonolithicRunResult run_machine_monolithic(
    std::shared_ptr<const machine::MachineModel> model, const machine::MachineEquilibrium& eq,
    const std::vector<const ValveCommand*>& valves, const MonolithicSettings& settings,
    const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

}  // namespace hilsim::sim
