#include "tools/bench/contact_costs.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/contact/contact_plan.h"
#include "sim/contact/contact_tasks.h"
#include "sim/contact/coupled_subsystems.h"
#include "sim/contact/interface_model.h"
#include "sim/contact/servoed_arm_machine.h"
#include "sim/cosim/manager.h"
#include "tools/bench/wall_times.h"

namespace hilsim::bench {
namespace {

using sim::contact::ContactCoupling;

constexpr double kStep = 1e-3;  // H = h [s]

// A machine to time, built afresh for every run (a driver is a run's own).
struct Machine {
  sim::contact::CoupledSystems systems;
  std::unique_ptr<sim::contact::ArmDriver> driver;
  double duration = 0.0;  // [s]
};

Machine make_machine(std::string_view name) {
  if (name == "servoed-arm")
    return {sim::contact::servoed_arm_machine(), std::make_unique<sim::contact::ServoedArmDriver>(), 3.0};
  std::optional<sim::contact::ContactTask> task = sim::contact::contact_task(name);
  if (!task) throw std::invalid_argument("no contact machine '" + std::string(name) + "'");
  return {std::move(task->systems), std::move(task->driver), task->duration};
}

sim::Plan plan_of(Machine& m, ContactCoupling coupling, double stiffness) {
  sim::contact::ContactCouplingSettings s;
  s.coupling = coupling;
  s.interface_stiffness = stiffness;
  s.interface_damping = 1e-4 * stiffness;
  s.duration = m.duration;
  return build_contact_plan(m.systems, s, *m.driver);
}

// The sides of `plan` that send a model (only the one named `only` when given), and a builder for each.
struct Senders {
  std::vector<const sim::contact::CoupledSubsystem*> sides;
  std::vector<std::unique_ptr<sim::contact::InterfaceModelBuilder>> builders;
};
Senders model_senders(const sim::Plan& plan, std::string_view only = {}) {
  Senders out;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto* side = dynamic_cast<const sim::contact::CoupledSubsystem*>(&plan.subsystem(i));
    if (!side || side->sends() != sim::contact::InterfaceData::kModel) continue;
    if (!only.empty() && side->name() != only) continue;
    out.sides.push_back(side);
    out.builders.push_back(std::make_unique<sim::contact::InterfaceModelBuilder>(
        side->system(), side->interface_body(), side->weld_first_row(), kStep));
  }
  return out;
}

// One run's CPU time per step [s]; with `twice`, every side that sends a model builds it once more
// after each macro step, at the same state and from the same last step (the build is pure), so that
// the difference of the two runs is the model generation alone.
double seconds_per_step(std::string_view machine, ContactCoupling coupling, double stiffness, bool twice) {
  Machine m = make_machine(machine);
  sim::Plan plan = plan_of(m, coupling, stiffness);
  Senders senders = twice ? model_senders(plan) : Senders{};
  sim::CosimManager manager(plan.subsystems(), plan.graph());
  sim::contact::InterfacePorts scratch;
  const double t0 = thread_cpu_seconds();
  for (std::int64_t n = 0; n < plan.communication_points(); ++n) {
    manager.step();
    for (std::size_t k = 0; k < senders.sides.size(); ++k)
      senders.builders[k]->build(senders.sides[k]->system(), senders.sides[k]->stepper(), scratch);
  }
  return (thread_cpu_seconds() - t0) / static_cast<double>(plan.communication_points());
}

bool sends_models(ContactCoupling c) {
  return c != ContactCoupling::kMonolithic && (tool_takes(c) == sim::contact::InterfaceData::kModel ||
                                               arm_takes(c) == sim::contact::InterfaceData::kModel);
}

struct Case {
  const char* machine;
  ContactCoupling coupling;
  double stiffness;  // K_i [N/m]
};

void print_case(const Case& c, int repeat) {
  const bool models = sends_models(c.coupling);
  std::vector<double> once, twice;
  for (int r = 0; r < repeat; ++r) {  // in turn, so that a busy machine slows both alike
    once.push_back(seconds_per_step(c.machine, c.coupling, c.stiffness, false));
    if (models) twice.push_back(seconds_per_step(c.machine, c.coupling, c.stiffness, true));
  }
  const double total = median(once);
  const double model = models ? std::max(0.0, median(twice) - total) : 0.0;
  std::printf("%-12s %-17s %8.0e %18.0f %22.0f %12.0f %13.2f%%\n", c.machine,
              std::string(to_string(c.coupling)).c_str(), c.stiffness, model * 1e9, (total - model) * 1e9,
              total * 1e9, 100.0 * total / kStep);
}

// Peiret et al. (contact tasks), Fig. 9 (left): the tool side's model generation on the insertion by
// its number of active constraints; medians over the steps with that count, of `repeat` runs.
void print_costs_by_active_rows(int repeat) {
  std::map<int, std::vector<double>> by_count;
  for (int r = 0; r < repeat; ++r) {
    for (const ModelBuildCost& c : tool_model_build_costs("insertion", ContactCoupling::kModelModel, 1e8))
      by_count[c.active_rows].push_back(c.seconds);
  }
  std::printf(
      "\nThe tool side's model generation on the insertion (model-model, K_i = 1e8 N/m) by its active\n"
      "constraints (Peiret et al. (contact tasks), Fig. 9; CPU time per build, %d runs):\n",
      repeat);
  std::printf("%20s %8s %12s\n", "active constraints", "builds", "median [ns]");
  for (const auto& [count, seconds] : by_count)
    std::printf("%20d %8zu %12.0f\n", count, seconds.size(), median(seconds) * 1e9);
}

}  // namespace

