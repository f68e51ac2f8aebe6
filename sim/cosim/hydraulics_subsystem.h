// The hydraulic subsystem of one actuator: the cylinder with its valve (LIM benchmark 2021, eqs. 8–13),
// pressures integrated with forward Euler (eq. 14): p_{k+1} = p_k + h ṗ_k, or with RK4 or the
// trapezoidal rule (sim/hydraulics/pressure_integrator.h), which take the input model's s, ṡ at the
// start, middle and end of each micro step (all equal with a hold); κ is held over the micro step.
// Inputs: [s, sdot], the actuator length and rate, held or extrapolated (input_extrapolation.h)
// to the start of every micro step. The valve position κ comes from a ValveCommand, asked at the
// start of every micro step (through a ValveReader, valve_reader.h).
// Outputs: [p1, p2, f_h, fp]: pressures, f_h = (p2 − p1) a_p − c ṡ with the ṡ its input model gives
// at the end of the step just finished (with a hold: the ṡ held during it, the convention that
// reproduces the benchmark authors' f-s runs), and the pressure force fp = (p2 − p1) a_p.
// Probes: p1, p2 [Pa], kappa (applied from the communication point) [-], E_H (its side of the
// coupling monitor, coupling_monitor.h) [J].
#pragma once

#include <Eigen/Dense>

#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/subsystem.h"
#include "sim/hydraulics/cylinder.h"
#include "sim/hydraulics/cylinder_limits.h"
#include "sim/hydraulics/pressure_integrator.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/manoeuvre/valve_reader.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::sim {

struct HydraulicsOptions {
  double s_dot0 = 0.0;  // actuator rate before the first communication point [m/s]
  Extrapolation extrapolation = Extrapolation::kZeroOrderHold;
  HydraulicIntegrator integrator = HydraulicIntegrator::kForwardEuler;
  // The effort of the power bond (coupling_monitor.h): f_h for f-s, the pressure force for p-s.
  Coupling coupling = Coupling::kPressureDisplacement;  // CosimSettings' default
  int actuator = 0;  // the crane's actuator it integrates (0-based); names it "hydraulics[_k+1]"
  // Cavitation and the stroke it flags (machine_limits.h); the relief valve is in the parameters.
  CylinderLimits limits;
};

class HydraulicsSubsystem final : public Subsystem, public ActuatorSensors {
 public:
  // s0: actuator length at which both chambers are equal (eq. 12) [m]; p0: initial pressures [Pa].
  // `valve` must outlive the subsystem.
  HydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h, double s0,
                      const Eigen::Vector2d& p0, const ValveCommand& valve,
                      const HydraulicsOptions& options = {});

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return steps_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }
  void get_outputs(std::span<double> y) const override;
  // Finite and physical (pressures_physical, cylinder.h).
  bool healthy() const override { return pressures_physical(p_); }
  const std::vector<std::string>& probe_names() const override { return probes_; }
  void probe(std::int64_t n, std::span<double> out) const override;

  int first_actuator() const override { return actuator_; }
  int sensed_actuators() const override { return 1; }
  ActuatorReading reading(int k) const override;

  const Eigen::Vector2d& pressures() const { return p_; }
  // The actuator rate [m/s] the input model gave at the end of the last step (for the monitor).
  double s_dot_end() const { return s_dot_end_; }
  // Cavity volumes of the chambers [m³] (0 unless cavitation is modelled, cavitation.h).
  const Eigen::Vector2d& cavities() const { return cavity_; }
  // Trapezoidal rule: micro steps whose Newton iteration missed its tolerance.
  std::int64_t unconverged_steps() const { return unconverged_steps_; }

 private:
  // The pressures' step of micro_step with RK4 or the trapezoidal rule, from the inputs u = [s, ṡ]
  // and κ at its start, tau [s] into macro step n.
  void higher_order_pressure_step(std::int64_t n, double tau, const double u[2], double kappa);
  // The cavitation law after a step that started at actuator length s [m].
  void apply_cavitation_at(double s);

  HydraulicParameters hyd_;
  double H_;
  double h_;
  std::int64_t steps_;
  double s0_;
  Eigen::Vector2d p_;
  ValveReader valve_;
  InputExtrapolator inputs_model_;
  double s_dot_end_;
  HydraulicsOptions options_;
  int actuator_;
  std::int64_t unconverged_steps_ = 0;
  double u_used_[2] = {0.0, 0.0};                     // s [m], ṡ [m/s] of the newest micro step
  double kappa_used_ = 0.0;                           // [-] of the newest micro step
  Eigen::Vector2d cavity_ = Eigen::Vector2d::Zero();  // [m³]
  BondEnergy energy_;                                 // E_H
  std::string name_;
  std::vector<std::string> inputs_ = {"s", "sdot"};
  std::vector<std::string> outputs_ = {"p1", "p2", "f_h", "fp"};
  std::vector<std::string> probes_ = {"p1", "p2", "kappa", "E_H"};
};

// In the header so that do_step (compose_macro_step) inlines it: the offline run steps millions
// of them, and a call per micro step cost about 5 % of a run at h_H = 0.2 ms. Forward Euler, the
// default, is the lean path written here; RK4 and the trapezoidal rule go out of line, so that
// their inputs and Newton state take no registers from the Euler loop.
[[gnu::always_inline]] inline void HydraulicsSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  const std::int64_t k = n * steps_ + j;  // global micro-step index
  const double tau = static_cast<double>(j) * h_;
  const std::array<double, 2> u = inputs_model_.evaluate2(n, tau);
  const double kappa = valve_.kappa(k, static_cast<double>(k) * h_);
  u_used_[0] = u[0];
  u_used_[1] = u[1];
  kappa_used_ = kappa;
  if (options_.integrator == HydraulicIntegrator::kForwardEuler) {
    forward_euler_step(hyd_, s0_, p_, h_, {u[0], u[1], kappa});  // eq. (14)
  } else {
    higher_order_pressure_step(n, tau, u.data(), kappa);
  }
  if (options_.limits.cavitation()) apply_cavitation_at(u[0]);
}

}  // namespace hilsim::sim
