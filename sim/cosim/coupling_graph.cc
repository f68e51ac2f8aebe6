#include "sim/cosim/coupling_graph.h"

#include <algorithm>
#include <stdexcept>

namespace hilsim::sim {

namespace {

constexpr std::size_t kUnset = static_cast<std::size_t>(-1);

std::size_t index_of(const std::vector<std::string>& names, const std::string& name,
                     const std::string& what) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) throw std::invalid_argument("co-simulation: unknown " + what + " '" + name + "'");
  return static_cast<std::size_t>(it - names.begin());
}

void check_sizes(const Subsystem& s) {
  if (s.input_names().size() > kMaxPorts || s.output_names().size() > kMaxPorts) {
    throw std::invalid_argument("co-simulation: subsystem " + s.name() + " has more than " +
                                std::to_string(kMaxPorts) + " inputs or outputs");
  }
  if (s.probe_names().size() > kMaxProbes) {
    throw std::invalid_argument("co-simulation: subsystem " + s.name() + " has more than " +
                                std::to_string(kMaxProbes) + " probe values");
  }
}

}  // namespace

CouplingGraph::CouplingGraph(const std::vector<Subsystem*>& subsystems,
                             const std::vector<Connection>& connections, Scheme scheme)
    : scheme_(scheme) {
  std::vector<std::string> names;
  for (const Subsystem* s : subsystems) {
    check_sizes(*s);
    names.push_back(s->name());
    h_.push_back(s->micro_step_size());
    sources_.emplace_back(s->input_names().size(), Source{kUnset, kUnset});
  }
  for (const Connection& c : connections) {
    const std::size_t from = index_of(names, c.from_subsystem, "subsystem");
    const std::size_t to = index_of(names, c.to_subsystem, "subsystem");
    const std::size_t out =
        index_of(subsystems[from]->output_names(), c.output, "output of " + c.from_subsystem);
    const std::size_t in = index_of(subsystems[to]->input_names(), c.input, "input of " + c.to_subsystem);
    if (sources_[to][in].subsystem != kUnset) {
      throw std::invalid_argument("co-simulation: input '" + c.input + "' of " + c.to_subsystem +
                                  " is connected twice");
    }
    sources_[to][in] = Source{from, out};
    const int lag = scheme == Scheme::kGaussSeidel && from < to ? 1 : 0;
    auto edge = std::find_if(edges_.begin(), edges_.end(),
                             [&](const Edge& e) { return e.from == from && e.to == to; });
    if (edge == edges_.end()) edge = edges_.insert(edges_.end(), Edge{from, to, lag, {}});
    edge->ports.emplace_back(out, in);
  }
  input_lag_.assign(subsystems.size(), 0);
  for (std::size_t i = 0; i < subsystems.size(); ++i) {
    for (std::size_t k = 0; k < sources_[i].size(); ++k) {
      if (sources_[i][k].subsystem == kUnset) {
        throw std::invalid_argument("co-simulation: input '" + subsystems[i]->input_names()[k] + "' of " +
                                    names[i] + " is not connected");
      }
      const int lag = scheme == Scheme::kGaussSeidel && sources_[i][k].subsystem < i ? 1 : 0;
      if (k == 0) input_lag_[i] = lag;
      if (lag != input_lag_[i]) {
        throw std::invalid_argument(
            "co-simulation: the inputs of " + names[i] +
            " come from subsystems both before and after it in the Gauss-Seidel order");
      }
    }
  }
}

double CouplingGraph::schedule_offset(std::size_t i, double H) const {
  double offset = 0.0;
  for (const Edge& e : edges_) {
    if (e.to != i || e.lag != 1) continue;
    const double margin = 0.5 * std::min(h_[i], h_[e.from]);
    offset = std::max(offset, schedule_offset(e.from, H) + H - h_[e.from] + margin);
  }
  return offset;
}

}  // namespace hilsim::sim