std::vector<ModelBuildCost> tool_model_build_costs(std::string_view machine, ContactCoupling coupling,
                                                   double stiffness) {
  Machine m = make_machine(machine);
  sim::Plan plan = plan_of(m, coupling, stiffness);
  Senders tool = model_senders(plan, "tool");
  if (tool.sides.empty()) return {};
  sim::CosimManager manager(plan.subsystems(), plan.graph());
  sim::contact::InterfacePorts scratch;
  std::vector<ModelBuildCost> costs;
  costs.reserve(static_cast<std::size_t>(plan.communication_points()));
  for (std::int64_t n = 0; n < plan.communication_points() && manager.healthy(); ++n) {
    manager.step();
    sim::contact::InterfaceModelBuilder& builder = *tool.builders.front();
    const double t0 = thread_cpu_seconds();
    builder.build(tool.sides.front()->system(), tool.sides.front()->stepper(), scratch);
    const double seconds = thread_cpu_seconds() - t0;
    costs.push_back({builder.active_rows(), builder.rows(), seconds});
  }
  return costs;
}

void write_model_build_costs_csv(std::ostream& out) {
  out << "active_rows,rows,ns\n";
  for (const ModelBuildCost& c : tool_model_build_costs("insertion", ContactCoupling::kModelModel, 1e8))
    out << c.active_rows << ',' << c.rows << ',' << std::lround(c.seconds * 1e9) << '\n';
}

void print_contact_costs(int repeat) {
  std::printf(
      "\nContact co-simulation, H = h = 1 ms, D_i/K_i = 1e-4 s, both sides in one thread (CPU time per 1 ms "
      "step,\nmedian of %d): the servoed-arm machine (3 s: set down, slide, push) and the two tasks:\n",
      repeat);
  std::printf("%-12s %-17s %8s %18s %22s %12s %14s\n", "machine", "coupling", "K_i", "model gen. [ns]",
              "solves and rest [ns]", "total [ns]", "of the step");
  for (const Case& c : {Case{"servoed-arm", ContactCoupling::kMonolithic, 1e5},
                        Case{"servoed-arm", ContactCoupling::kKinematicsForce, 1e5},
                        Case{"servoed-arm", ContactCoupling::kModelForce, 1e5},
                        Case{"servoed-arm", ContactCoupling::kKinematicsModel, 1e5},
                        Case{"servoed-arm", ContactCoupling::kModelModel, 1e5},
                        Case{"servoed-arm", ContactCoupling::kModelModel, 1e8},
                        Case{"landing", ContactCoupling::kMonolithic, 1e8},
                        Case{"landing", ContactCoupling::kModelModel, 1e8},
                        Case{"insertion", ContactCoupling::kMonolithic, 1e8},
                        Case{"insertion", ContactCoupling::kModelModel, 1e8}})
    print_case(c, repeat);
  print_costs_by_active_rows(repeat);
}

}  // namespace hilsim::bench
