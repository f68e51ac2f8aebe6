#include "tests/sim/oracle/hand_derived_mechanics.h"

namespace hilsim::oracle {

using namespace sim;

namespace {

std::vector<std::string> inputs_of(Coupling coupling, int n) {
  if (coupling == Coupling::kTwoWay) return twoway_model_ports(n);
  std::vector<std::string> names;
  for (int k = 0; k < n; ++k) {
    if (coupling == Coupling::kPressureDisplacement) {
      names.push_back("p1" + port_suffix(k));
      names.push_back("p2" + port_suffix(k));
    } else {
      names.push_back("f_h" + port_suffix(k));
    }
  }
  return names;
}

std::vector<std::string> outputs_of(Coupling coupling, int n) {
  if (integrates_rim(coupling)) return rim_interface_ports(n);
  std::vector<std::string> names;
  for (int k = 1; k <= n; ++k) {
    names.push_back("s" + std::to_string(k));
    names.push_back("s" + std::to_string(k) + "dot");
  }
  return names;
}

}  // namespace

HandDerivedMechanics::HandDerivedMechanics(const CraneParameters& crane, const HydraulicParameters& hyd,
                                           Coupling coupling, double H, double h,
                                           const Eigen::Vector2d& theta0, Extrapolation extrapolation)
    : crane_(crane),
      hyd_(hyd),
      coupling_(coupling),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "mechanics step h_M")),
      n_(crane.actuators),
      q_(theta0),
      ik_(interface_kinematics(crane, theta0, Eigen::Vector2d::Zero())),
      inputs_model_(extrapolation,
                    coupling == Coupling::kTwoWay ? 0 : inputs_of(coupling, crane.actuators).size(), H),
      extrapolation_(extrapolation),
      layout_{2, crane.actuators},
      inputs_(inputs_of(coupling, crane.actuators)),
      outputs_(outputs_of(coupling, crane.actuators)),
      probes_(mechanics_probe_names(2, crane.actuators)) {}

void HandDerivedMechanics::set_inputs(std::int64_t n, std::span<const double> u) {
  if (reduced_) {
    reduced_->set_models(u);
    return;
  }
  inputs_model_.push(n, u);
}

Eigen::Vector2d HandDerivedMechanics::effort(std::int64_t n, double tau) const {
  if (reduced_) {
    const machine::VecK f = reduced_->pressure_forces();
    return Eigen::Vector2d(f[0], n_ == 2 ? f[1] : 0.0);
  }
  std::array<double, InputExtrapolator::kMaxWidth> u{};
  inputs_model_.evaluate(n, tau, u);
  Eigen::Vector2d e = Eigen::Vector2d::Zero();
  for (int k = 0; k < n_; ++k) {
    const auto i = 2 * static_cast<std::size_t>(k);
    e[k] = coupling_ == Coupling::kPressureDisplacement ? (u[i + 1] - u[i]) * hyd_.a_p : u[k];
  }
  return e;
}

Eigen::Vector2d HandDerivedMechanics::forces(std::span<const double> u, const Eigen::Vector2d& s_dot) const {
  Eigen::Vector2d f = Eigen::Vector2d::Zero();
  for (int k = 0; k < n_; ++k) {
    if (reduced_) {
      const Eigen::Vector2d& p = reduced_->pressures(k);
      f[k] = (p[1] - p[0]) * hyd_.a_p - hyd_.c * s_dot[k];
    } else if (coupling_ == Coupling::kPressureDisplacement) {
      const auto i = 2 * static_cast<std::size_t>(k);
      f[k] = (u[i + 1] - u[i]) * hyd_.a_p - hyd_.c * s_dot[k];  // eq. (8), own ṡ
    } else {
      f[k] = u[k];
    }
  }
  return f;
}

void HandDerivedMechanics::micro_step(std::int64_t n, std::int64_t j) {
  std::array<double, InputExtrapolator::kMaxWidth> u{};
  inputs_model_.evaluate(n, static_cast<double>(j) * h_, u);
  const Eigen::Vector2d f_h = forces(u, ik_.s_dot);
  q_dot_ += h_ * crane_accelerations(crane_, q_, q_dot_, f_h);  // eq. (6)
  q_ += h_ * q_dot_;                                            // eq. (7)
  const InterfaceKinematics next = interface_kinematics(crane_, q_, q_dot_);
  work_ += f_h.dot(next.s - ik_.s);
  ik_ = next;
  if (reduced_) {
    machine::VecK s(n_), s_dot(n_);
    for (int k = 0; k < n_; ++k) {
      s[k] = ik_.s[k];
      s_dot[k] = ik_.s_dot[k];
    }
    energy_.add(reduced_->pressure_forces().dot(s_dot), h_, Extrapolation::kZeroOrderHold);
    reduced_->advance(n, j, h_, s, s_dot);
  }
}

void HandDerivedMechanics::end_macro_step(std::int64_t n) {
  if (reduced_) return;
  const Eigen::Vector2d e = effort(n, H_);
  double P = 0.0;
  for (int k = 0; k < n_; ++k) P += e[k] * ik_.s_dot[k];
  energy_.add(P, H_, extrapolation_);
}

void HandDerivedMechanics::probe(std::int64_t, std::span<double> out) const {
  out[layout_.q(0)] = q_[0];
  out[layout_.q(1)] = q_[1] - q_[0];  // the tree's: link 2 relative to link 1
  out[layout_.q_dot(0)] = q_dot_[0];
  out[layout_.q_dot(1)] = q_dot_[1] - q_dot_[0];
  for (int k = 0; k < n_; ++k) {
    out[layout_.s(k)] = ik_.s[k];
    out[layout_.s_dot(k)] = ik_.s_dot[k];
  }
  out[layout_.work()] = work_;
  out[layout_.E_M()] = energy_.E;
  out[layout_.E_mech()] = mechanical_energy(crane_, q_, q_dot_);
}

void HandDerivedMechanics::get_outputs(std::span<double> y) const {
  std::size_t i = 0;
  for (int k = 0; k < n_; ++k) {
    y[i++] = ik_.s[k];
    y[i++] = ik_.s_dot[k];
  }
  if (!integrates_rim(coupling_)) return;
  const sim::InterfaceDynamics rim = interface_dynamics(crane_, q_, q_dot_);
  y[i++] = rim.M_eff(0, 0);
  if (n_ == 2) {
    y[i++] = rim.M_eff(0, 1);
    y[i++] = rim.M_eff(1, 1);
  }
  for (int k = 0; k < n_; ++k) y[i++] = rim.f_eff[k];
}

}  // namespace hilsim::oracle
