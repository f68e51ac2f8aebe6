// Non-iterative co-simulation manager: one thread walks a coupling graph (coupling_graph.h),
// explicit Jacobi or Gauss-Seidel over any number of subsystems. The real-time executor walks the
// same graph with one thread per subsystem (rt/plan_executor.h); both step the same objects.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/cosim/coupling_graph.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::sim {

class CosimManager final {
 public:
  // The subsystems must outlive the manager. Throws std::invalid_argument for a bad wiring
  // (CouplingGraph).
  CosimManager(const std::vector<Subsystem*>& subsystems, const std::vector<Connection>& connections,
               Scheme scheme);
  CosimManager(std::vector<Subsystem*> subsystems, CouplingGraph graph);
  CosimManager(const CosimManager&) = delete;
  CosimManager& operator=(const CosimManager&) = delete;
  ~CosimManager() = default;

  // Advances every subsystem from t_n to t_{n+1}; allocates nothing.
  void step();
  // Index n of the current communication point.
  std::int64_t macro_step() const { return n_; }
  // True while every subsystem's state is finite.
  bool healthy() const;
  // The current output values of subsystem i, in the order of its output_names().
  const std::vector<double>& outputs(std::size_t i) const { return outputs_[i]; }

 private:
  void gather_inputs(std::size_t i);
  void refresh_outputs(std::size_t i);

  std::vector<Subsystem*> subsystems_;
  CouplingGraph graph_;
  std::vector<std::vector<double>> outputs_;  // per subsystem, per output
  std::vector<std::vector<double>> inputs_;   // per subsystem, per input
  std::int64_t n_ = 0;
};

}  // namespace hilsim::sim
