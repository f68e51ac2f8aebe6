#include "tools/run/contact_hydraulics.h"

#include <stdexcept>
#include <utility>

#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/run_inputs.h"

namespace hilsim::tools {

std::unique_ptr<HydraulicContactRun> hydraulic_contact_run(const scenario::Scenario& s,
                                                           sim::contact::ContactTask guided) {
  sim::CraneParameters crane;  // the tasks' crane (contact_tasks.h), with both its cylinders
  crane.actuators = 2;
  auto run = std::make_unique<HydraulicContactRun>();
  try {
    run->task = sim::contact::hydraulic_task(std::move(guided), crane, s.hydraulics);
  } catch (const std::runtime_error& e) {
    throw io::InputError(s.source +
                         ": no static equilibrium of the cylinders holds the task's arm: " + e.what());
  }
  const sim::machine::MachineEquilibrium& eq = run->task.equilibrium;
  run->valve1 = make_valve_command(s, eq.cylinders[0].command);
  if (s.manoeuvre.kind == scenario::ManoeuvreKind::kTable) {
    if (auto kappa_2 = io::read_second_kappa(s.manoeuvre.table_path))
      run->valve2 = std::make_unique<sim::TableManoeuvre>(std::move(*kappa_2));
  }
  if (!run->valve2) run->valve2 = std::make_unique<sim::ConstantValveCommand>(eq.cylinders[1].command);
  sim::contact::ContactHydraulics& c = run->cylinders;
  c.model = run->task.model;
  c.equilibrium = eq;
  c.h_hyd = s.cosim.h_hyd;
  c.integrator = s.cosim.hydraulics_integrator;
  c.valves = {run->valve1.get(), run->valve2.get()};
  return run;
}

}  // namespace hilsim::tools
