#include "sim/multibody/dependent_mechanics_subsystem.h"

#include <stdexcept>

namespace hilsim::sim {

using namespace machine;

DependentMechanicsSubsystem::DependentMechanicsSubsystem(std::shared_ptr<const MachineModel> model,
                                                         Coupling coupling, MechanicsFormulation formulation,
                                                         double H, double h, const VecQ& q0, const VecK& f0,
                                                         const Ali1Settings& ali1, const Ali3pSettings& ali3p)
    : model_(std::move(model)),
      coupling_(coupling),
      formulation_(formulation),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "mechanics step h_M")),
      cylinders_(model_->cylinder_count()),
      ali1_(model_, ali1),
      ali3p_(model_, ali3p),
      layout_{model_->coordinates(), cylinders_},
      probes_(mechanics_probe_names(model_->coordinates(), cylinders_)) {
  if (formulation == MechanicsFormulation::kIndependent) {
    throw std::invalid_argument("DependentMechanicsSubsystem integrates ALI1 or ALI3-P only");
  }
  for (int k = 0; k < cylinders_; ++k) {
    const std::string sk = "s" + std::to_string(k + 1);
    outputs_.insert(outputs_.end(), {sk, sk + "dot"});
    const std::size_t i = 2 * static_cast<std::size_t>(k);
    if (coupling_ == Coupling::kForceDisplacement) {
      inputs_.push_back("f_h" + port_suffix(k));
      u_[static_cast<std::size_t>(k)] = f0[k];
    } else {
      inputs_.insert(inputs_.end(), {"p1" + port_suffix(k), "p2" + port_suffix(k)});
      u_[i + 1] = f0[k] / model_->cylinders[k].area_2;  // any pair pushing f0 until the first inputs arrive
    }
  }
  state_ = state_at_rest(*model_, q0, CylinderLoads{f0, VecK::Zero(cylinders_)});
  load_ = load();
}

void DependentMechanicsSubsystem::set_inputs(std::int64_t, std::span<const double> u) {
  for (std::size_t i = 0; i < inputs_.size(); ++i) u_[i] = u[i];
}

CylinderLoads DependentMechanicsSubsystem::load() const {
  CylinderLoads l{VecK::Zero(cylinders_), VecK::Zero(cylinders_)};
  for (int k = 0; k < cylinders_; ++k) {
    if (coupling_ == Coupling::kForceDisplacement) {
      l.f0[k] = u_[static_cast<std::size_t>(k)];
      continue;
    }
    const Cylinder& c = model_->cylinders[k];
    const std::size_t i = 2 * static_cast<std::size_t>(k);
    l.f0[k] = u_[i + 1] * c.area_2 - u_[i] * c.area_1;  // eq. (8) with the mechanics' own ṡ
    l.c[k] = c.friction;
  }
  return l;
}

void DependentMechanicsSubsystem::begin_macro_step(std::int64_t) { load_ = load(); }

void DependentMechanicsSubsystem::micro_step(std::int64_t, std::int64_t) {
  VecK s_before(cylinders_), s_dot_before(cylinders_);
  for (int k = 0; k < cylinders_; ++k) {
    const BodyCylinder c = body_cylinder(*model_, state_.x, state_.x_dot, k);
    s_before[k] = c.s;
    s_dot_before[k] = c.s_dot;
  }
  if (formulation_ == MechanicsFormulation::kAli1) {
    ali1_.step(state_, h_, load_);
  } else if (!ali3p_.step(state_, h_, load_).converged) {
    ++unconverged_steps_;
  }
  for (int k = 0; k < cylinders_; ++k) {
    const BodyCylinder after = body_cylinder(*model_, state_.x, state_.x_dot, k);
    // The friction acts with ṡ at the start of an ALI1 step and at its end in ALI3-P.
    const double s_dot = formulation_ == MechanicsFormulation::kAli1 ? s_dot_before[k] : after.s_dot;
    work_ += (load_.f0[k] - load_.c[k] * s_dot) * (after.s - s_before[k]);
  }
}

void DependentMechanicsSubsystem::end_macro_step(std::int64_t) {
  const VecK e = effort();
  double P = 0.0;
  for (int k = 0; k < cylinders_; ++k) P += e[k] * body_cylinder(*model_, state_.x, state_.x_dot, k).s_dot;
  energy_.add(P, H_, Extrapolation::kZeroOrderHold);
}

void DependentMechanicsSubsystem::probe(std::int64_t, std::span<double> out) const {
  VecQ q, q_dot;
  tree_state(*model_, state_.x, state_.x_dot, q, q_dot);
  for (int i = 0; i < model_->coordinates(); ++i) {
    out[layout_.q(i)] = q[i];
    out[layout_.q_dot(i)] = q_dot[i];
  }
  for (int k = 0; k < cylinders_; ++k) {
    const BodyCylinder c = body_cylinder(*model_, state_.x, state_.x_dot, k);
    out[layout_.s(k)] = c.s;
    out[layout_.s_dot(k)] = c.s_dot;
  }
  out[layout_.work()] = work_;
  out[layout_.E_M()] = energy_.E;
  out[layout_.E_mech()] =
      body_kinetic_energy(*model_, state_.x_dot) + body_potential_energy(*model_, state_.x);
}

void DependentMechanicsSubsystem::get_outputs(std::span<double> y) const {
  for (int k = 0; k < cylinders_; ++k) {
    const BodyCylinder c = body_cylinder(*model_, state_.x, state_.x_dot, k);
    y[2 * static_cast<std::size_t>(k)] = c.s;
    y[2 * static_cast<std::size_t>(k) + 1] = c.s_dot;
  }
}

bool DependentMechanicsSubsystem::healthy() const {
  return state_.x.allFinite() && state_.x_dot.allFinite() && state_.x_ddot.allFinite();
}

VecK DependentMechanicsSubsystem::effort() const { return load_.f0; }

double DependentMechanicsSubsystem::violation() const { return joint_constraints(*model_, state_.x).norm(); }

}  // namespace hilsim::sim
