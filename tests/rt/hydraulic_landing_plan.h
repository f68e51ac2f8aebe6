// The landing in hydraulic mode (sim/contact/hydraulic_task.h) as a plan of one coupling, for the
// tests that run it in threads and count its allocations: cylinder 1 lowers the box from 0.2 s (κ1
// ramped to κ0 + 0.02 by 0.3 s), cylinder 2 holds its κ0, and the box touches the platform at about
// 2.1 s. The plan holds pointers to the valves and the task's driver: the object stays where it was
// built.
#pragma once

#include "sim/contact/contact_plan.h"
#include "sim/contact/hydraulic_task.h"
#include "sim/cosim/plan.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/crane_parameters.h"

namespace hilsim::test {

struct HydraulicLandingPlan {
  // `settings` without a duration run 2.5 s (past the touch-down).
  explicit HydraulicLandingPlan(sim::contact::ContactCouplingSettings settings)
      : task(sim::contact::hydraulic_task(sim::contact::landing_task({}, crane), crane,
                                          sim::HydraulicParameters{})),
        kappa1({{0.2, task.equilibrium.cylinders[0].command},
                {0.3, task.equilibrium.cylinders[0].command + 0.02}}),
        kappa2(task.equilibrium.cylinders[1].command),
        cylinders{task.model, task.equilibrium},
        plan(build(settings)) {}
  HydraulicLandingPlan(const HydraulicLandingPlan&) = delete;
  HydraulicLandingPlan& operator=(const HydraulicLandingPlan&) = delete;

  sim::CraneParameters crane = two_actuators();
  sim::contact::HydraulicContactTask task;
  sim::TableManoeuvre kappa1;
  sim::ConstantValveCommand kappa2;
  sim::contact::ContactHydraulics cylinders;
  sim::Plan plan;

 private:
  static sim::CraneParameters two_actuators() {
    sim::CraneParameters c;
    c.actuators = 2;
    return c;
  }
  sim::Plan build(sim::contact::ContactCouplingSettings settings) {
    cylinders.valves = {&kappa1, &kappa2};
    if (settings.duration == 0.0) settings.duration = 2.5;
    return build_contact_plan(task.task.systems, settings, *task.driver, &cylinders);
  }
};

}  // namespace hilsim::test
