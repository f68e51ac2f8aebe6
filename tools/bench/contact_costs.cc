#include "tools/bench/contact_costs.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "sim/contact/contact_plan.h"
#include "sim/contact/coupled_subsystems.h"
#include "sim/contact/servoed_arm_machine.h"
#include "sim/cosim/manager.h"
#include "tools/bench/wall_times.h"

namespace hilsim::bench {
namespace {

using sim::contact::ContactCoupling;

constexpr double kStep = 1e-3;     // H = h [s]
constexpr double kDuration = 3.0;  // the machine's whole task [s]

// One run's CPU time per step [s]; with `twice`, every side that sends a model builds it once more
// after each macro step, at the same state and from the same last step (the build is pure), so that
// the difference of the two runs is the model generation alone.
double seconds_per_step(ContactCoupling coupling, double stiffness, bool twice) {
  sim::contact::ServoedArmDriver driver;
  sim::contact::ContactCouplingSettings s;
  s.coupling = coupling;
  s.interface_stiffness = stiffness;
  s.interface_damping = 1e-4 * stiffness;
  s.duration = kDuration;
  sim::Plan plan = build_contact_plan(sim::contact::servoed_arm_machine(), s, driver);
  std::vector<const sim::contact::CoupledSubsystem*> senders;
  std::vector<std::unique_ptr<sim::contact::InterfaceModelBuilder>> builders;
  for (std::size_t i = 0; i < plan.size() && twice; ++i) {
    const auto* side = dynamic_cast<const sim::contact::CoupledSubsystem*>(&plan.subsystem(i));
    if (!side || side->sends() != sim::contact::InterfaceData::kModel) continue;
    senders.push_back(side);
    builders.push_back(std::make_unique<sim::contact::InterfaceModelBuilder>(
        side->system(), side->interface_body(), side->weld_first_row(), kStep));
  }
  sim::CosimManager manager(plan.subsystems(), plan.graph());
  sim::contact::InterfacePorts scratch;
  const double t0 = thread_cpu_seconds();
  for (std::int64_t n = 0; n < plan.communication_points(); ++n) {
    manager.step();
    for (std::size_t k = 0; k < senders.size(); ++k)
      builders[k]->build(senders[k]->system(), senders[k]->stepper(), scratch);
  }
  return (thread_cpu_seconds() - t0) / static_cast<double>(plan.communication_points());
}

}  // namespace

void print_contact_costs(int repeat) {
  std::printf(
      "\nContact co-simulation, servoed-arm machine (%g s: set down, slide, push), H = h = 1 ms, D_i/K_i = "
      "1e-4 s,\nboth sides in one thread (CPU time per 1 ms step, median of %d):\n",
      kDuration, repeat);
  std::printf("%-17s %8s %18s %22s %12s %14s\n", "coupling", "K_i", "model gen. [ns]", "solves and rest [ns]",
              "total [ns]", "of the step");
  struct Case {
    ContactCoupling coupling;
    double stiffness;
  };
  for (const Case c : {Case{ContactCoupling::kMonolithic, 1e5}, Case{ContactCoupling::kKinematicsForce, 1e5},
                       Case{ContactCoupling::kModelForce, 1e5}, Case{ContactCoupling::kKinematicsModel, 1e5},
                       Case{ContactCoupling::kModelModel, 1e5}, Case{ContactCoupling::kModelModel, 1e8}}) {
    const bool models = c.coupling != ContactCoupling::kMonolithic &&
                        (tool_takes(c.coupling) == sim::contact::InterfaceData::kModel ||
                         arm_takes(c.coupling) == sim::contact::InterfaceData::kModel);
    std::vector<double> once, twice;
    for (int r = 0; r < repeat; ++r) {  // in turn, so that a busy machine slows both alike
      once.push_back(seconds_per_step(c.coupling, c.stiffness, false));
      if (models) twice.push_back(seconds_per_step(c.coupling, c.stiffness, true));
    }
    const double total = median(once);
    const double model = models ? std::max(0.0, median(twice) - total) : 0.0;
    std::printf("%-17s %8.0e %18.0f %22.0f %12.0f %13.2f%%\n", std::string(to_string(c.coupling)).c_str(),
                c.stiffness, model * 1e9, (total - model) * 1e9, total * 1e9, 100.0 * total / kStep);
  }
}

}  // namespace hilsim::bench
