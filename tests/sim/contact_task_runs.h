// The monolithic guided run the contact tests share: the arm's driver sets the servos' references
// at the start of every step of the joined system (coupled_systems.h: the arm keeps its indices
// there), then the step.
#pragma once

#include <utility>

#include "sim/contact/arm_driver.h"
#include "sim/contact/pivoting_box_lcp.h"
#include "sim/contact/time_stepper.h"

namespace hilsim::sim::contact::test_scenes {

struct GuidedRun {
  PlanarSystem system;
  TimeStepper stepper;
  PivotingBoxLcpSolver solver;
  ArmDriver& driver;
  long steps = 0;
  int unsolved = 0;  // steps whose LCP was not solved

  GuidedRun(PlanarSystem whole, ArmDriver& arm_driver, double h)
      : system(std::move(whole)), stepper(system, h), solver(system.max_rows()), driver(arm_driver) {}

  double time() const { return static_cast<double>(steps) * stepper.step_size(); }  // [s]

  StepReport step() {
    driver.update(time(), system);
    const StepReport report = stepper.step(system, solver);
    unsolved += report.lcp.status == LcpStatus::kSolved ? 0 : 1;
    ++steps;
    return report;
  }
};

}  // namespace hilsim::sim::contact::test_scenes
