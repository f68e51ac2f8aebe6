// The crane's multibody subsystem in the dependent coordinates x = [x_P, y_P, θ1, x_R, y_R]
// (Peiret et al. 2018, eq. 21), integrated with ALI1 or ALI3-P (Rahikainen et al. 2020, §2.1), with the ports
// of the independent-coordinate MechanicsSubsystem: Inputs: f-s → [f_h]; p-s → [p1, p2] (f_h = (p2 − p1) a_p
// − c ṡ1 with the mechanics' own ṡ1: explicit at every ALI1 step, implicit in the ALI3-P equilibrium at
// t_{n+1}). Outputs: [s1, s1dot]. Probes: as MechanicsSubsystem's (q1, q2, q1dot, q2dot, s1, s2, s1dot,
// s2dot, work, E_M, E_mech), the angles from the dependent coordinates.
#pragma once

#include <Eigen/Dense>

#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/subsystem.h"
#include "sim/multibody/ali1_integrator.h"
#include "sim/multibody/ali3p_integrator.h"
#include "sim/multibody/mechanics_formulation.h"

namespace hilsim::sim {

class DependentMechanicsSubsystem final : public Subsystem {
 public:
  // formulation: kAli1 or kAli3P. Starts at rest in configuration theta0 [rad], holding the
  // actuator force f_h0 [N] (the static equilibrium's). H: macro step [s]; h: internal step [s].
  // Throws std::invalid_argument for kIndependent or inconsistent steps.
  DependentMechanicsSubsystem(const CraneParameters& crane, const HydraulicParameters& hyd, Coupling coupling,
                              MechanicsFormulation formulation, double H, double h,
                              const Eigen::Vector2d& theta0, double f_h0, const Ali1Settings& ali1 = {},
                              const Ali3pSettings& ali3p = {});

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return steps_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void begin_macro_step(std::int64_t n) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override;
  void probe(std::int64_t n, std::span<double> out) const override;

  const DependentState& state() const { return state_; }
  // Link angles [rad], θ2 on the branch nearest to the initial one.
  Eigen::Vector2d angles() const;
  // ‖Φ‖₂ at the current state.
  double violation() const;
  // Link angle rates [rad/s]: θ̇1 is a coordinate rate, θ̇2 follows from the motion of R about Q.
  Eigen::Vector2d angle_rates() const;
  // The hydraulic effort [N] held over the macro step (f_h, or (p2 − p1) a_p with p-s), for the
  // coupling-error monitor.
  double effort() const;
  // Work [J] the actuator has done on the crane since t_0, Σ f_h Δs1 over the internal steps.
  double actuator_work() const { return work_; }
  // ALI3-P: steps whose Newton iteration did not converge.
  std::int64_t unconverged_steps() const { return unconverged_steps_; }

 private:
  ActuatorLoad load() const;

  CraneParameters crane_;
  HydraulicParameters hyd_;
  Coupling coupling_;
  MechanicsFormulation formulation_;
  double H_;
  double h_;
  std::int64_t steps_;
  double theta2_0_;
  DependentState state_;
  Ali1Integrator ali1_;
  Ali3pIntegrator ali3p_;
  std::int64_t unconverged_steps_ = 0;
  double work_ = 0.0;         // [J]
  ActuatorLoad load_{};       // held over the macro step
  BondEnergy energy_;         // E_M (held inputs: rectangle rule)
  double u_[2] = {0.0, 0.0};  // f-s: [f_h]; p-s: [p1, p2]
  std::string name_ = "mechanics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_ = {"s1", "s1dot"};
};

}  // namespace hilsim::sim
