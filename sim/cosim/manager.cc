#include "sim/cosim/manager.h"

#include <algorithm>

namespace hilsim::sim {

CosimManager::CosimManager(const std::vector<Subsystem*>& subsystems,
                           const std::vector<Connection>& connections, Scheme scheme)
    : CosimManager(subsystems, CouplingGraph(subsystems, connections, scheme)) {}

CosimManager::CosimManager(std::vector<Subsystem*> subsystems, CouplingGraph graph)
    : subsystems_(std::move(subsystems)), graph_(std::move(graph)) {
  for (std::size_t i = 0; i < subsystems_.size(); ++i) {
    outputs_.emplace_back(subsystems_[i]->output_names().size(), 0.0);
    inputs_.emplace_back(subsystems_[i]->input_names().size(), 0.0);
    refresh_outputs(i);
  }
}

void CosimManager::gather_inputs(std::size_t i) {
  const std::vector<CouplingGraph::Source>& sources = graph_.sources(i);
  for (std::size_t k = 0; k < sources.size(); ++k)
    inputs_[i][k] = outputs_[sources[k].subsystem][sources[k].output];
  subsystems_[i]->set_inputs(n_ + graph_.input_lag(i), inputs_[i]);
}

void CosimManager::refresh_outputs(std::size_t i) { subsystems_[i]->get_outputs(outputs_[i]); }

void CosimManager::step() {
  if (graph_.scheme() == Scheme::kJacobi) {
    for (std::size_t i = 0; i < subsystems_.size(); ++i) gather_inputs(i);
    for (std::size_t i = 0; i < subsystems_.size(); ++i) subsystems_[i]->do_step(n_);
    for (std::size_t i = 0; i < subsystems_.size(); ++i) refresh_outputs(i);
  } else {
    for (std::size_t i = 0; i < subsystems_.size(); ++i) {
      gather_inputs(i);
      subsystems_[i]->do_step(n_);
      refresh_outputs(i);
    }
  }
  ++n_;
}

bool CosimManager::healthy() const {
  return std::all_of(subsystems_.begin(), subsystems_.end(), [](const Subsystem* s) { return s->healthy(); });
}

}  // namespace hilsim::sim
