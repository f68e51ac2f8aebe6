// The oracle of the machine model's mechanics (sim/cosim/mechanics_subsystem.h) for the LIM crane: the
// crane's multibody subsystem as it was written by hand from the benchmark's Table 1 (sim/model/
// crane_model.h: M, c, f, the actuators' s, J, J̇q̇ and the interface dynamics of Peiret et al. 2018,
// eqs. 11–13, all derived for this crane alone), in the absolute angles q = [θ1, θ2], integrated with
// the semi-implicit Euler formula of LIM benchmark 2021, eqs. (6)–(7). It has the ports and probes of
// the model's mechanics (the probes' tree coordinates are [θ1, θ2 − θ1]), so that a plan runs with
// either (build_machine_plan's `mechanics`) and the runs compare value by value. No machine limits.
#pragma once

#include <Eigen/Dense>
#include <optional>

#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/mechanics_probes.h"
#include "sim/cosim/reduced_hydraulics.h"
#include "sim/cosim/subsystem.h"
#include "sim/model/crane_model.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::oracle {

class HandDerivedMechanics final : public sim::Subsystem {
 public:
  // theta0: the absolute link angles at rest [rad]; H, h: macro and internal step [s].
  HandDerivedMechanics(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                       sim::Coupling coupling, double H, double h, const Eigen::Vector2d& theta0,
                       sim::Extrapolation extrapolation = sim::Extrapolation::kZeroOrderHold);
  // The two-way coupling's copy of the hydraulics (coupling kTwoWay only, before the first step).
  void use_reduced_hydraulics(const sim::ReducedHydraulicsSetup& setup) { reduced_.emplace(setup); }

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return steps_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override { return q_.allFinite() && q_dot_.allFinite(); }
  const std::vector<std::string>& probe_names() const override { return probes_; }
  void probe(std::int64_t n, std::span<double> out) const override;

 private:
  Eigen::Vector2d effort(std::int64_t n, double tau) const;
  Eigen::Vector2d forces(std::span<const double> u, const Eigen::Vector2d& s_dot) const;

  sim::CraneParameters crane_;
  sim::HydraulicParameters hyd_;
  sim::Coupling coupling_;
  double H_, h_;
  std::int64_t steps_;
  int n_;  // actuators
  Eigen::Vector2d q_, q_dot_ = Eigen::Vector2d::Zero();
  sim::InterfaceKinematics ik_;
  double work_ = 0.0;
  sim::InputExtrapolator inputs_model_;
  std::optional<sim::ReducedHydraulics> reduced_;
  sim::Extrapolation extrapolation_;
  sim::BondEnergy energy_;
  sim::MechanicsProbeLayout layout_;
  std::string name_ = "mechanics";
  std::vector<std::string> inputs_, outputs_, probes_;
};

}  // namespace hilsim::oracle
