// A [contact] task in hydraulic mode for `hilsim run` (sim/contact/hydraulic_task.h): the task's
// arm driven by the crane's two cylinders, started from their static equilibrium with the tool, and
// the valve command of each cylinder from the scenario, as the crane's runs take it
// (run_inputs.h): cylinder 1 follows [manoeuvre] (M1 and M2 about the task's κ0, a table as it is);
// cylinder 2 follows the table's kappa_2 column when it has one, and otherwise holds its
// equilibrium κ (the crane's own eq. (35) drift of actuator 2 is a benchmark manoeuvre, not a
// task's). The cylinders' parameters are [hydraulics]'; their step is [cosim] h_hyd, integrated
// as [cosim] hydraulics_integrator says.
#pragma once

#include <memory>

#include "sim/contact/contact_plan.h"
#include "sim/contact/hydraulic_task.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct HydraulicContactRun {
  sim::contact::HydraulicContactTask task;
  std::unique_ptr<sim::ValveCommand> valve1;
  std::unique_ptr<sim::ValveCommand> valve2;
  sim::contact::ContactHydraulics cylinders;  // points at valve1, valve2
};

// Throws io::InputError naming the scenario file when no equilibrium holds the task or the κ
// table cannot be read.
std::unique_ptr<HydraulicContactRun> hydraulic_contact_run(const scenario::Scenario& scenario,
                                                           sim::contact::ContactTask guided);

}  // namespace hilsim::tools
