// The hydraulics of every actuator together with a reduced interface model (RIM) of the mechanics,
// Peiret et al. 2018, §2–3 and Algorithm 2. At each communication point the RIM state (s, ṡ) is reset to the
// mechanics' values and its dynamics M̃ s̈ = f̃ + f_h (eq. 11), with M̃ and f̃ held over the macro
// step, are integrated beside the cylinders at h_H with semi-implicit Euler (eq. 39); the cylinders
// take s, ṡ from the RIM at every micro step (synchronised every h_H, the H_2 of Algorithm 2).
// With two actuators M̃ is 2×2 and couples them within the macro step.
// With the machine's limits (machine_limits.h) the RIM carries the cylinders' end stops as well
// (M̃ s̈ = f̃ + f_h + f_stop, the stops implicit as in the mechanics, unilateral_stops.h), so its
// prediction stays inside the stroke; the force returned is the hydraulic one alone, since the
// mechanics apply the stops themselves. Each cylinder applies the cavitation law to its pressures.
//
// Inputs: s1, s1dot [, s2, s2dot], Meff11 [, Meff12, Meff22], feff1 [, feff2]
// Outputs: f_h [, f_h_2] the hydraulic force (p2 − p1) a_p − c ṡ_RIM returned to the mechanics (end
//          of step or macro-step average, RimForce), then p1, p2 [, p1_2, p2_2]; with the two-way
//          coupling then the reduced model of every cylinder (twoway_model_ports), built at the
//          communication point for the mechanics' coming step: from p(t_{n+1}), about the RIM's s, ṡ
//          at t_{n+1}, over the κ range the step can reach (the script's over the coming step with a
//          preview, else the κ last applied ± kUnpreviewedKappaReach). When the mechanics step after
//          the hydraulics (Gauss-Seidel, hydraulics first) the model is of the step just done: about
//          the s, ṡ it started from, over the κ it applied, and from p(t_{n+1}) although the mechanics
//          integrate it from t_n, as p-s holds p(t_{n+1}) over that step (so that one micro step per
//          macro step is p-s, in this order too).
// Probes: p1, p2, kappa [, p1_2, p2_2, kappa_2] (κ applied from the communication point), E_H [J]
// (the hydraulic side of the coupling monitor, Σ ṡ_RIM f_h over the actuators; two-way: the
// pressure force's, integrated at the micro steps, coupling_monitor.h).
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <array>

#include "sim/cosim/actuator_sensors.h"
#include "sim/cosim/cosim_settings.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/subsystem.h"
#include "sim/hydraulics/cavitation.h"
#include "sim/hydraulics/cylinder.h"
#include "sim/hydraulics/cylinder_limits.h"
#include "sim/hydraulics/pressure_integrator.h"
#include "sim/hydraulics/reduced_cylinder_model.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/manoeuvre/valve_reader.h"
#include "sim/model/crane_parameters.h"
#include "sim/multibody/unilateral_stops.h"

namespace hilsim::sim {

struct RimCylinder {
  double s0 = 0.0;                               // [m], eq. (12)
  Eigen::Vector2d p0 = Eigen::Vector2d::Zero();  // initial pressures [Pa]
  const ValveCommand* valve = nullptr;           // must outlive the subsystem
  CylinderLimits limits;                         // cavitation and the stroke it flags
  double kappa0 = 0.0;                           // κ before t_0 [-] (the two-way model of step 0)
  const ValveCommand* preview = nullptr;         // two-way with a preview: the pure script read ahead
};

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

class RimHydraulicsSubsystem final : public Subsystem, public ActuatorSensors {
 public:
  // `extrapolation`: the scheme's input model, which sets the monitor's quadrature (BondEnergy).
  // `stops`: the end stops on s1 and s2 (slots 0 and 1; slot 2 unused); none by default.
  RimHydraulicsSubsystem(const HydraulicParameters& hyd, double H, double h, int actuators,
                         const std::array<RimCylinder, 2>& cylinders, RimForce force,
                         Extrapolation extrapolation = Extrapolation::kZeroOrderHold,
                         const std::array<UnilateralStop, kMaxStops>& stops = {},
                         TwoWayModelOptions twoway = {});

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

  int first_actuator() const override { return 0; }
  int sensed_actuators() const override { return n_; }
  ActuatorReading reading(int k) const override { return reading_[k]; }

  const Eigen::Vector2d& pressures(int k) const { return p_[k]; }
  double step_size() const { return h_; }
  std::int64_t steps_per_macro() const { return steps_; }
  // The RIM's actuator rate [m/s] at the end of the last step (its prediction of the mechanics').
  double s_dot_end(int k) const { return s_dot_[k]; }
  // The hydraulic force [N] returned to the mechanics for actuator k.
  double returned_force(int k) const { return returned_[k]; }
  // Two-way: the reduced models built with a node whose steady pressure had no root inside (p_T, p_P)
  // (a valve that cannot pass the actuator's flow; the model then holds the bound there).
  std::int64_t saturated_models() const { return saturated_models_; }

 private:
  // micro_step for N = n_ actuators.
  template <int N>
  void micro_step_of(std::int64_t n, std::int64_t j);
  // The end stops' impulse added to the RIM's free end-of-step rates s_dot_.
  void apply_stops();
  // Two-way: the κ seen or previewed at micro step m (global index) for the model's range.
  void track_kappa(int k, std::int64_t m, double kappa);
  // Two-way: the models for the mechanics' coming step (see the header), from the current state.
  void build_models();

