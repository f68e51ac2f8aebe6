// The crane's multibody subsystem in independent coordinates q = [θ1, θ2], integrated with the
// semi-implicit Euler formula of seed 000 eqs. (6)–(7):
//   q̇_{k+1} = q̇_k + h q̈_k,   q_{k+1} = q_k + h q̇_{k+1}.
// Inputs: f-s → [f_h]; p-s → [p1, p2] (f_h is evaluated from the current ṡ1 at every step).
// Outputs: [s1, s1dot].
#pragma once

#include <Eigen/Dense>

#include "sim/cosim/coupling.h"
#include "sim/cosim/subsystem.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

struct MechanicsState {
  Eigen::Vector2d q = Eigen::Vector2d::Zero();      // [rad]
  Eigen::Vector2d q_dot = Eigen::Vector2d::Zero();  // [rad/s]
};

class MechanicsSubsystem final : public Subsystem {
 public:
  // H: macro step [s]; h: internal step [s], H a whole multiple of h.
  MechanicsSubsystem(const CraneParameters& crane, const HydraulicParameters& hyd, Coupling coupling,
                     double H, double h, const MechanicsState& initial);

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void do_step(std::int64_t n) override;
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override;

  const MechanicsState& state() const { return state_; }
  // Actuator force [N] the mechanics would apply at their current state.
  double applied_force() const;

 private:
  CraneParameters crane_;
  HydraulicParameters hyd_;
  Coupling coupling_;
  double h_;
  std::int64_t steps_;
  MechanicsState state_;
  double u_[2] = {0.0, 0.0};  // f-s: [f_h]; p-s: [p1, p2]
  std::string name_ = "mechanics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_ = {"s1", "s1dot"};
};

}  // namespace hilsim::sim
