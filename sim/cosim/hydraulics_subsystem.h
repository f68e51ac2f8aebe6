// The crane's hydraulic subsystem: one cylinder with its valve (seed 000 eqs. 8–13), pressures
// integrated with forward Euler (eq. 14): p_{k+1} = p_k + h ṗ_k, or with RK4 or the trapezoidal
// rule (sim/hydraulics/pressure_integrator.h), the inputs held over each micro step.
// Inputs: [s1, s1dot] held over the macro step (zero-order hold). The valve position κ comes from
// a ValveCommand, asked at the start of every micro step.
// Outputs: [p1, p2, f_h], f_h = (p2 − p1) a_p − c ṡ1 with the ṡ1 held during the step just
// finished, the convention that reproduces the benchmark authors' f-s runs.
#pragma once

#include <Eigen/Dense>

#include "sim/cosim/subsystem.h"
#include "sim/hydraulics/pressure_integrator.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

class HydraulicsSubsystem final : public Subsystem {
 public:
  // s0: actuator length at which both chambers are equal (eq. 12) [m]; p0: initial pressures [Pa];
  // s_dot0: actuator rate held before the first communication point [m/s].
  // `valve` must outlive the subsystem.
  HydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h, double s0,
                      const Eigen::Vector2d& p0, const ValveCommand& valve, double s_dot0 = 0.0,
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
  // Trapezoidal rule: micro steps whose Newton iteration missed its tolerance.
  std::int64_t unconverged_steps() const { return unconverged_steps_; }

 private:
  HydraulicParameters hyd_;
  double h_;
  std::int64_t steps_;
  double s0_;
  Eigen::Vector2d p_;
  const ValveCommand& valve_;
  double s_ = 0.0;      // held actuator length [m]
  double s_dot_ = 0.0;  // held actuator rate [m/s]
  HydraulicIntegrator integrator_;
  std::int64_t unconverged_steps_ = 0;
  std::string name_ = "hydraulics";
  std::vector<std::string> inputs_ = {"s1", "s1dot"};
  std::vector<std::string> outputs_ = {"p1", "p2", "f_h"};
};

}  // namespace hilsim::sim
