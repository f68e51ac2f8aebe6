#include "sim/cosim/mechanics_subsystem.h"

#include <array>
#include <cmath>
#include <stdexcept>

#include "sim/cosim/mechanics_probes.h"
#include "sim/model/crane_model.h"

namespace hilsim::sim {

namespace {

std::vector<std::string> mechanics_inputs(Coupling coupling, int actuators) {
  if (coupling == Coupling::kTwoWay) return twoway_model_ports(actuators);
  std::vector<std::string> names;
  for (int k = 0; k < actuators; ++k) {
    const std::string sfx = k == 0 ? "" : "_" + std::to_string(k + 1);
    switch (coupling) {
      case Coupling::kForceDisplacement:
      case Coupling::kReducedInterface:
        names.push_back("f_h" + sfx);
        break;
      case Coupling::kPressureDisplacement:
        names.push_back("p1" + sfx);
        names.push_back("p2" + sfx);
        break;
      case Coupling::kTwoWay:
        break;  // returned above
    }
  }
  return names;
}

std::vector<std::string> mechanics_outputs(Coupling coupling, int actuators) {
  if (integrates_rim(coupling)) return rim_interface_ports(actuators);
  std::vector<std::string> names;
  for (int k = 1; k <= actuators; ++k) {
    names.push_back("s" + std::to_string(k));
    names.push_back("s" + std::to_string(k) + "dot");
  }
  return names;
}

}  // namespace

MechanicsSubsystem::MechanicsSubsystem(const CraneParameters& crane, const HydraulicParameters& hyd,
                                       Coupling coupling, double H, double h, const MechanicsState& initial,
                                       Extrapolation extrapolation,
                                       const std::array<UnilateralStop, kMaxStops>& stops)
    : crane_(crane),
      hyd_(hyd),
      coupling_(coupling),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "mechanics step h_M")),
      state_(initial),
      trig_(crane_trig(initial.q)),
      ik_(interface_kinematics(crane, trig_, initial.q_dot)),
      // The two-way model's ports bypass the extrapolation (they hold their own time dependence).
      inputs_model_(extrapolation,
                    coupling == Coupling::kTwoWay ? 0 : mechanics_inputs(coupling, crane.actuators).size(),
                    H),
      extrapolation_(extrapolation),
      stops_(stops),
      inputs_(mechanics_inputs(coupling, crane.actuators)),
      outputs_(mechanics_outputs(coupling, crane.actuators)) {
  for (const UnilateralStop& stop : stops_) {
    if (std::isfinite(stop.lower) || std::isfinite(stop.upper)) has_stops_ = true;
  }
}

void MechanicsSubsystem::use_reduced_hydraulics(const ReducedHydraulicsSetup& setup) {
  if (coupling_ != Coupling::kTwoWay)
    throw std::invalid_argument("reduced hydraulics: the coupling is not two-way");
  reduced_.emplace(hyd_, setup);
}

void MechanicsSubsystem::set_inputs(std::int64_t n, std::span<const double> u) {
  if (reduced_) {
    reduced_->set_models(u);
    return;
  }
  inputs_model_.push(n, u);
}

Eigen::Vector2d MechanicsSubsystem::effort(std::int64_t n, double tau) const {
  if (reduced_) return reduced_->pressure_forces();
  std::array<double, InputExtrapolator::kMaxWidth> u{};
  inputs_model_.evaluate(n, tau, u);
  const auto e = [&](int k) {
    const auto i = 2 * static_cast<std::size_t>(k);  // p1, p2 of actuator k
    return coupling_ == Coupling::kPressureDisplacement ? (u[i + 1] - u[i]) * hyd_.a_p : u[k];
  };
  // Both at once (zero for an absent second actuator), not element by element into a zeroed vector,
  // which the caller would read back as one 16-byte value over two stores and miss store-to-load
  // forwarding (forward_euler_step, pressure_integrator.h).
  return Eigen::Vector2d(e(0), crane_.actuators == 2 ? e(1) : 0.0);
}

Eigen::Vector2d MechanicsSubsystem::actuator_forces(std::span<const double> u,
                                                    const Eigen::Vector2d& s_dot) const {
  Eigen::Vector2d f = Eigen::Vector2d::Zero();
  if (reduced_) {
    // eq. (8) with the reduced model's p̃ and the mechanics' own ṡ, in p-s's arithmetic
    for (int k = 0; k < crane_.actuators; ++k) {
      const Eigen::Vector2d& p = reduced_->pressures(k);
      f[k] = (p[1] - p[0]) * hyd_.a_p - hyd_.c * s_dot[k];
    }
    return f;
  }
  const auto force = [&](int k) {
    if (coupling_ == Coupling::kForceDisplacement || coupling_ == Coupling::kReducedInterface) return u[k];
    const auto i = 2 * static_cast<std::size_t>(k);           // p1, p2 of actuator k
    return (u[i + 1] - u[i]) * hyd_.a_p - hyd_.c * s_dot[k];  // eq. (8), own ṡ
  };
  return Eigen::Vector2d(force(0), crane_.actuators == 2 ? force(1) : 0.0);  // both at once, as effort()
}

void MechanicsSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  std::array<double, InputExtrapolator::kMaxWidth> u{};
  // One evaluation of the trigonometry and the actuator kinematics per state serves the friction
  // term, the accelerations and, with the next state's, the actuators' work.
  inputs_model_.evaluate(n, static_cast<double>(j) * h_, u);
  const Eigen::Vector2d f_h = actuator_forces(u, ik_.s_dot);
  const Eigen::Vector2d q_ddot = crane_accelerations(crane_, trig_, state_.q_dot, ik_, f_h);
  state_.q_dot += h_ * q_ddot;  // eq. (6)
  const double theta1 = state_.q[0];
  const StopForces stop = has_stops_ ? apply_stops() : StopForces{};
  state_.q += h_ * state_.q_dot;  // eq. (7)
  trig_ = crane_trig(state_.q);
  const InterfaceKinematics next = interface_kinematics(crane_, trig_, state_.q_dot);
  work_ += f_h.dot(next.s - ik_.s);
  if (stop.engaged != 0) {
    work_ += stop.force.head<2>().dot(next.s - ik_.s) + stop.force[2] * (state_.q[0] - theta1);
  }
  ik_ = next;
  if (reduced_) {
    // Two-way: this side of the monitor at every micro step (coupling_monitor.h).
    energy_.add(reduced_->pressure_forces().dot(ik_.s_dot), h_, Extrapolation::kZeroOrderHold);
    reduced_->advance(n, j, h_, ik_.s, ik_.s_dot);
  }
}

StopForces MechanicsSubsystem::apply_stops() {
  // The stopped coordinates x = G q: s1, s2 through the interface Jacobian's rows, θ1 directly.
  Eigen::Matrix<double, kMaxStops, 2> G;
  G.topRows<2>() = ik_.A;
  G.row(2) << 1.0, 0.0;
  const StopVector x(ik_.s[0], ik_.s[1], state_.q[0]);
  const StopVector x_dot_free = G * state_.q_dot;
  if (!any_stop_reached(stops_, x, x_dot_free, h_)) return {};
  const Eigen::Matrix2d M_inv = mass_matrix(crane_, trig_).inverse();
  const StopMatrix W = G * M_inv * G.transpose();               // the mobility G M⁻¹ Gᵀ
  StopForces stop = stop_forces(stops_, x, x_dot_free, W, h_);  // returned: not const, so it moves
  if (stop.engaged != 0) state_.q_dot += h_ * M_inv * G.transpose() * stop.force;
  return stop;
}

void MechanicsSubsystem::end_macro_step(std::int64_t n) {
  if (reduced_) return;  // the two-way monitor integrates at the micro steps
  const Eigen::Vector2d e_M = effort(n, H_);
  double P = 0.0;
  for (int k = 0; k < crane_.actuators; ++k) P += e_M[k] * ik_.s_dot[k];
  energy_.add(P, H_, extrapolation_);
}

const std::vector<std::string>& MechanicsSubsystem::probe_names() const { return mechanics_probe_names(); }

void MechanicsSubsystem::probe(std::int64_t, std::span<double> out) const {
  using P = MechanicsProbe;
  out[index(P::kQ1)] = state_.q[0];
  out[index(P::kQ2)] = state_.q[1];
  out[index(P::kQ1dot)] = state_.q_dot[0];
  out[index(P::kQ2dot)] = state_.q_dot[1];
  out[index(P::kS1)] = ik_.s[0];
  out[index(P::kS2)] = ik_.s[1];
  out[index(P::kS1dot)] = ik_.s_dot[0];
  out[index(P::kS2dot)] = ik_.s_dot[1];
  out[index(P::kWork)] = work_;
  out[index(P::kEM)] = energy_.E;
  out[index(P::kEnergy)] = mechanical_energy(crane_, trig_, state_.q_dot);
}

void MechanicsSubsystem::get_outputs(std::span<double> y) const {
  std::size_t i = 0;
  for (int k = 0; k < crane_.actuators; ++k) {
    y[i++] = ik_.s[k];
    y[i++] = ik_.s_dot[k];
  }
  if (integrates_rim(coupling_)) {
    const InterfaceDynamics rim = interface_dynamics(crane_, trig_, state_.q_dot, ik_);
    y[i++] = rim.M_eff(0, 0);
    if (crane_.actuators == 2) {
      y[i++] = rim.M_eff(0, 1);
      y[i++] = rim.M_eff(1, 1);
    }
    for (int k = 0; k < crane_.actuators; ++k) y[i++] = rim.f_eff[k];
  }
}

bool MechanicsSubsystem::healthy() const {
  if (reduced_) {
    for (int k = 0; k < crane_.actuators; ++k) {
      if (!reduced_->pressures(k).allFinite()) return false;
    }
  }
  return state_.q.allFinite() && state_.q_dot.allFinite();
}

}  // namespace hilsim::sim
