#include "sim/cosim/rim_hydraulics_subsystem.h"

#include <stdexcept>

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

RimHydraulicsSubsystem::RimHydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h,
                                               int actuators, const std::array<RimCylinder, 2>& cylinders,
                                               RimForce force)
    : hyd_(hyd),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      n_(actuators),
      cyl_(cylinders),
      force_(force) {
  if (n_ < 1 || n_ > 2) throw std::invalid_argument("RIM coupling: 1 or 2 actuators");
  for (int k = 0; k < n_; ++k) {
    if (!cyl_[k].valve) throw std::invalid_argument("RIM coupling: actuator without a valve command");
    p_[k] = cyl_[k].p0;
    s_[k] = cyl_[k].s0;
    returned_[k] = actuator_force(hyd_, p_[k], 0.0);  // at rest before t_0
  }
  inputs_ = rim_interface_ports(n_);
  for (int k = 0; k < n_; ++k) outputs_.push_back(k == 0 ? "f_h" : "f_h_2");
  for (int k = 0; k < n_; ++k) {
    const std::string sfx = k == 0 ? "" : "_2";
    outputs_.push_back("p1" + sfx);
    outputs_.push_back("p2" + sfx);
  }
}

void RimHydraulicsSubsystem::set_inputs(std::int64_t, std::span<const double> u) {
  // Reset the RIM to the mechanics' state and take its effective mass and force (held over H).
  std::size_t i = 0;
  for (int k = 0; k < n_; ++k) {
    s_[k] = u[i++];
    s_dot_[k] = u[i++];
  }
  M_eff_ = Eigen::Matrix2d::Identity();
  M_eff_(0, 0) = u[i++];
  if (n_ == 2) {
    M_eff_(0, 1) = M_eff_(1, 0) = u[i++];
    M_eff_(1, 1) = u[i++];
  }
  f_eff_.setZero();
  for (int k = 0; k < n_; ++k) f_eff_[k] = u[i++];
}

void RimHydraulicsSubsystem::do_step(std::int64_t n) {
  const Eigen::Matrix2d M_inv = M_eff_.inverse();  // the unused block is the identity
  Eigen::Vector2d sum = Eigen::Vector2d::Zero();
  for (std::int64_t j = 0; j < steps_; ++j) {
    const std::int64_t m = n * steps_ + j;  // global micro-step index
    const double t = static_cast<double>(m) * h_;
    Eigen::Vector2d f_h = Eigen::Vector2d::Zero();
    for (int k = 0; k < n_; ++k) {
      f_h[k] = actuator_force(hyd_, p_[k], s_dot_[k]);  // eq. (8) with the RIM's ṡ
      const double kappa = cyl_[k].valve->kappa(m, t);
      p_[k] += h_ * pressure_rates(hyd_, cyl_[k].s0, p_[k], s_[k], s_dot_[k], kappa);  // eq. (40)
    }
    const Eigen::Vector2d s_ddot = M_inv * (f_eff_ + f_h);  // eq. (11)
    s_dot_ += h_ * s_ddot;                                   // eq. (39)
    s_ += h_ * s_dot_;
    for (int k = 0; k < n_; ++k) sum[k] += actuator_force(hyd_, p_[k], s_dot_[k]);  // at t + h
  }
  for (int k = 0; k < n_; ++k) {
    returned_[k] = force_ == RimForce::kAverage ? sum[k] / static_cast<double>(steps_)
                                                : actuator_force(hyd_, p_[k], s_dot_[k]);
  }
}

void RimHydraulicsSubsystem::get_outputs(std::span<double> y) const {
  std::size_t i = 0;
  for (int k = 0; k < n_; ++k) y[i++] = returned_[k];
  for (int k = 0; k < n_; ++k) {
    y[i++] = p_[k][0];
    y[i++] = p_[k][1];
  }
}

bool RimHydraulicsSubsystem::healthy() const {
  for (int k = 0; k < n_; ++k) {
    if (!p_[k].allFinite()) return false;
  }
  return s_.allFinite() && s_dot_.allFinite();
}

}  // namespace hilsim::sim
