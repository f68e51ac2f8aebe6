#include "sim/cosim/mechanics_subsystem.h"

#include <cmath>

#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

MechanicsSubsystem::MechanicsSubsystem(const CraneParameters& crane, const HydraulicParameters& hyd,
                                       Coupling coupling, double H, double h,
                                       const MechanicsState& initial)
    : crane_(crane),
      hyd_(hyd),
      coupling_(coupling),
      h_(h),
      steps_(steps_per_macro_step(H, h, "mechanics step h_M")),
      state_(initial) {
  if (coupling_ == Coupling::kForceDisplacement) {
    inputs_ = {"f_h"};
  } else {
    inputs_ = {"p1", "p2"};
  }
}

void MechanicsSubsystem::set_inputs(std::int64_t, std::span<const double> u) {
  for (std::size_t i = 0; i < inputs_.size(); ++i) u_[i] = u[i];
}

double MechanicsSubsystem::applied_force() const {
  if (coupling_ == Coupling::kForceDisplacement) return u_[0];
  const double s_dot = actuator_kinematics(crane_, state_.q, state_.q_dot).s_dot;
  return actuator_force(hyd_, Eigen::Vector2d(u_[0], u_[1]), s_dot);  // eq. (8), own ṡ1
}

void MechanicsSubsystem::do_step(std::int64_t) {
  for (std::int64_t j = 0; j < steps_; ++j) {
    const Eigen::Vector2d q_ddot = crane_accelerations(crane_, state_.q, state_.q_dot, applied_force());
    state_.q_dot += h_ * q_ddot;       // eq. (6)
    state_.q += h_ * state_.q_dot;     // eq. (7)
  }
}

void MechanicsSubsystem::get_outputs(std::span<double> y) const {
  const ActuatorKinematics act = actuator_kinematics(crane_, state_.q, state_.q_dot);
  y[0] = act.s;
  y[1] = act.s_dot;
}

bool MechanicsSubsystem::healthy() const { return state_.q.allFinite() && state_.q_dot.allFinite(); }

}  // namespace hilsim::sim
