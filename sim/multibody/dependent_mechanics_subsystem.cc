#include "sim/multibody/dependent_mechanics_subsystem.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "sim/cosim/mechanics_probes.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

DependentMechanicsSubsystem::DependentMechanicsSubsystem(const CraneParameters& crane,
                                                         const HydraulicParameters& hyd, Coupling coupling,
                                                         MechanicsFormulation formulation, double H, double h,
                                                         const Eigen::Vector2d& theta0, double f_h0,
                                                         const Ali1Settings& ali1, const Ali3pSettings& ali3p)
    : crane_(crane),
      hyd_(hyd),
      coupling_(coupling),
      formulation_(formulation),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "mechanics step h_M")),
      theta2_0_(theta0[1]),
      ali1_(crane, ali1),
      ali3p_(crane, ali3p) {
  if (formulation == MechanicsFormulation::kIndependent) {
    throw std::invalid_argument("DependentMechanicsSubsystem integrates ALI1 or ALI3-P only");
  }
  if (coupling_ == Coupling::kForceDisplacement) {
    inputs_ = {"f_h"};
    u_[0] = f_h0;
  } else {
    inputs_ = {"p1", "p2"};
    u_[1] = f_h0 / hyd.a_p;  // any pair with (p2 − p1) a_p = f_h0 until the first inputs arrive
  }
  state_ = state_at_rest(crane, theta0, ActuatorLoad{f_h0, 0.0});
}

void DependentMechanicsSubsystem::set_inputs(std::int64_t, std::span<const double> u) {
  for (std::size_t i = 0; i < inputs_.size(); ++i) u_[i] = u[i];
}

ActuatorLoad DependentMechanicsSubsystem::load() const {
  if (coupling_ == Coupling::kForceDisplacement) return {u_[0], 0.0};
  return {(u_[1] - u_[0]) * hyd_.a_p, hyd_.c};  // eq. (8) with the mechanics' own ṡ1
}

void DependentMechanicsSubsystem::begin_macro_step(std::int64_t) { load_ = load(); }

void DependentMechanicsSubsystem::micro_step(std::int64_t, std::int64_t) {
  const ActuatorLoad& l = load_;
  const dependent::Actuator before = dependent::actuator(crane_, state_.x, state_.x_dot);
  if (formulation_ == MechanicsFormulation::kAli1) {
    ali1_.step(state_, h_, l);
  } else if (!ali3p_.step(state_, h_, l).converged) {
    ++unconverged_steps_;
  }
  const dependent::Actuator after = dependent::actuator(crane_, state_.x, state_.x_dot);
  // The friction acts with ṡ at the start of an ALI1 step and at its end in ALI3-P.
  const double s_dot = formulation_ == MechanicsFormulation::kAli1 ? before.s_dot : after.s_dot;
  work_ += (l.f0 - l.c * s_dot) * (after.s - before.s);
}

void DependentMechanicsSubsystem::end_macro_step(std::int64_t) {
  const double s_dot = dependent::actuator(crane_, state_.x, state_.x_dot).s_dot;
  energy_.add(effort() * s_dot, H_, Extrapolation::kZeroOrderHold);
}

const std::vector<std::string>& DependentMechanicsSubsystem::probe_names() const {
  return mechanics_probe_names();
}

void DependentMechanicsSubsystem::probe(std::int64_t, std::span<double> out) const {
  using P = MechanicsProbe;
  const Eigen::Vector2d q = angles();
  const Eigen::Vector2d q_dot = angle_rates();
  const dependent::Actuator act = dependent::actuator(crane_, state_.x, state_.x_dot);
  out[index(P::kQ1)] = q[0];
  out[index(P::kQ2)] = q[1];
  out[index(P::kQ1dot)] = q_dot[0];
  out[index(P::kQ2dot)] = q_dot[1];
  out[index(P::kS1)] = act.s;
  out[index(P::kS2)] = 0.0;  // one actuator
  out[index(P::kS1dot)] = act.s_dot;
  out[index(P::kS2dot)] = 0.0;
  out[index(P::kWork)] = work_;
  out[index(P::kEM)] = energy_.E;
  out[index(P::kEnergy)] = mechanical_energy(crane_, q, q_dot);
}

void DependentMechanicsSubsystem::get_outputs(std::span<double> y) const {
  const dependent::Actuator act = dependent::actuator(crane_, state_.x, state_.x_dot);
  y[0] = act.s;
  y[1] = act.s_dot;
}

bool DependentMechanicsSubsystem::healthy() const {
  return state_.x.allFinite() && state_.x_dot.allFinite() && state_.x_ddot.allFinite();
}

Eigen::Vector2d DependentMechanicsSubsystem::angles() const {
  Eigen::Vector2d theta = dependent::angles_from_coordinates(crane_, state_.x);
  theta[1] = theta2_0_ + std::remainder(theta[1] - theta2_0_, 2.0 * std::numbers::pi);
  return theta;
}

Eigen::Vector2d DependentMechanicsSubsystem::angle_rates() const {
  // x = [x_P, y_P, θ1, x_R, y_R]; Q = 2P, so d = R − Q and θ̇2 = (d × ḋ) / |d|².
  const Eigen::Vector2d d(state_.x[3] - 2.0 * state_.x[0], state_.x[4] - 2.0 * state_.x[1]);
  const Eigen::Vector2d d_dot(state_.x_dot[3] - 2.0 * state_.x_dot[0],
                              state_.x_dot[4] - 2.0 * state_.x_dot[1]);
  return Eigen::Vector2d(state_.x_dot[2], (d[0] * d_dot[1] - d[1] * d_dot[0]) / d.squaredNorm());
}

double DependentMechanicsSubsystem::effort() const {
  return coupling_ == Coupling::kForceDisplacement ? u_[0] : (u_[1] - u_[0]) * hyd_.a_p;
}

double DependentMechanicsSubsystem::violation() const {
  return dependent::constraints(crane_, state_.x).norm();
}

}  // namespace hilsim::sim
