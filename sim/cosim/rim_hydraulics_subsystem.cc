#include "sim/cosim/rim_hydraulics_subsystem.h"

#include <cmath>
#include <stdexcept>

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

RimHydraulicsSubsystem::RimHydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h,
                                               int actuators, const std::array<RimCylinder, 2>& cylinders,
                                               RimForce force, Extrapolation extrapolation,
                                               const std::array<UnilateralStop, kMaxStops>& stops,
                                               TwoWayModelOptions twoway)
    : hyd_(hyd),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      n_(actuators),
      cyl_(cylinders),
      valves_{ValveReader(cylinders[0].valve), ValveReader(cylinders[1].valve)},
      force_(force),
      stops_(stops),
      extrapolation_(extrapolation),
      twoway_(twoway) {
  for (const UnilateralStop& stop : stops_) {
    if (std::isfinite(stop.lower) || std::isfinite(stop.upper)) has_stops_ = true;
  }
  if (n_ < 1 || n_ > 2) throw std::invalid_argument("RIM coupling: 1 or 2 actuators");
  for (int k = 0; k < n_; ++k) {
    if (!cyl_[k].valve) throw std::invalid_argument("RIM coupling: actuator without a valve command");
    p_[k] = cyl_[k].p0;
    s_[k] = cyl_[k].s0;
    returned_[k] = actuator_force(hyd_, p_[k], 0.0);  // at rest before t_0
    reading_[k] = ActuatorReading{s_[k], 0.0, p_[k][0], p_[k][1], returned_[k], 0.0};
  }
  inputs_ = rim_interface_ports(n_);
  for (int k = 0; k < n_; ++k) outputs_.push_back(k == 0 ? "f_h" : "f_h_2");
  for (int k = 0; k < n_; ++k) {
    const std::string sfx = k == 0 ? "" : "_2";
    outputs_.push_back("p1" + sfx);
    outputs_.push_back("p2" + sfx);
    probes_.push_back("p1" + sfx);
    probes_.push_back("p2" + sfx);
    probes_.push_back("kappa" + sfx);
  }
  probes_.push_back("E_H");
  if (!twoway_.enabled) return;
  for (int k = 0; k < n_; ++k) {
    if (twoway_.preview == KappaPreview::kScript && !cyl_[k].preview) {
      throw std::invalid_argument("two-way coupling: a κ preview without the script to read ahead");
    }
  }
  for (const std::string& port : twoway_model_ports(n_)) outputs_.push_back(port);
  // The model of step 0: from rest at the equilibrium, κ over the first step (or κ0 ± the reach).
  for (int k = 0; k < n_; ++k) {
    last_kappa_[k] = cyl_[k].kappa0;
    s_start_[k] = s_[k];
    if (twoway_.preview == KappaPreview::kScript && !twoway_.model_for_past_step) {
      for (std::int64_t m = 0; m < steps_; ++m)
        previewed_[k].add(cyl_[k].preview->kappa(m, static_cast<double>(m) * h_));
    }
  }
  // With the hydraulics first, the mechanics' step 0 reads the model of end_macro_step(0).
  if (!twoway_.model_for_past_step) build_models();
}

void RimHydraulicsSubsystem::set_inputs(std::int64_t, std::span<const double> u) {
  // Reset the RIM to the mechanics' state and take its effective mass and force (held over H).
  // Whole vectors, not element by element (an absent second actuator's entries are kept): the macro
  // step reads them back as 16-byte values, which miss store-to-load forwarding over two stores
  // (forward_euler_step, pressure_integrator.h).
  const bool two = n_ == 2;
  s_ = Eigen::Vector2d(u[0], two ? u[2] : s_[1]);
  s_dot_ = Eigen::Vector2d(u[1], two ? u[3] : s_dot_[1]);
  s_start_ = s_;
  s_dot_start_ = s_dot_;
  const std::size_t i = 2 * static_cast<std::size_t>(n_);  // M̃, then f̃
  if (two) {
    M_eff_ << u[i], u[i + 1], u[i + 1], u[i + 2];
    f_eff_ = Eigen::Vector2d(u[i + 3], u[i + 4]);
  } else {
    M_eff_ << u[i], 0.0, 0.0, 1.0;  // the unused block is the identity
    f_eff_ = Eigen::Vector2d(u[i + 1], 0.0);
  }
}

