#include "sim/cosim/hydraulics_subsystem.h"

#include "sim/hydraulics/cavitation.h"
#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

HydraulicsSubsystem::HydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h, double s0,
                                         const Eigen::Vector2d& p0, const ValveCommand& valve,
                                         const HydraulicsOptions& options)
    : hyd_(hyd),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      s0_(s0),
      p_(p0),
      valve_(&valve),
      inputs_model_(options.extrapolation, 2, H),
      s_dot_end_(options.s_dot0),
      options_(options),
      actuator_(options.actuator),
      name_(options.actuator == 0 ? "hydraulics" : "hydraulics_" + std::to_string(options.actuator + 1)) {
  const double u0[2] = {s0, options.s_dot0};
  inputs_model_.push(-1, u0);  // the crane rests before t_0: the history extrapolation starts from
  u_used_[0] = s0;
  u_used_[1] = options.s_dot0;
}

void HydraulicsSubsystem::set_inputs(std::int64_t n, std::span<const double> u) { inputs_model_.push(n, u); }

void HydraulicsSubsystem::higher_order_pressure_step(std::int64_t n, double tau, const double u[2],
                                                     double kappa) {
  double u_mid[2], u_end[2];
  inputs_model_.evaluate(n, tau + 0.5 * h_, u_mid);
  inputs_model_.evaluate(n, tau + h_, u_end);
  const PressureStep step = integrate_pressures(
      options_.integrator, hyd_, s0_, p_, h_,
      StepInputs{{u[0], u[1], kappa}, {u_mid[0], u_mid[1], kappa}, {u_end[0], u_end[1], kappa}});
  if (!step.converged) ++unconverged_steps_;
  p_ = step.p;
}

void HydraulicsSubsystem::end_macro_step(std::int64_t n) {
  double u[2];
  inputs_model_.evaluate(n, static_cast<double>(steps_) * h_, u);
  s_dot_end_ = u[1];
  energy_.add(hydraulics_bond_power(hyd_, options_.coupling, p_, s_dot_end_), H_, options_.extrapolation);
}

void HydraulicsSubsystem::get_outputs(std::span<double> y) const {
  y[0] = p_[0];
  y[1] = p_[1];
  y[2] = actuator_force(hyd_, p_, s_dot_end_);  // eq. (8)
  y[3] = (p_[1] - p_[0]) * hyd_.a_p;
}

void HydraulicsSubsystem::probe(std::int64_t n, std::span<double> out) const {
  const std::int64_t micro = n * steps_;  // the first micro step after t_n
  out[0] = p_[0];
  out[1] = p_[1];
  out[2] = valve_.kappa(micro, static_cast<double>(micro) * h_);
  out[3] = energy_.E;
}

void HydraulicsSubsystem::apply_cavitation_at(double s) {
  apply_cavitation(hyd_, options_.limits.vapour_pressure, hyd_.a_p * chamber_lengths(hyd_, s0_, s), p_, cavity_);
}

ActuatorReading HydraulicsSubsystem::reading(int) const {
  return ActuatorReading{u_used_[0], u_used_[1], p_[0], p_[1], actuator_force(hyd_, p_, u_used_[1]), kappa_used_,
                         limit_flags(options_.limits, hyd_, u_used_[0], p_, cavity_)};
}

}  // namespace hilsim::sim
