// The crane's multibody subsystem in independent coordinates q = [θ1, θ2], integrated with the
// semi-implicit Euler formula of LIM benchmark 2021, eqs. (6)–(7):
//   q̇_{k+1} = q̇_k + h q̈_k,   q_{k+1} = q_k + h q̇_{k+1}.
// Ports, for actuator 1 (actuator 2 adds the suffix "_2" to inputs and uses s2, s2dot):
//   f-s and rim: in f_h     p-s: in p1, p2     twoway: in the reduced hydraulic model (twoway_model_ports)
//   out:  s1, s1dot; with rim and twoway also Meff11 [, Meff12, Meff22] and feff1 [, feff2] (Peiret et al.
//   2018 eqs. 12–13).
// With p-s the actuator force adds −c ṡ with the mechanics' own current ṡ at every step; with twoway
// too, from the pressures p̃ of the reduced model, advanced implicitly at every step
// (reduced_hydraulics.h). The reduced model carries its own time dependence: it bypasses the input
// extrapolation.
// With the machine's limits (machine_limits.h) the actuators' end stops and link 1's rest act as
// one-sided stops on s1, s2 and θ1, implicit within each step (sim/multibody/unilateral_stops.h).
// Probes: q1, q2 [rad], q1dot, q2dot [rad/s], s1, s2 [m], s1dot, s2dot [m/s] (0 for an absent
// actuator), work [J] (the actuators' on the crane since t_0), E_M [J] (its side of the monitor),
// E_mech [J] (T + V).
#pragma once

#include <Eigen/Dense>
#include <optional>

#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/reduced_hydraulics.h"
#include "sim/cosim/subsystem.h"
#include "sim/model/crane_model.h"
#include "sim/model/crane_parameters.h"
#include "sim/multibody/unilateral_stops.h"

namespace hilsim::sim {

struct MechanicsState {
  Eigen::Vector2d q = Eigen::Vector2d::Zero();      // [rad]
  Eigen::Vector2d q_dot = Eigen::Vector2d::Zero();  // [rad/s]
};

class MechanicsSubsystem final : public Subsystem {
 public:
  // H: macro step [s]; h: internal step [s], H a whole multiple of h.
  // `stops`: on s1, s2 and θ1, in that order (crane_stops in crane_plan.cc); none by default.
  MechanicsSubsystem(const CraneParameters& crane, const HydraulicParameters& hyd, Coupling coupling,
                     double H, double h, const MechanicsState& initial,
                     Extrapolation extrapolation = Extrapolation::kZeroOrderHold,
                     const std::array<UnilateralStop, kMaxStops>& stops = {});
  // The two-way coupling's copy of the hydraulics (coupling kTwoWay only, before the first step).
  void use_reduced_hydraulics(const ReducedHydraulicsSetup& setup);

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return steps_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override;
  void probe(std::int64_t n, std::span<double> out) const override;

  const MechanicsState& state() const { return state_; }
  // The actuators' s, ṡ, A and Ȧq̇ at the current state, kept from the last step (the outputs, the
  // coupling monitor and the samples all read them at the same state).
  const InterfaceKinematics& kinematics() const { return ik_; }
  // The hydraulic effort per actuator [N] that the mechanics' input model gives at n H + tau:
  // f_h (f-s, rim) or the pressure force (p2 − p1) a_p (p-s). For the coupling-error monitor.
  Eigen::Vector2d effort(std::int64_t n, double tau) const;
  // Work [J] the actuators (with their end stops) and link 1's rest have done on the crane since t_0:
  // Σ f Δs (+ τ Δθ1) over every internal step.
  double actuator_work() const { return work_; }
  // The two-way coupling's reduced hydraulics; null for the other couplings.
  const ReducedHydraulics* reduced_hydraulics() const { return reduced_ ? &*reduced_ : nullptr; }

 private:
  // Actuator forces [N] with the inputs u (as the input model gives them) at actuator rates s_dot [m/s].
  Eigen::Vector2d actuator_forces(std::span<const double> u, const Eigen::Vector2d& s_dot) const;
  // Adds the stops' impulse to the free end-of-step velocities in state_; returns the forces.
  StopForces apply_stops();

  CraneParameters crane_;
  HydraulicParameters hyd_;
  Coupling coupling_;
  double H_;
  double h_;
  std::int64_t steps_;
  MechanicsState state_;
  // At state_, both changing only when do_step changes state_: a step's accelerations, the stops,
  // the outputs and the probes all read them at the state the previous step ended in.
  CraneTrig trig_;
  InterfaceKinematics ik_;
  double work_ = 0.0;  // [J]
  InputExtrapolator inputs_model_;
  std::optional<ReducedHydraulics> reduced_;  // two-way coupling
  Extrapolation extrapolation_;
  BondEnergy energy_;  // E_M
  std::array<UnilateralStop, kMaxStops> stops_;
  bool has_stops_ = false;
  std::string name_ = "mechanics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
};

}  // namespace hilsim::sim
