// The LIM crane as the tests run it through the machine model (sim/machine/lim_crane.h): its model,
// its equilibrium and plans of its co-simulation with scripted valves, as the run library's prepare_run
// (tools/run/run_inputs.h) builds them for a scenario.
#pragma once

#include <memory>
#include <vector>

#include "sim/cosim/cosimulation.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::test {

inline std::shared_ptr<const sim::machine::MachineModel> lim_model(int actuators = 1,
                                                                   const sim::HydraulicParameters& hyd = {},
                                                                   const sim::MachineLimits& limits = {},
                                                                   sim::CraneParameters crane = {}) {
  crane.actuators = actuators;
  return std::make_shared<const sim::machine::MachineModel>(
      sim::machine::build_machine_model(sim::machine::lim_crane_description(crane, hyd, limits)));
}

inline sim::machine::MachineEquilibrium lim_equilibrium(const sim::machine::MachineModel& model,
                                                        bool limits = false) {
  return sim::machine::solve_machine_equilibrium(model, limits);
}

// Scripted valves: the given commands, cylinder by cylinder.
inline sim::MachineValves scripted(std::vector<const sim::ValveCommand*> valves) {
  sim::MachineValves v;
  v.cylinder = std::move(valves);
  return v;
}

// A run of the LIM crane's co-simulation: cylinder 1 on `valve`, cylinder 2 (two actuators) on
// Peiret et al. 2018, eq. (35) from its κ0, as the scenarios run it.
struct LimRun {
  std::shared_ptr<const sim::machine::MachineModel> model;
  sim::machine::MachineEquilibrium eq;
  std::unique_ptr<sim::ValveCommand> second;

  explicit LimRun(int actuators = 1, const sim::HydraulicParameters& hyd = {},
                  const sim::MachineLimits& limits = {}, const sim::CraneParameters& crane = {})
      : model(lim_model(actuators, hyd, limits, crane)), eq(lim_equilibrium(*model, limits.enabled)) {
    if (actuators == 2) second = std::make_unique<sim::SecondActuatorManoeuvre>(eq.cylinders[1].command);
  }
  double kappa0(int k = 0) const { return eq.cylinders[static_cast<std::size_t>(k)].command; }
  sim::MachineValves valves(const sim::ValveCommand& first,
                            const sim::ValveCommand* second_valve = nullptr) const {
    std::vector<const sim::ValveCommand*> v = {&first};
    if (model->cylinder_count() == 2) v.push_back(second_valve ? second_valve : second.get());
    return scripted(v);
  }
  sim::RunResult run(const sim::ValveCommand& first, const sim::CosimSettings& settings,
                     const sim::ValveCommand* second_valve = nullptr) const {
    return sim::run_cosimulation(model, eq, valves(first, second_valve), settings);
  }
  sim::Plan plan(const sim::ValveCommand& first, const sim::CosimSettings& settings,
                 const sim::ValveCommand* second_valve = nullptr) const {
    return sim::build_machine_plan(model, eq, settings, valves(first, second_valve));
  }
};

}  // namespace hilsim::test
