#include "sim/cosim/hydraulics_subsystem.h"

#include "sim/hydraulics/cylinder.h"

namespace hilsim::sim {

HydraulicsSubsystem::HydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h,
                                         double s0, const Eigen::Vector2d& p0,
                                         const ValveCommand& valve, double s_dot0,
                                         HydraulicIntegrator integrator)
    : hyd_(hyd),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      s0_(s0),
      p_(p0),
      valve_(valve),
      s_(s0),
      s_dot_(s_dot0),
      integrator_(integrator) {}

void HydraulicsSubsystem::set_inputs(std::int64_t, std::span<const double> u) {
  s_ = u[0];
  s_dot_ = u[1];
}

void HydraulicsSubsystem::do_step(std::int64_t n) {
  for (std::int64_t j = 0; j < steps_; ++j) {
    const std::int64_t k = n * steps_ + j;  // global micro-step index
    const double kappa = valve_.kappa(k, static_cast<double>(k) * h_);
    const PressureStep step =
        integrate_pressures(integrator_, hyd_, s0_, p_, h_, StepInputs::held({s_, s_dot_, kappa}));
    if (!step.converged) ++unconverged_steps_;
    p_ = step.p;
  }
}

void HydraulicsSubsystem::get_outputs(std::span<double> y) const {
  y[0] = p_[0];
  y[1] = p_[1];
  y[2] = actuator_force(hyd_, p_, s_dot_);  // eq. (8) with the held ṡ1
}

}  // namespace hilsim::sim
