#include "rt/task_set.h"

namespace hilsim::rt {

TaskSet wire_tasks(sim::Plan& plan, TelemetryPolicy policy, const std::atomic<bool>& stop,
                   MicroStepObserver* observer) {
  TaskSet set;
  const std::vector<sim::Edge>& edges = plan.graph().edges();
  for (std::size_t e = 0; e < edges.size(); ++e) set.channels.push_back(std::make_unique<ExchangeChannel>());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    std::vector<TaskInput> inputs;
    std::vector<TaskOutput> outputs;
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if (edges[e].to == i) inputs.push_back({set.channels[e].get(), edges[e].lag, edges[e].ports});
      if (edges[e].from == i) outputs.push_back({set.channels[e].get(), edges[e].lag});
    }
    set.rings.push_back(std::make_unique<ProbeRing>());
    set.tasks.push_back(std::make_unique<SubsystemTask>(
        plan.subsystem(i), plan.communication_points(), plan.graph().input_lag(i), std::move(inputs),
        std::move(outputs), *set.rings.back(), policy, stop, observer));
  }
  return set;
}

}  // namespace hilsim::rt