  HydraulicParameters hyd_;
  double H_;
  double h_;
  std::int64_t steps_;
  int n_;
  std::array<RimCylinder, 2> cyl_;
  std::array<ValveReader, 2> valves_;  // of cyl_[k].valve
  RimForce force_;
  std::array<Eigen::Vector2d, 2> p_;
  Eigen::Vector2d s_ = Eigen::Vector2d::Zero();          // RIM actuator lengths [m]
  Eigen::Vector2d s_dot_ = Eigen::Vector2d::Zero();      // RIM actuator rates [m/s]
  Eigen::Matrix2d M_eff_ = Eigen::Matrix2d::Identity();  // [kg]
  Eigen::Vector2d f_eff_ = Eigen::Vector2d::Zero();      // [N]
  Eigen::Vector2d returned_ = Eigen::Vector2d::Zero();   // [N]
  Eigen::Matrix2d M_inv_ = Eigen::Matrix2d::Identity();  // M̃⁻¹ over the macro step [1/kg]
  Eigen::Vector2d sum_ = Eigen::Vector2d::Zero();        // Σ f_h over its micro steps [N]
  std::array<ActuatorReading, 2> reading_{};             // after the newest micro step
  std::array<Eigen::Vector2d, 2> cavity_{Eigen::Vector2d::Zero(), Eigen::Vector2d::Zero()};  // [m³]
  std::array<UnilateralStop, kMaxStops> stops_;
  bool has_stops_ = false;
  Extrapolation extrapolation_;
  BondEnergy energy_;  // E_H
  TwoWayModelOptions twoway_;
  std::array<ReducedCylinderModel, 2> model_{};  // two-way: sent at the communication point
  struct KappaRange {
    double lo = 1.0, hi = 0.0;  // empty
    void add(double kappa) {
      lo = std::min(lo, kappa);
      hi = std::max(hi, kappa);
    }
  };
  std::array<KappaRange, 2> applied_{};    // κ applied over the current macro step
  std::array<KappaRange, 2> previewed_{};  // the script's κ over the next macro step
  std::array<double, 2> last_kappa_{};     // the κ applied last
  std::int64_t saturated_models_ = 0;
  Eigen::Vector2d s_start_ = Eigen::Vector2d::Zero();  // RIM state at the communication point
  Eigen::Vector2d s_dot_start_ = Eigen::Vector2d::Zero();
  std::vector<std::string> probes_;
  std::string name_ = "rim_hydraulics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
};

// In the header so that do_step (compose_macro_step) inlines it, as the hydraulic subsystem's
// (hydraulics_subsystem.h).
[[gnu::always_inline]] inline void RimHydraulicsSubsystem::micro_step(std::int64_t n, std::int64_t j) {
  if (n_ == 1) {
    micro_step_of<1>(n, j);
  } else {
    micro_step_of<2>(n, j);
  }
}

// The actuator count N = n_, fixed at construction, as a constant: the loops over the actuators
// unroll, and the single-actuated crane's step has none of the second actuator's branches. GCC
// keeps it out of line, a call per micro step; forced inline, the RIM run measured 2 % slower.
template <int N>
inline void RimHydraulicsSubsystem::micro_step_of(std::int64_t n, std::int64_t j) {
  const std::int64_t m = n * steps_ + j;  // global micro-step index
  const double t = static_cast<double>(m) * h_;
  Eigen::Vector2d f_h = Eigen::Vector2d::Zero();
  for (int k = 0; k < N; ++k) {
    f_h[k] = actuator_force(hyd_, p_[k], s_dot_[k]);  // eq. (8) with the RIM's ṡ
    const double kappa = valves_[k].kappa(m, t);
    if (twoway_.enabled) track_kappa(k, m, kappa);
    reading_[k].s = s_[k];
    reading_[k].s_dot = s_dot_[k];
    reading_[k].kappa = kappa;
    forward_euler_step(hyd_, cyl_[k].s0, p_[k], h_, {s_[k], s_dot_[k], kappa});  // eq. (40)
    if (cyl_[k].limits.cavitation()) {
      apply_cavitation(hyd_, cyl_[k].limits.vapour_pressure,
                       hyd_.a_p * chamber_lengths(hyd_, cyl_[k].s0, s_[k]), p_[k], cavity_[k]);
    }
    reading_[k].limits = limit_flags(cyl_[k].limits, hyd_, s_[k], p_[k], cavity_[k]);
  }
  if (twoway_.enabled) {
    // Two-way: this side of the monitor at every micro step (coupling_monitor.h).
    double P = 0.0;
    for (int k = 0; k < N; ++k) P += (p_[k][1] - p_[k][0]) * hyd_.a_p * s_dot_[k];
    energy_.add(P, h_, Extrapolation::kZeroOrderHold);
  }
  const Eigen::Vector2d s_ddot = M_inv_ * (f_eff_ + f_h);  // eq. (11)
  s_dot_ += h_ * s_ddot;                                   // eq. (39)
  if (has_stops_) apply_stops();
  s_ += h_ * s_dot_;
  for (int k = 0; k < N; ++k) {
    const double f_end = actuator_force(hyd_, p_[k], s_dot_[k]);  // at t + h
    sum_[k] += f_end;
    reading_[k].p1 = p_[k][0];
    reading_[k].p2 = p_[k][1];
    reading_[k].f_h = f_end;
  }
}

}  // namespace hilsim::sim
