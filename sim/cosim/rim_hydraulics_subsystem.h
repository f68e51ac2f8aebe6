// The hydraulics of every cylinder together with a reduced interface model (RIM) of the mechanics,
// Peiret et al. 2018, §2–3 and Algorithm 2. At each communication point the RIM state (s, ṡ) is reset to the
// mechanics' values and its dynamics M̃ s̈ = f̃ + f_h (eq. 11), with M̃ and f̃ held over the macro
// step, are integrated beside the machine's hydraulic circuits (sim/hydraulics/circuit.h) at h_H with
// semi-implicit Euler (eq. 39); the cylinders take s, ṡ from the RIM at every micro step (synchronised
// every h_H, the H_2 of Algorithm 2). With K cylinders M̃ is K×K and couples them within the macro step.
// With the machine's limits the RIM carries the cylinders' end stops as well (M̃ s̈ = f̃ + f_h + f_stop,
// the stops implicit as in the mechanics, unilateral_stops.h), so its prediction stays inside the
// stroke; the force returned is the hydraulic one alone, since the mechanics apply the stops
// themselves. Each cylinder applies the cavitation law to its pressures.
//
// Inputs: s1, s1dot, …, sK, sKdot, Meffij (i ≤ j), feff1, …, feffK (rim_interface_ports)
// Outputs: f_h[_k] of every cylinder, the hydraulic force p2 A2 − p1 A1 − c ṡ_RIM returned to the
//          mechanics (end of step or macro-step average, RimForce), then p1[_k], p2[_k]; with the
//          two-way coupling then the reduced model of every cylinder (twoway_model_ports), built at the
//          communication point for the mechanics' coming step: from p(t_{n+1}), about the RIM's s, ṡ
//          at t_{n+1}, over the κ range the step can reach (the script's over the coming step with a
//          preview, else the κ last applied ± kUnpreviewedKappaReach). When the mechanics step after
//          the hydraulics (Gauss-Seidel, hydraulics first) the model is of the step just done: about
//          the s, ṡ it started from, over the κ it applied, and from p(t_{n+1}) although the mechanics
//          integrate it from t_n, as p-s holds p(t_{n+1}) over that step (so that one micro step per
//          macro step is p-s, in this order too). The two-way models are those of the benchmark's
//          valve on a constant supply (sim/hydraulics/reduced_cylinder_model.h).
// Probes: p1[_k], p2[_k], kappa[_k] of every cylinder (κ applied from the communication point), E_H
// [J] (the hydraulic side of the coupling monitor, Σ ṡ_RIM f_h over the cylinders; two-way: the
// pressure force's, integrated at the micro steps, coupling_monitor.h), and p_s[_c] of each pump's
// line (c its circuit's number).
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <vector>

#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/cosim_settings.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/subsystem.h"
#include "sim/hydraulics/cavitation.h"
#include "sim/hydraulics/circuit.h"
#include "sim/hydraulics/cylinder_limits.h"
#include "sim/hydraulics/reduced_cylinder_model.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/manoeuvre/valve_reader.h"
#include "sim/multibody/unilateral_stops.h"

namespace hilsim::sim {

// The half-width of the κ range [-] a two-way model spans without a preview: M2 moves κ by ≤ 0.057
// per 100 ms, and 7 nodes keep the steady force within 0.027 N over it (reduced_cylinder_model.h).
inline constexpr double kUnpreviewedKappaReach = 0.1;

// The two-way coupling's side of the hydraulics (Coupling::kTwoWay).
struct TwoWayModelOptions {
  bool enabled = false;
  // kScript: each cylinder's `preview` script is read ahead over the coming step for the model's κ range.
  KappaPreview preview = KappaPreview::kScript;
  // The mechanics step after the hydraulics (Gauss-Seidel, hydraulics first).
  bool model_for_past_step = false;
};

// A cylinder of the RIM's: where it starts and what it reads (CircuitCylinder), and, with a two-way
// preview, the pure script read ahead.
struct RimCylinder {
  CircuitCylinder start;
  const ValveCommand* preview = nullptr;
};

class RimHydraulicsSubsystem final : public Subsystem, public ActuatorSensors {
 public:
  // `circuits`: the machine's (machine_circuits); `cylinders` and `p_s0` (each circuit's line at t_0)
  // by machine cylinder and circuit index. `extrapolation`: the scheme's input model, which sets the
  // monitor's quadrature (BondEnergy). `stops`: the cylinders' end stops, slot k for cylinder k.
  RimHydraulicsSubsystem(std::vector<HydraulicCircuit> circuits, double H, double h,
                         const std::vector<RimCylinder>& cylinders, const std::vector<double>& p_s0,
                         RimForce force, Extrapolation extrapolation = Extrapolation::kZeroOrderHold,
                         const std::array<UnilateralStop, kMaxStops>& stops = {},
                         TwoWayModelOptions twoway = {}, double diverged_pressure = 20e6);

