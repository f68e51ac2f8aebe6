// The hydraulic subsystem of one circuit (sim/hydraulics/circuit.h): a supply and the cylinders its
// valves feed, each cylinder's chambers integrated with forward Euler (LIM benchmark 2021, eq. 14):
// p_{k+1} = p_k + h ṗ_k, or with RK4 or the trapezoidal rule, which take the input model's s, ṡ at
// the start, middle and end of each micro step (all equal with a hold); a pump's line pressure with
// them. Each valve's command comes from a ValveCommand, asked at the start of every micro step
// (ValveReader): κ moves the benchmark's valve at once; a proportional valve's spool follows its
// command u through its lag (spool_lag.h), and the pressures see the spool where it stands at the
// step's start.
// Inputs, per cylinder k (1-based): sk, skdot, held or extrapolated (input_extrapolation.h) to the
// start of every micro step.
// Outputs, per cylinder (suffix port_suffix): p1, p2, f_h, fp — the pressures, f_h = p2 A2 − p1 A1 − c ṡ
// with the ṡ its input model gives at the end of the step just finished (with a hold: the ṡ held
// during it, the convention that reproduces the benchmark authors' f-s runs), and the pressure force
// fp = p2 A2 − p1 A1.
// Probes, per cylinder: p1, p2, kappa (the command applied from the communication point) [-]; then
// E_H (its side of the coupling monitor, coupling_monitor.h) [J]; with a pump, p_s [Pa].
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <array>

#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/subsystem.h"
#include "sim/hydraulics/cavitation.h"
#include "sim/hydraulics/circuit.h"
#include "sim/hydraulics/cylinder_limits.h"
#include "sim/hydraulics/spool_lag.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/manoeuvre/valve_reader.h"

namespace hilsim::sim {

// Where one cylinder of a circuit starts, and what it reads and watches.
struct CircuitCylinder {
  double s0 = 0.0;                               // length at t_0 [m]
  Eigen::Vector2d p0 = Eigen::Vector2d::Zero();  // pressures at t_0 [Pa]
  double command0 = 0.0;                // the valve command holding it at t_0 (the spool's start) [-]
  const ValveCommand* valve = nullptr;  // must outlive the subsystem
  CylinderLimits limits;                // cavitation and the stroke it flags
};

struct HydraulicsOptions {
  Extrapolation extrapolation = Extrapolation::kZeroOrderHold;
  HydraulicIntegrator integrator = HydraulicIntegrator::kForwardEuler;
  // The effort of the power bond (coupling_monitor.h): f_h for f-s, the pressure force for p-s.
  Coupling coupling = Coupling::kPressureDisplacement;  // CosimSettings' default
  std::string name = "hydraulics";
  // A pressure at or above this is the numbers blowing up, not the machine (the model's
  // limits.diverged_pressure): the subsystem is then not healthy [Pa].
  double diverged_pressure = 20e6;
};

class HydraulicsSubsystem final : public Subsystem, public ActuatorSensors {
 public:
  // `cylinders` in the circuit's order; p_s0: a pump's line pressure at t_0 [Pa].
  HydraulicsSubsystem(const HydraulicCircuit& circuit, double H, double h,
                      const std::array<CircuitCylinder, kMaxCircuitCylinders>& cylinders, double p_s0,
                      const HydraulicsOptions& options = {});

  const std::string& name() const override { return options_.name; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return steps_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override { return probes_; }
  void probe(std::int64_t n, std::span<double> out) const override;

  int sensed_actuators() const override { return circuit_.size; }
  int sensed_actuator(int i) const override { return circuit_.cylinder[i]; }
  ActuatorReading reading(int k) const override;

  const HydraulicCircuit& circuit() const { return circuit_; }
  const CircuitState& state() const { return z_; }
  // The pressures [Pa] of the circuit's i-th cylinder.
  const Eigen::Vector2d& pressures(int i = 0) const { return z_.p[i]; }
  // Cavity volumes of the i-th cylinder's chambers [m³] (0 unless cavitation is modelled, cavitation.h).
  const Eigen::Vector2d& cavities(int i = 0) const { return cavity_[i]; }
  // Trapezoidal rule: micro steps whose Newton iteration missed its tolerance.
  std::int64_t unconverged_steps() const { return unconverged_steps_; }

 private:
  // The inputs at tau [s] into macro step n, with the valve positions x.
  void inputs_at(std::int64_t n, double tau, CircuitInputs& u) const;
  void higher_order_step(std::int64_t n, double tau, const CircuitInputs& start);
  void apply_cavitation_at(const CircuitInputs& u);

  HydraulicCircuit circuit_;
  double H_;
  double h_;
  std::int64_t steps_;
  std::array<CircuitCylinder, kMaxCircuitCylinders> cyl_;
  std::array<ValveReader, kMaxCircuitCylinders> valves_;
  std::array<SpoolLag, kMaxCircuitCylinders> lags_;
  std::array<SpoolState, kMaxCircuitCylinders> spools_{};
  CircuitState z_;
  InputExtrapolator inputs_model_;
  std::array<double, kMaxCircuitCylinders> s_dot_end_{};  // [m/s]
  HydraulicsOptions options_;
  std::int64_t unconverged_steps_ = 0;
  CircuitInputs used_{};                                // s, ṡ, x of the newest micro step
  std::array<double, kMaxCircuitCylinders> command_{};  // the command of the newest micro step [-]
  CylinderPairs cavity_ = zero_pairs();                 // [m³]
  bool cavitation_ = false;
  BondEnergy energy_;  // E_H
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
  std::vector<std::string> probes_;
};

// In the header so that do_step (compose_macro_step) inlines it: the offline run steps millions
// of them, and a call per micro step cost about 5 % of a run at h_H = 0.2 ms. Forward Euler, the
// default, is the lean path written here; RK4 and the trapezoidal rule go out of line, so that
// their inputs and Newton state take no registers from the Euler loop.
[[gnu::always_inline]] inline void HydraulicsSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  const std::int64_t m = n * steps_ + j;  // global micro-step index
  const double tau = static_cast<double>(j) * h_;
  const double t = static_cast<double>(m) * h_;
  CircuitInputs& u = used_;
  for (int k = 0; k < circuit_.size; ++k) {
    const double command = valves_[k].kappa(m, t);
    command_[k] = command;
    if (circuit_.hyd[k].valve.proportional()) {
      u[k].x = spools_[k].x;
      spools_[k] = lags_[k].step(spools_[k], std::clamp(command, -1.0, 1.0));
    } else {
      u[k].x = command;
    }
  }
  if (circuit_.size == 1) {  // one cylinder: its two inputs as a pair (input_extrapolation.h)
    const std::array<double, 2> su = inputs_model_.evaluate2(n, tau);
    u[0].s = su[0];
    u[0].s_dot = su[1];
  } else {
    inputs_at(n, tau, u);
  }
  if (options_.integrator == HydraulicIntegrator::kForwardEuler) {
    circuit_euler_step(circuit_, z_, h_, u);  // eq. (14)
  } else {
    higher_order_step(n, tau, u);
  }
  if (cavitation_) apply_cavitation_at(u);
}

}  // namespace hilsim::sim
