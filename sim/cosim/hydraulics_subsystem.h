// The hydraulic subsystem of one actuator: the cylinder with its valve (seed 000 eqs. 8–13),
// pressures integrated with forward Euler (eq. 14): p_{k+1} = p_k + h ṗ_k, or with RK4 or the
// trapezoidal rule (sim/hydraulics/pressure_integrator.h), which take the input model's s, ṡ at the
// start, middle and end of each micro step (all equal with a hold); κ is held over the micro step.
// Inputs: [s, sdot], the actuator length and rate, held or extrapolated (input_extrapolation.h)
// to the start of every micro step. The valve position κ comes from a ValveCommand, asked at the
// start of every micro step.
// Outputs: [p1, p2, f_h, fp]: pressures, f_h = (p2 − p1) a_p − c ṡ with the ṡ its input model gives
// at the end of the step just finished (with a hold: the ṡ held during it, the convention that
// reproduces the benchmark authors' f-s runs), and the pressure force fp = (p2 − p1) a_p.
#pragma once

#include <Eigen/Dense>

#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/subsystem.h"
#include "sim/hydraulics/pressure_integrator.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

class HydraulicsSubsystem final : public Subsystem {
 public:
  // s0: actuator length at which both chambers are equal (eq. 12) [m]; p0: initial pressures [Pa];
  // s_dot0: actuator rate before the first communication point [m/s]. `name` tells actuators apart
  // ("hydraulics", "hydraulics_2"). `valve` must outlive the subsystem.
  HydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h, double s0,
                      const Eigen::Vector2d& p0, const ValveCommand& valve, double s_dot0 = 0.0,
                      Extrapolation extrapolation = Extrapolation::kZeroOrderHold,
                      std::string name = "hydraulics",
                      HydraulicIntegrator integrator = HydraulicIntegrator::kForwardEuler);

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void do_step(std::int64_t n) override;
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override { return p_.allFinite(); }

  const Eigen::Vector2d& pressures() const { return p_; }
  double step_size() const { return h_; }
  std::int64_t steps_per_macro() const { return steps_; }
  // The actuator rate [m/s] the input model gave at the end of the last step (for the monitor).
  double s_dot_end() const { return s_dot_end_; }
  // Trapezoidal rule: micro steps whose Newton iteration missed its tolerance.
  std::int64_t unconverged_steps() const { return unconverged_steps_; }

 private:
  HydraulicParameters hyd_;
  double h_;
  std::int64_t steps_;
  double s0_;
  Eigen::Vector2d p_;
  const ValveCommand& valve_;
  InputExtrapolator inputs_model_;
  double s_dot_end_;
  std::string name_;
  HydraulicIntegrator integrator_;
  std::int64_t unconverged_steps_ = 0;
  std::vector<std::string> inputs_ = {"s", "sdot"};
  std::vector<std::string> outputs_ = {"p1", "p2", "f_h", "fp"};
};

}  // namespace hilsim::sim
