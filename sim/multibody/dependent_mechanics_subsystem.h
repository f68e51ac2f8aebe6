// A machine's multibody subsystem in dependent coordinates (sim/machine/body_coordinates.h: every
// body's centre of mass and angle, every joint a constraint; Peiret et al. 2018, §2.2), integrated with
// ALI1 or ALI3-P (Rahikainen et al. 2020, §2.1), with the ports of the independent-coordinate
// MechanicsSubsystem: inputs f-s → f_h[_k]; p-s → p1[_k], p2[_k] (f = p2 A2 − p1 A1 − c ṡ with the
// mechanics' own ṡ: explicit at every ALI1 step, implicit in the ALI3-P equilibrium at t_{n+1});
// outputs sk, skdot. Probes: mechanics_probes.h, the tree coordinates recovered from the bodies'.
#pragma once

#include <Eigen/Dense>
#include <memory>

#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/mechanics_probes.h"
#include "sim/cosim/subsystem.h"
#include "sim/multibody/ali1_integrator.h"
#include "sim/multibody/ali3p_integrator.h"
#include "sim/multibody/mechanics_formulation.h"

namespace hilsim::sim {

class DependentMechanicsSubsystem final : public Subsystem {
 public:
  // formulation: kAli1 or kAli3P. Starts at rest in the tree configuration q0 (loops closed), holding
  // the cylinder forces f0 [N] (the static equilibrium's). H: macro step [s]; h: internal step [s].
  // Throws std::invalid_argument for kIndependent or inconsistent steps.
  DependentMechanicsSubsystem(std::shared_ptr<const machine::MachineModel> model, Coupling coupling,
                              MechanicsFormulation formulation, double H, double h, const machine::VecQ& q0,
                              const machine::VecK& f0, const Ali1Settings& ali1 = {},
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
  const std::vector<std::string>& probe_names() const override { return probes_; }
  void probe(std::int64_t n, std::span<double> out) const override;

  const DependentState& state() const { return state_; }
  // ‖Φ‖₂ at the current state [m, rad].
  double violation() const;
  // The hydraulic effort per cylinder [N] held over the macro step (f_h, or p2 A2 − p1 A1 with p-s),
  // for the coupling-error monitor.
  machine::VecK effort() const;
  // Work [J] the cylinders have done since t_0, Σ f Δs over the internal steps.
  double actuator_work() const { return work_; }
  // ALI3-P: steps whose Newton iteration did not converge.
  std::int64_t unconverged_steps() const { return unconverged_steps_; }

 private:
  CylinderLoads load() const;

  std::shared_ptr<const machine::MachineModel> model_;
  Coupling coupling_;
  MechanicsFormulation formulation_;
  double H_;
  double h_;
  std::int64_t steps_;
  int cylinders_;
  DependentState state_;
  Ali1Integrator ali1_;
  Ali3pIntegrator ali3p_;
  std::int64_t unconverged_steps_ = 0;
  double work_ = 0.0;   // [J]
  CylinderLoads load_;  // held over the macro step
  BondEnergy energy_;   // E_M (held inputs: rectangle rule)
  std::array<double, 2 * static_cast<std::size_t>(machine::kMaxCylinders)>
      u_{};  // f-s: f_h per cylinder; p-s: p1, p2 per cylinder
  MechanicsProbeLayout layout_;
  std::string name_ = "mechanics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
  std::vector<std::string> probes_;
};

}  // namespace hilsim::sim