  const std::string& name() const override { return name_; }
  const std::vector<std::string>& input_names() const override { return inputs_; }
  const std::vector<std::string>& output_names() const override { return outputs_; }
  double micro_step_size() const override { return h_; }
  std::int64_t micro_steps() const override { return steps_; }
  void set_inputs(std::int64_t n, std::span<const double> u) override;
  void begin_macro_step(std::int64_t n) override;
  void micro_step(std::int64_t n, std::int64_t j) override;
  void end_macro_step(std::int64_t n) override;
  void do_step(std::int64_t n) override { compose_macro_step(*this, n); }
  void get_outputs(std::span<double> y) const override;
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override { return probes_; }
  void probe(std::int64_t n, std::span<double> out) const override;

  int sensed_actuators() const override { return n_; }
  int sensed_actuator(int i) const override { return i; }
  ActuatorReading reading(int k) const override { return reading_[k]; }

  const Eigen::Vector2d& pressures(int k) const { return z_[at_[k].circuit].p[at_[k].index]; }
  double step_size() const { return h_; }
  std::int64_t steps_per_macro() const { return steps_; }
  // The RIM's cylinder rate [m/s] at the end of the last step (its prediction of the mechanics').
  double s_dot_end(int k) const { return s_dot_[k]; }
  // The hydraulic force [N] returned to the mechanics for cylinder k.
  double returned_force(int k) const { return returned_[k]; }
  // Two-way: the reduced models built with a node whose steady pressure had no root inside (p_T, p_P)
  // (a valve that cannot pass the cylinder's flow; the model then holds the bound there).
  std::int64_t saturated_models() const { return saturated_models_; }

 private:
  // Where cylinder k is: its circuit and its place in it.
  struct Place {
    int circuit = 0;
    int index = 0;
  };
  const CylinderHydraulics& hyd(int k) const { return circuits_[at_[k].circuit].hyd[at_[k].index]; }
  // The end stops' impulse added to the RIM's free end-of-step rates s_dot_.
  void apply_stops();
  // Two-way: the κ seen or previewed at micro step m (global index) for the model's range.
  void track_kappa(int k, std::int64_t m, double kappa);
  // Two-way: the models for the mechanics' coming step (see the header), from the current state.
  void build_models();
  // The valve positions and commands of micro step m at time t; the cylinders' inputs from the RIM.
  void read_valves(std::int64_t m, double t);

  std::vector<HydraulicCircuit> circuits_;
  double H_;
  double h_;
  std::int64_t steps_;
  int n_;  // cylinders
  std::vector<RimCylinder> cyl_;
  std::array<Place, machine::kMaxCylinders> at_{};
  std::array<ValveReader, machine::kMaxCylinders> valves_;
  std::array<SpoolLag, machine::kMaxCylinders> lags_;
  std::array<SpoolState, machine::kMaxCylinders> spools_{};
  std::vector<CircuitState> z_;       // per circuit
  std::vector<CircuitInputs> input_;  // per circuit: the newest micro step's s, ṡ, x
  RimForce force_;
  machine::VecK s_, s_dot_;                                        // RIM lengths [m] and rates [m/s]
  machine::MatK M_eff_;                                            // [kg]
  machine::VecK f_eff_;                                            // [N]
  machine::VecK returned_;                                         // [N]
  machine::MatK M_inv_;                                            // M̃⁻¹ over the macro step [1/kg]
  machine::VecK sum_;                                              // Σ f_h over its micro steps [N]
  std::array<double, machine::kMaxCylinders> command_{};           // of the newest micro step [-]
  std::array<ActuatorReading, machine::kMaxCylinders> reading_{};  // after the newest micro step
  CylinderPairs cavity_ = zero_pairs();                            // [m³]
  bool cavitation_ = false;
  std::array<UnilateralStop, kMaxStops> stops_;
  bool has_stops_ = false;
  Extrapolation extrapolation_;
  BondEnergy energy_;  // E_H
  TwoWayModelOptions twoway_;
  double diverged_pressure_;
  std::array<ReducedCylinderModel, machine::kMaxCylinders>
      model_{};  // two-way: sent at the communication point
  struct KappaRange {
    double lo = 1.0, hi = 0.0;  // empty
    void add(double kappa) {
      lo = std::min(lo, kappa);
      hi = std::max(hi, kappa);
    }
  };
  std::array<KappaRange, machine::kMaxCylinders> applied_{};    // κ applied over the current macro step
  std::array<KappaRange, machine::kMaxCylinders> previewed_{};  // the script's κ over the next macro step
  std::array<double, machine::kMaxCylinders> last_kappa_{};     // the κ applied last
  std::int64_t saturated_models_ = 0;
  machine::VecK s_start_, s_dot_start_;  // RIM state at the communication point
  std::vector<std::string> probes_;
  std::string name_ = "rim_hydraulics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
};

}  // namespace hilsim::sim
