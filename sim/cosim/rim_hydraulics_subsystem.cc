#include "sim/cosim/rim_hydraulics_subsystem.h"

#include <cmath>
#include <stdexcept>

#include "sim/machine/spd_solve.h"

namespace hilsim::sim {

RimHydraulicsSubsystem::RimHydraulicsSubsystem(std::vector<HydraulicCircuit> circuits, double H, double h,
                                               const std::vector<RimCylinder>& cylinders,
                                               const std::vector<double>& p_s0, RimForce force,
                                               Extrapolation extrapolation,
                                               const std::array<UnilateralStop, kMaxStops>& stops,
                                               TwoWayModelOptions twoway, double diverged_pressure)
    : circuits_(std::move(circuits)),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      n_(static_cast<int>(cylinders.size())),
      cyl_(cylinders),
      z_(circuits_.size()),
      input_(circuits_.size()),
      force_(force),
      stops_(stops),
      extrapolation_(extrapolation),
      twoway_(twoway),
      diverged_pressure_(diverged_pressure) {
  if (n_ < 1 || n_ > machine::kMaxCylinders) throw std::invalid_argument("RIM coupling: 1 to 8 cylinders");
  for (const UnilateralStop& stop : stops_) {
    if (std::isfinite(stop.lower) || std::isfinite(stop.upper)) has_stops_ = true;
  }
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    z_[c].p_s = p_s0[c];
    for (int i = 0; i < circuits_[c].size; ++i) at_[circuits_[c].cylinder[i]] = Place{static_cast<int>(c), i};
  }
  s_ = s_dot_ = f_eff_ = returned_ = sum_ = machine::VecK::Zero(n_);
  M_eff_ = M_inv_ = machine::MatK::Identity(n_, n_);
  for (int k = 0; k < n_; ++k) {
    const CircuitCylinder& start = cyl_[k].start;
    if (!start.valve) throw std::invalid_argument("RIM coupling: a cylinder without a valve command");
    valves_[k] = ValveReader(start.valve);
    const ValveModel& v = hyd(k).valve;
    if (v.proportional()) lags_[k] = SpoolLag(v.natural_frequency, v.damping_ratio, h);
    spools_[k].x = start.command0;
    command_[k] = start.command0;
    z_[at_[k].circuit].p[at_[k].index] = start.p0;
    input_[at_[k].circuit][at_[k].index] = CylinderInput{start.s0, 0.0, start.command0};
    s_[k] = start.s0;
    cavitation_ = cavitation_ || start.limits.cavitation();
    returned_[k] = cylinder_force(hyd(k), start.p0, 0.0);  // at rest before t_0
    reading_[k] = ActuatorReading{s_[k], 0.0, start.p0[0], start.p0[1], returned_[k], start.command0};
  }
  inputs_ = rim_interface_ports(n_);
  for (int k = 0; k < n_; ++k) outputs_.push_back("f_h" + port_suffix(k));
  for (int k = 0; k < n_; ++k) {
    const std::string sfx = port_suffix(k);
    outputs_.insert(outputs_.end(), {"p1" + sfx, "p2" + sfx});
    probes_.insert(probes_.end(), {"p1" + sfx, "p2" + sfx, "kappa" + sfx});
  }
  probes_.emplace_back("E_H");
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    if (circuits_[c].supply.pump) probes_.push_back("p_s" + port_suffix(static_cast<int>(c)));
  }
  s_start_ = s_;
  s_dot_start_ = s_dot_;
  if (!twoway_.enabled) return;
  for (int k = 0; k < n_; ++k) {
    if (twoway_.preview == KappaPreview::kScript && !cyl_[k].preview) {
      throw std::invalid_argument("two-way coupling: a κ preview without the script to read ahead");
    }
  }
  for (const std::string& port : twoway_model_ports(n_)) outputs_.push_back(port);
  // The model of step 0: from rest at the equilibrium, κ over the first step (or κ0 ± the reach).
  for (int k = 0; k < n_; ++k) {
    last_kappa_[k] = cyl_[k].start.command0;
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
  for (int k = 0; k < n_; ++k) {
    s_[k] = u[2 * static_cast<std::size_t>(k)];
    s_dot_[k] = u[2 * static_cast<std::size_t>(k) + 1];
  }
  std::size_t i = 2 * static_cast<std::size_t>(n_);  // M̃'s upper triangle, then f̃
  for (int a = 0; a < n_; ++a) {
    for (int b = a; b < n_; ++b) M_eff_(a, b) = M_eff_(b, a) = u[i++];
  }
  for (int k = 0; k < n_; ++k) f_eff_[k] = u[i++];
  s_start_ = s_;
  s_dot_start_ = s_dot_;
}

void RimHydraulicsSubsystem::begin_macro_step(std::int64_t) {
  if (n_ == 1) {
    M_inv_(0, 0) = 1.0 / M_eff_(0, 0);
  } else {
    M_inv_.setIdentity(n_, n_);
    machine::spd_solve_in_place(M_eff_, M_inv_);
  }
  sum_.setZero();
}

void RimHydraulicsSubsystem::read_valves(std::int64_t m, double t) {
  for (int k = 0; k < n_; ++k) {
    const double command = valves_[k].kappa(m, t);
    command_[k] = command;
    if (twoway_.enabled) track_kappa(k, m, command);
    CylinderInput& in = input_[at_[k].circuit][at_[k].index];
    in.s = s_[k];
    in.s_dot = s_dot_[k];
    if (hyd(k).valve.proportional()) {
      in.x = spools_[k].x;
      spools_[k] = lags_[k].step(spools_[k], std::clamp(command, -1.0, 1.0));
    } else {
      in.x = command;
    }
    reading_[k].s = s_[k];
    reading_[k].s_dot = s_dot_[k];
    reading_[k].kappa = command;
  }
}

void RimHydraulicsSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  const std::int64_t m = n * steps_ + j;  // global micro-step index
  machine::VecK f_h(n_);
  for (int k = 0; k < n_; ++k) f_h[k] = cylinder_force(hyd(k), pressures(k), s_dot_[k]);  // eq. (8), RIM's ṡ
  read_valves(m, static_cast<double>(m) * h_);
  for (std::size_t c = 0; c < circuits_.size(); ++c)
    circuit_euler_step(circuits_[c], z_[c], h_, input_[c]);  // eq. (40)
  for (int k = 0; k < n_; ++k) {
    Eigen::Vector2d& p = z_[at_[k].circuit].p[at_[k].index];
    if (cavitation_ && cyl_[k].start.limits.cavitation()) {
      apply_cavitation(hyd(k).fluid, cyl_[k].start.limits.vapour_pressure, chamber_volumes(hyd(k), s_[k]), p,
                       cavity_[k]);
    }
    reading_[k].limits = limit_flags(cyl_[k].start.limits, hyd(k), s_[k], p, cavity_[k]);
  }
  if (twoway_.enabled) {
    // Two-way: this side of the monitor at every micro step (coupling_monitor.h).
    double P = 0.0;
    for (int k = 0; k < n_; ++k) P += pressure_force(hyd(k), pressures(k)) * s_dot_[k];
    energy_.add(P, h_, Extrapolation::kZeroOrderHold);
  }
  // eqs. (11), (39): ṡ += h M̃⁻¹ (f̃ + f_h), as a plain loop (Eigen's product of dynamic size is a
  // call into its general kernel, a fifth of this step).
  std::array<double, machine::kMaxCylinders> ds;  // NOLINT: the first n_ are written
  for (int k = 0; k < n_; ++k) {
    double a = 0.0;
    for (int i = 0; i < n_; ++i) a += M_inv_(k, i) * (f_eff_[i] + f_h[i]);
    ds[k] = h_ * a;
  }
  for (int k = 0; k < n_; ++k) s_dot_[k] += ds[k];
  if (has_stops_) apply_stops();
  s_ += h_ * s_dot_;
  for (int k = 0; k < n_; ++k) {
    const double f_end = cylinder_force(hyd(k), pressures(k), s_dot_[k]);  // at t + h
    sum_[k] += f_end;
    reading_[k].p1 = pressures(k)[0];
    reading_[k].p2 = pressures(k)[1];
    reading_[k].f_h = f_end;
  }
}

void RimHydraulicsSubsystem::apply_stops() {
  StopVector x = StopVector::Zero(), x_dot_free = StopVector::Zero();
  x.head(n_) = s_;
  x_dot_free.head(n_) = s_dot_;
  if (!any_stop_reached(stops_, x, x_dot_free, h_)) return;
  StopMatrix W = StopMatrix::Zero();
  W.topLeftCorner(n_, n_) = M_inv_;  // the RIM's mobility: ṡ responds to a force through M̃⁻¹
  const StopForces stop = stop_forces(stops_, x, x_dot_free, W, h_);
  if (stop.engaged != 0) s_dot_ += h_ * (M_inv_ * stop.force.head(n_));
}

void RimHydraulicsSubsystem::end_macro_step(std::int64_t) {
  for (int k = 0; k < n_; ++k) {
    returned_[k] = force_ == RimForce::kAverage ? sum_[k] / static_cast<double>(steps_)
                                                : cylinder_force(hyd(k), pressures(k), s_dot_[k]);
  }
  if (twoway_.enabled) {
    build_models();
    return;
  }
  energy_.add(s_dot_.dot(returned_), H_, extrapolation_);
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
    const double p_P = circuits_[at_[k].circuit].supply.pressure;
    model_[k] = build_reduced_cylinder_model(hyd(k), p_P, pressures(k), past ? s_start_[k] : s_[k],
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
    out[i++] = pressures(k)[0];
    out[i++] = pressures(k)[1];
    out[i++] = valves_[k].kappa(micro, static_cast<double>(micro) * h_);
  }
  out[i++] = energy_.E;
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    if (circuits_[c].supply.pump) out[i++] = z_[c].p_s;
  }
}

void RimHydraulicsSubsystem::get_outputs(std::span<double> y) const {
  std::size_t i = 0;
  for (int k = 0; k < n_; ++k) y[i++] = returned_[k];
  for (int k = 0; k < n_; ++k) {
    y[i++] = pressures(k)[0];
    y[i++] = pressures(k)[1];
  }
  if (!twoway_.enabled) return;
  for (int k = 0; k < n_; ++k) {
    pack(model_[k], y.subspan(i, kReducedModelWidth));
    i += kReducedModelWidth;
  }
}

bool RimHydraulicsSubsystem::healthy() const {
  for (int k = 0; k < n_; ++k) {
    if (!pressures_physical(pressures(k), diverged_pressure_)) return false;
  }
  for (std::size_t c = 0; c < circuits_.size(); ++c) {
    if (circuits_[c].supply.pump && !(z_[c].p_s > 0.0 && z_[c].p_s < diverged_pressure_)) return false;
  }
  return s_.allFinite() && s_dot_.allFinite();
}

}  // namespace hilsim::sim
