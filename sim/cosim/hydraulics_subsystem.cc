#include "sim/cosim/hydraulics_subsystem.h"

#include <stdexcept>

namespace hilsim::sim {

HydraulicsSubsystem::HydraulicsSubsystem(const HydraulicCircuit& circuit, double H, double h,
                                         const std::array<CircuitCylinder, kMaxCircuitCylinders>& cylinders,
                                         double p_s0, const HydraulicsOptions& options)
    : circuit_(circuit),
      H_(H),
      h_(h),
      steps_(steps_per_macro_step(H, h, "hydraulic step h_H")),
      cyl_(cylinders),
      inputs_model_(options.extrapolation, 2 * static_cast<std::size_t>(circuit.size), H),
      options_(options) {
  std::array<double, 2 * static_cast<std::size_t>(kMaxCircuitCylinders)> u0{};
  for (int i = 0; i < circuit_.size; ++i) {
    if (!cyl_[i].valve) throw std::invalid_argument("hydraulics: a cylinder without a valve command");
    const int k = circuit_.cylinder[i];
    const std::string sk = "s" + std::to_string(k + 1), sfx = port_suffix(k);
    inputs_.insert(inputs_.end(), {sk, sk + "dot"});
    outputs_.insert(outputs_.end(), {"p1" + sfx, "p2" + sfx, "f_h" + sfx, "fp" + sfx});
    probes_.insert(probes_.end(), {"p1" + sfx, "p2" + sfx, "kappa" + sfx});
    valves_[i] = ValveReader(cyl_[i].valve);
    const ValveModel& v = circuit_.hyd[i].valve;
    if (v.proportional()) lags_[i] = SpoolLag(v.natural_frequency, v.damping_ratio, h);
    spools_[i].x = cyl_[i].command0;
    z_.p[i] = cyl_[i].p0;
    used_[i] = CylinderInput{cyl_[i].s0, 0.0, cyl_[i].command0};
    command_[i] = cyl_[i].command0;
    cavitation_ = cavitation_ || cyl_[i].limits.cavitation();
    u0[2 * static_cast<std::size_t>(i)] = cyl_[i].s0;
  }
  probes_.emplace_back("E_H");
  if (circuit_.supply.pump) probes_.emplace_back("p_s");
  z_.p_s = p_s0;
  // The machine rests before t_0: the history extrapolation starts from there.
  inputs_model_.push(-1, std::span<const double>(u0.data(), 2 * static_cast<std::size_t>(circuit_.size)));
}

void HydraulicsSubsystem::set_inputs(std::int64_t n, std::span<const double> u) { inputs_model_.push(n, u); }

void HydraulicsSubsystem::inputs_at(std::int64_t n, double tau, CircuitInputs& u) const {
  std::array<double, InputExtrapolator::kMaxWidth> v;  // NOLINT: not zeroed, the inputs are written
  inputs_model_.evaluate(n, tau, v);
  for (int i = 0; i < circuit_.size; ++i) {
    u[i].s = v[2 * static_cast<std::size_t>(i)];
    u[i].s_dot = v[2 * static_cast<std::size_t>(i) + 1];
  }
}

void HydraulicsSubsystem::higher_order_step(std::int64_t n, double tau, const CircuitInputs& start) {
  CircuitInputs middle = start, end = start;  // the valve positions held over the step
  inputs_at(n, tau + 0.5 * h_, middle);
  inputs_at(n, tau + h_, end);
  const CircuitStep step = integrate_circuit(options_.integrator, circuit_, z_, h_, start, middle, end);
  if (!step.converged) ++unconverged_steps_;
}

void HydraulicsSubsystem::apply_cavitation_at(const CircuitInputs& u) {
  for (int i = 0; i < circuit_.size; ++i) {
    if (!cyl_[i].limits.cavitation()) continue;
    const CylinderHydraulics& hyd = circuit_.hyd[i];
    apply_cavitation(hyd.fluid, cyl_[i].limits.vapour_pressure, chamber_volumes(hyd, u[i].s), z_.p[i],
                     cavity_[i]);
  }
}

void HydraulicsSubsystem::end_macro_step(std::int64_t n) {
  // The inputs s, ṡ per cylinder, not zeroed (the hydraulic side's macro step is short: zeroing
  // them cost a tenth of it).
  std::array<double, InputExtrapolator::kMaxWidth> u;  // NOLINT
  inputs_model_.evaluate(n, static_cast<double>(steps_) * h_, u);
  double P = 0.0;
  for (int i = 0; i < circuit_.size; ++i) {
    s_dot_end_[i] = u[2 * static_cast<std::size_t>(i) + 1];
    P += hydraulics_bond_power(circuit_.hyd[i], options_.coupling, z_.p[i], s_dot_end_[i]);
  }
  energy_.add(P, H_, options_.extrapolation);
}

void HydraulicsSubsystem::get_outputs(std::span<double> y) const {
  for (int i = 0; i < circuit_.size; ++i) {
    const std::size_t at = 4 * static_cast<std::size_t>(i);
    y[at] = z_.p[i][0];
    y[at + 1] = z_.p[i][1];
    y[at + 2] = cylinder_force(circuit_.hyd[i], z_.p[i], s_dot_end_[i]);  // eq. (8)
    y[at + 3] = pressure_force(circuit_.hyd[i], z_.p[i]);
  }
}

bool HydraulicsSubsystem::healthy() const {
  for (int i = 0; i < circuit_.size; ++i) {
    if (!pressures_physical(z_.p[i], options_.diverged_pressure)) return false;
  }
  return !circuit_.supply.pump ||
         pressures_physical(Eigen::Vector2d(z_.p_s, z_.p_s), options_.diverged_pressure);
}

void HydraulicsSubsystem::probe(std::int64_t n, std::span<double> out) const {
  const std::int64_t micro = n * steps_;  // the first micro step after t_n
  std::size_t at = 0;
  for (int i = 0; i < circuit_.size; ++i) {
    out[at++] = z_.p[i][0];
    out[at++] = z_.p[i][1];
    out[at++] = valves_[i].kappa(micro, static_cast<double>(micro) * h_);
  }
  out[at++] = energy_.E;
  if (circuit_.supply.pump) out[at] = z_.p_s;
}

ActuatorReading HydraulicsSubsystem::reading(int k) const {
  int i = 0;
  while (i < circuit_.size - 1 && circuit_.cylinder[i] != k) ++i;
  const CylinderHydraulics& hyd = circuit_.hyd[i];
  return ActuatorReading{used_[i].s,
                         used_[i].s_dot,
                         z_.p[i][0],
                         z_.p[i][1],
                         cylinder_force(hyd, z_.p[i], used_[i].s_dot),
                         command_[i],
                         limit_flags(cyl_[i].limits, hyd, used_[i].s, z_.p[i], cavity_[i])};
}

}  // namespace hilsim::sim
