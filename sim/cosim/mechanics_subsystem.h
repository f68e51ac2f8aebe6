// A machine's multibody subsystem in its independent coordinates (sim/machine/reduced_dynamics.h;
// with closed loops the dependent coordinates follow by coordinate partitioning), integrated with the
// semi-implicit Euler formula of LIM benchmark 2021, eqs. (6)–(7):
//   q̇_{k+1} = q̇_k + h q̈_k,   q_{k+1} = q_k + h q̇_{k+1}    (independent coordinates)
// then the loops closed at q_{k+1} (Newton on Φ = 0 to 1e-12) and their rates solved.
// Ports, for cylinder k (1-based; suffix "" for the first, "_k" for the others, coupling.h):
//   f-s and rim: in f_h[_k]     p-s: in p1[_k], p2[_k]     twoway: in the reduced models (twoway_model_ports)
//   out:  sk, skdot; with rim and twoway also Meffij (i ≤ j) and feffk (Peiret et al. 2018 eqs. 12–13).
// With p-s the cylinder force adds −c ṡ with the mechanics' own current ṡ at every step (f = p2 A2 −
// p1 A1 − c ṡ); with twoway too, from the pressures p̃ of the reduced model, advanced implicitly at every
// step (reduced_hydraulics.h). The reduced model carries its own time dependence: it bypasses the
// input extrapolation.
// With the machine's limits the cylinders' end stops and the joints' limits act as one-sided stops,
// implicit within each step (sim/multibody/unilateral_stops.h).
// Probes: mechanics_probes.h.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <optional>

#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/mechanics_probes.h"
#include "sim/cosim/reduced_hydraulics.h"
#include "sim/cosim/subsystem.h"
#include "sim/machine/machine_data.h"
#include "sim/machine/reduced_dynamics.h"
#include "sim/multibody/unilateral_stops.h"

namespace hilsim::sim {

// One-sided stops on a machine's coordinates: slot i stops cylinder `index`'s length (kCylinder) or
// tree coordinate `index` (kCoordinate); slots without limits never engage.
struct MachineStops {
  enum class On : std::uint8_t { kCylinder, kCoordinate };
  struct Slot {
    On on = On::kCylinder;
    int index = 0;
  };
  std::array<UnilateralStop, kMaxStops> stops{};
  std::array<Slot, kMaxStops> slots{};
  int count = 0;
};

class MechanicsSubsystem final : public Subsystem {
 public:
  // H: macro step [s]; h: internal step [s], H a whole multiple of h. q0: the pose at t_0, its
  // loops closed; q_dot0: the rates there (unset: at rest; with loops, its dependent entries follow).
  MechanicsSubsystem(std::shared_ptr<const machine::MachineModel> model, Coupling coupling, double H,
                     double h, const machine::VecQ& q0,
                     Extrapolation extrapolation = Extrapolation::kZeroOrderHold,
                     const MachineStops& stops = {},
                     const std::optional<machine::VecQ>& q_dot0 = std::nullopt);
  // The two-way coupling's copy of the hydraulics (coupling kTwoWay only, before the first step).
  void use_reduced_hydraulics(const ReducedHydraulicsSetup& setup);

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
  bool healthy() const override;
  const std::vector<std::string>& probe_names() const override { return probes_; }
  void probe(std::int64_t n, std::span<double> out) const override;

  const machine::VecQ& q() const { return q_; }
  const machine::VecQ& q_dot() const { return q_dot_; }
  // The cylinders' s, ṡ, A and a at the current state, kept from the last step.
  const machine::ReducedDynamics& dynamics() const { return rd_; }
  // The hydraulic effort per cylinder [N] that the mechanics' input model gives at n H + tau: f_h
  // (f-s, rim) or the pressure force p2 A2 − p1 A1 (p-s). For the coupling-error monitor.
  machine::VecK effort(std::int64_t n, double tau) const;
  // Work [J] the cylinders (with their end stops) and the joints' stops have done since t_0.
  double actuator_work() const { return work_; }
  // The two-way coupling's reduced hydraulics; null for the other couplings.
  const ReducedHydraulics* reduced_hydraulics() const { return reduced_ ? &*reduced_ : nullptr; }

 private:
  // Cylinder forces [N] with the inputs u (as the input model gives them) at rates s_dot [m/s].
  machine::VecK cylinder_forces(std::span<const double> u, const machine::VecK& s_dot) const;
  // Adds the stops' impulse to the free end-of-step independent rates v; returns their work's rates.
  StopForces apply_stops(machine::VecQ& v, StopVector& x) const;
  // The state after q, q̇ changed: loops closed, kinematics and reduced dynamics at it.
  void settle();

  std::shared_ptr<const machine::MachineModel> model_;
  machine::VecK A1_, A2_, c_;  // each cylinder's areas [m²] and friction [N·s/m]
  Coupling coupling_;
  double H_;
  double h_;
  std::int64_t steps_;
  int cylinders_;
  machine::VecQ q_, q_dot_;      // every tree coordinate and its rate
  machine::MachineData data_;    // at (q_, q_dot_)
  machine::ReducedDynamics rd_;  // at (q_, q_dot_)
  bool loops_closed_ = true;
  double work_ = 0.0;  // [J]
  InputExtrapolator inputs_model_;
  std::optional<ReducedHydraulics> reduced_;  // two-way coupling
  Extrapolation extrapolation_;
  BondEnergy energy_;  // E_M
  MachineStops stops_;
  MechanicsProbeLayout layout_;
  std::string name_ = "mechanics";
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
  std::vector<std::string> probes_;
};

}  // namespace hilsim::sim