void RimHydraulicsSubsystem::begin_macro_step(std::int64_t) {
  M_inv_ = M_eff_.inverse();  // the unused block is the identity
  sum_.setZero();
}

void RimHydraulicsSubsystem::apply_stops() {
  StopVector x = StopVector::Zero(), x_dot_free = StopVector::Zero();
  x.head<2>() = s_;
  x_dot_free.head<2>() = s_dot_;
  if (!any_stop_reached(stops_, x, x_dot_free, h_)) return;
  StopMatrix W = StopMatrix::Zero();
  W.topLeftCorner<2, 2>() = M_inv_;  // the RIM's mobility: ṡ responds to a force through M̃⁻¹
  const StopForces stop = stop_forces(stops_, x, x_dot_free, W, h_);
  if (stop.engaged != 0) s_dot_ += h_ * M_inv_ * stop.force.head<2>();
}

void RimHydraulicsSubsystem::end_macro_step(std::int64_t) {
  for (int k = 0; k < n_; ++k) {
    returned_[k] = force_ == RimForce::kAverage ? sum_[k] / static_cast<double>(steps_)
                                                : actuator_force(hyd_, p_[k], s_dot_[k]);
  }
  if (twoway_.enabled) {
    build_models();
    return;
  }
  double P = 0.0;
  for (int k = 0; k < n_; ++k) P += s_dot_[k] * returned_[k];
  energy_.add(P, H_, extrapolation_);
}

void RimHydraulicsSubsystem::track_kappa(int k, std::int64_t m, double kappa) {
  applied_[k].add(kappa);
  last_kappa_[k] = kappa;
  // The preview reads the script one macro step ahead, a micro step at a time, so that the model
  // costs the communication point no scan of the coming step.
  if (twoway_.preview == KappaPreview::kScript && !twoway_.model_for_past_step) {
    const std::int64_t ahead = m + steps_;
    previewed_[k].add(cyl_[k].preview->kappa(ahead, static_cast<double>(ahead) * h_));
  }
}

void RimHydraulicsSubsystem::build_models() {
  for (int k = 0; k < n_; ++k) {
    KappaRange range;
    if (twoway_.model_for_past_step || twoway_.preview == KappaPreview::kScript) {
      range = twoway_.model_for_past_step ? applied_[k] : previewed_[k];
    } else {
      range.lo = std::max(0.0, last_kappa_[k] - kUnpreviewedKappaReach);
      range.hi = std::min(1.0, last_kappa_[k] + kUnpreviewedKappaReach);
    }
    const bool past = twoway_.model_for_past_step;
    model_[k] = build_reduced_cylinder_model(hyd_, cyl_[k].s0, p_[k], past ? s_start_[k] : s_[k],
                                             past ? s_dot_start_[k] : s_dot_[k], range.lo, range.hi);
    if (model_[k].saturated) ++saturated_models_;
    applied_[k] = KappaRange{};
    previewed_[k] = KappaRange{};
  }
}

void RimHydraulicsSubsystem::probe(std::int64_t n, std::span<double> out) const {
  const std::int64_t micro = n * steps_;  // the first micro step after t_n
  std::size_t i = 0;
  for (int k = 0; k < n_; ++k) {
    out[i++] = p_[k][0];
    out[i++] = p_[k][1];
    out[i++] = valves_[k].kappa(micro, static_cast<double>(micro) * h_);
  }
  out[i] = energy_.E;
}

void RimHydraulicsSubsystem::get_outputs(std::span<double> y) const {
  std::size_t i = 0;
  for (int k = 0; k < n_; ++k) y[i++] = returned_[k];
  for (int k = 0; k < n_; ++k) {
    y[i++] = p_[k][0];
    y[i++] = p_[k][1];
  }
  if (!twoway_.enabled) return;
  for (int k = 0; k < n_; ++k) {
    pack(model_[k], y.subspan(i, kReducedModelWidth));
    i += kReducedModelWidth;
  }
}

bool RimHydraulicsSubsystem::healthy() const {
  for (int k = 0; k < n_; ++k) {
    if (!pressures_physical(p_[k])) return false;
  }
  return s_.allFinite() && s_dot_.allFinite();
}

}  // namespace hilsim::sim
