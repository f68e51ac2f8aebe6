// The single-actuator crane as a two-subsystem co-simulation (seed 000 §3): the mechanics in
// independent coordinates and the hydraulics, coupled f-s or p-s, with Jacobi or Gauss-Seidel.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/coupling.h"
#include "sim/cosim/hydraulics_subsystem.h"
#include "sim/cosim/manager.h"
#include "sim/cosim/mechanics_subsystem.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/equilibrium.h"
#include "sim/multibody/dependent_mechanics_subsystem.h"

namespace hilsim::sim {

struct CosimSettings {
  Coupling coupling = Coupling::kPressureDisplacement;
  Scheme scheme = Scheme::kJacobi;
  double H = 1e-3;        // macro (communication) step [s]
  double h_mech = 0.0;    // mechanics step [s]; 0 means h_M = H (as in every run of seed 000)
  double h_hyd = 0.2e-3;  // hydraulic step [s]; H must be a whole multiple of it
  double duration = 10.0; // simulated time [s]; the run ends at the last communication point ≤ it
  HydraulicIntegrator hydraulics_integrator = HydraulicIntegrator::kForwardEuler;
  MechanicsFormulation mechanics = MechanicsFormulation::kIndependent;
};

class CraneCosimulation final {
 public:
  // Starts from the static equilibrium `eq` (which holds s0, p0 and κ0). `valve` must outlive this.
  // Throws std::invalid_argument for inconsistent step sizes.
  CraneCosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                    const Equilibrium& eq, const ValveCommand& valve, const CosimSettings& settings);

  // Advances one macro step; returns false once a state is no longer finite.
  bool step();
  CraneSample sample() const;
  std::int64_t macro_step() const { return manager_->macro_step(); }
  // Number of macro steps the configured duration holds.
  std::int64_t total_macro_steps() const { return total_steps_; }
  double time() const;

 private:
  CraneParameters crane_;
  HydraulicParameters hyd_;
  CosimSettings settings_;
  const ValveCommand& valve_;
  std::unique_ptr<MechanicsSubsystem> mech_;                // kIndependent
  std::unique_ptr<DependentMechanicsSubsystem> dep_mech_;   // kAli1, kAli3P
  std::unique_ptr<HydraulicsSubsystem> hyd_sub_;
  std::unique_ptr<CosimManager> manager_;
  std::int64_t total_steps_ = 0;
};

struct RunResult {
  std::vector<CraneSample> samples;  // one per communication point, t_0 included
  bool diverged = false;             // a state became non-finite; samples stop before it
};

// Runs the whole duration. `on_progress(done, total)` is called every few percent when given.
RunResult run_cosimulation(const CraneParameters& crane, const HydraulicParameters& hyd,
                           const Equilibrium& eq, const ValveCommand& valve,
                           const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

}  // namespace hilsim::sim
