// The crane (one or two actuators) as a co-simulation (seed 000 §3, seed 004 §3–4): the mechanics
// in independent coordinates and the hydraulics, coupled f-s, p-s or through a reduced interface
// model, with Jacobi or Gauss-Seidel and held or extrapolated inputs; with a monitor of the
// coupling-error energy δE (seed 001 eqs. 19–24).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/coupling_monitor.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/input_extrapolation.h"
#include "sim/cosim/manager.h"
#include "sim/cosim/mechanics_subsystem.h"
#include "sim/cosim/rim_hydraulics_subsystem.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/hydraulics/pressure_integrator.h"
#include "sim/model/equilibrium.h"
#include "sim/multibody/dependent_mechanics_subsystem.h"
#include "sim/multibody/mechanics_formulation.h"

namespace hilsim::sim {

enum class CosimScheme { kJacobi, kGaussSeidelMechanicsFirst, kGaussSeidelHydraulicsFirst };

struct CosimSettings {
  Coupling coupling = Coupling::kPressureDisplacement;
  CosimScheme scheme = CosimScheme::kJacobi;
  Extrapolation extrapolation = Extrapolation::kZeroOrderHold;  // of every subsystem's inputs
  // RIM coupling: the force returned to the mechanics. The average is the default: the mechanics
  // hold the force over the whole macro step, and the mean carries the impulse the RIM predicted for
  // it, where the end value overshoots after every transient (M1, one actuator, H = 30 ms: max |Δs1|
  // 3.0 mm against 14 mm; stable to 50 ms against 40 ms). At one micro step per macro step both are
  // the same value.
  RimForce rim_force = RimForce::kAverage;
  double H = 1e-3;        // macro (communication) step [s]
  double h_mech = 0.0;    // mechanics step [s]; 0 means h_M = H (as in every run of seed 000)
  double h_hyd = 0.2e-3;  // hydraulic step [s]; H must be a whole multiple of it
  double duration = 10.0; // simulated time [s]; the run ends at the last communication point ≤ it
  HydraulicIntegrator hydraulics_integrator = HydraulicIntegrator::kForwardEuler;  // direct couplings
  // ALI1 and ALI3-P: one actuator, f-s or p-s, held inputs.
  MechanicsFormulation mechanics = MechanicsFormulation::kIndependent;
};

class CraneCosimulation final {
 public:
  // Starts from the static equilibrium `eq` (s0, p0 and κ0 of every actuator). `valve` drives
  // actuator 1; with two actuators `valve2` drives the second (null: seed 004 eq. 35 from its κ0).
  // The valve commands must outlive this. Throws std::invalid_argument for inconsistent steps.
  CraneCosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                    const Equilibrium& eq, const ValveCommand& valve, const CosimSettings& settings,
                    const ValveCommand* valve2 = nullptr);

  // Advances one macro step; returns false once a state is no longer finite.
  bool step();
  CraneSample sample() const;
  std::int64_t macro_step() const { return manager_->macro_step(); }
  std::int64_t total_macro_steps() const { return total_steps_; }
  double time() const;

 private:
  CraneParameters crane_;
  HydraulicParameters hyd_;
  CosimSettings settings_;
  std::array<const ValveCommand*, 2> valves_{};
  std::unique_ptr<ValveCommand> own_valve2_;
  std::unique_ptr<MechanicsSubsystem> mech_;                // kIndependent
  std::unique_ptr<DependentMechanicsSubsystem> dep_mech_;   // kAli1, kAli3P
  std::array<std::unique_ptr<HydraulicsSubsystem>, 2> hyd_sub_;
  std::unique_ptr<RimHydraulicsSubsystem> rim_;
  std::unique_ptr<CosimManager> manager_;
  std::int64_t hyd_steps_per_macro_ = 1;
  std::int64_t total_steps_ = 0;
  BondEnergy mech_energy_;  // E_M of the coupling monitor (coupling_monitor.h)
  BondEnergy hyd_energy_;   // E_H
  double E0_ = 0.0;  // mechanical energy T + V at t_0 [J]
};

struct RunResult {
  std::vector<CraneSample> samples;  // one per communication point, t_0 included
  bool diverged = false;             // a state became non-finite; samples stop before it
};

// Runs the whole duration. `on_progress(done, total)` is called every few percent when given.
RunResult run_cosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                           const Equilibrium& eq, const ValveCommand& valve,
                           const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress = {},
                           const ValveCommand* valve2 = nullptr);

}  // namespace hilsim::sim
