// A co-simulation ready to run: its subsystems (owned, in stepping order), the coupling graph
// between them, how long it runs, and how a sample of a communication point is assembled from the
// subsystems' probes. Built once (crane_plan.h) and executed either by one thread (CosimManager,
// run_cosimulation) or by one real-time thread per subsystem (rt/plan_executor.h): the same
// objects, the same arithmetic, the same bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sim/cosim/coupling_graph.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::sim {

class SampleAssembly;  // sample_assembly.h: what the samples are is the model's business
class ValveCommand;

class Plan final {
 public:
  // Throws std::invalid_argument for a bad wiring (CouplingGraph) or a negative length.
  Plan(std::vector<std::unique_ptr<Subsystem>> subsystems, const std::vector<Connection>& connections,
       Scheme scheme, double H, std::int64_t communication_points);
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;
  Plan(Plan&&) noexcept;
  Plan& operator=(Plan&&) noexcept;
  ~Plan();

  std::size_t size() const { return subsystems_.size(); }
  Subsystem& subsystem(std::size_t i) { return *subsystems_[i]; }
  const Subsystem& subsystem(std::size_t i) const { return *subsystems_[i]; }
  std::vector<Subsystem*> subsystems() const;
  const CouplingGraph& graph() const { return *graph_; }
  double H() const { return H_; }  // macro step [s]
  // N: the run ends at t_N, the last communication point within its duration.
  std::int64_t communication_points() const { return communication_points_; }

  void set_assembly(std::unique_ptr<SampleAssembly> assembly);
  const SampleAssembly& assembly() const { return *assembly_; }
  // Valve commands the plan made itself (the second actuator's default manoeuvre); kept alive here.
  void keep(std::unique_ptr<ValveCommand> valve);

 private:
  std::vector<std::unique_ptr<Subsystem>> subsystems_;
  std::unique_ptr<CouplingGraph> graph_;
  double H_;
  std::int64_t communication_points_;
  std::unique_ptr<SampleAssembly> assembly_;
  std::vector<std::unique_ptr<ValveCommand>> owned_valves_;
};

}  // namespace hilsim::sim
