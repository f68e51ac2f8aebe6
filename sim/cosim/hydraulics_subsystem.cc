#include "sim/cosim/hydraulics_subsystem.h"

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

HydraulicsSubsystem::HydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h,
                                         double s0, const Eigen::Vector2d& p0,
                                         const ValveCommand& valve, double s_dot0,
                                         Extrapolation extrapolation, std::string name,
                                         HydraulicIntegrator integrator)
    : hyd_(hyd),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      s0_(s0),
      p_(p0),
      valve_(valve),
      inputs_model_(extrapolation, 2, H),
      s_dot_end_(s_dot0),
      name_(std::move(name)),
      integrator_(integrator) {
  const double u0[2] = {s0, s_dot0};
  inputs_model_.push(-1, u0);  // the crane rests before t_0: the history extrapolation starts from
}

void HydraulicsSubsystem::set_inputs(std::int64_t n, std::span<const double> u) { inputs_model_.push(n, u); }

void HydraulicsSubsystem::do_step(std::int64_t n) {
  double u[2], u_mid[2], u_end[2];
  for (std::int64_t j = 0; j < steps_; ++j) {
    const std::int64_t k = n * steps_ + j;  // global micro-step index
    const double tau = static_cast<double>(j) * h_;
    inputs_model_.evaluate(n, tau, u);
    const double kappa = valve_.kappa(k, static_cast<double>(k) * h_);
    if (integrator_ == HydraulicIntegrator::kForwardEuler) {
      p_ += h_ * pressure_rates(hyd_, s0_, p_, u[0], u[1], kappa);  // eq. (14)
      continue;
    }
    inputs_model_.evaluate(n, tau + 0.5 * h_, u_mid);
    inputs_model_.evaluate(n, tau + h_, u_end);
    const PressureStep step = integrate_pressures(
        integrator_, hyd_, s0_, p_, h_,
        StepInputs{{u[0], u[1], kappa}, {u_mid[0], u_mid[1], kappa}, {u_end[0], u_end[1], kappa}});
    if (!step.converged) ++unconverged_steps_;
    p_ = step.p;
  }
  inputs_model_.evaluate(n, static_cast<double>(steps_) * h_, u);
  s_dot_end_ = u[1];
}

void HydraulicsSubsystem::get_outputs(std::span<double> y) const {
  y[0] = p_[0];
  y[1] = p_[1];
  y[2] = actuator_force(hyd_, p_, s_dot_end_);  // eq. (8)
  y[3] = (p_[1] - p_[0]) * hyd_.a_p;
}

}  // namespace hilsim::sim
