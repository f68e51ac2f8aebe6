#include "sim/cosim/manager.h"

#include <algorithm>
#include <stdexcept>

namespace hilsim::sim {

namespace {

std::size_t index_of(const std::vector<std::string>& names, const std::string& name,
                     const std::string& what) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) throw std::invalid_argument("co-simulation: unknown " + what + " '" + name + "'");
  return static_cast<std::size_t>(it - names.begin());
}

}  // namespace

CosimManager::CosimManager(std::vector<Subsystem*> subsystems,
                           const std::vector<Connection>& connections, Scheme scheme)
    : subsystems_(std::move(subsystems)), scheme_(scheme) {
  std::vector<std::string> names;
  for (const Subsystem* s : subsystems_) names.push_back(s->name());
  constexpr std::size_t kUnset = static_cast<std::size_t>(-1);
  sources_.resize(subsystems_.size());
  advanced_.assign(subsystems_.size(), false);
  for (std::size_t i = 0; i < subsystems_.size(); ++i) {
    sources_[i].assign(subsystems_[i]->input_names().size(), Source{kUnset, kUnset});
    outputs_.emplace_back(subsystems_[i]->output_names().size(), 0.0);
    inputs_.emplace_back(subsystems_[i]->input_names().size(), 0.0);
  }
  for (const Connection& c : connections) {
    const std::size_t from = index_of(names, c.from_subsystem, "subsystem");
    const std::size_t to = index_of(names, c.to_subsystem, "subsystem");
    const std::size_t out = index_of(subsystems_[from]->output_names(), c.output,
                                     "output of " + c.from_subsystem);
    const std::size_t in = index_of(subsystems_[to]->input_names(), c.input, "input of " + c.to_subsystem);
    if (sources_[to][in].subsystem != kUnset) {
      throw std::invalid_argument("co-simulation: input '" + c.input + "' of " + c.to_subsystem +
                                  " is connected twice");
    }
    sources_[to][in] = Source{from, out};
  }
  for (std::size_t i = 0; i < subsystems_.size(); ++i) {
    for (std::size_t k = 0; k < sources_[i].size(); ++k) {
      if (sources_[i][k].subsystem == kUnset) {
        throw std::invalid_argument("co-simulation: input '" + subsystems_[i]->input_names()[k] +
                                    "' of " + names[i] + " is not connected");
      }
    }
    refresh_outputs(i);
  }
}

void CosimManager::gather_inputs(std::size_t i, const std::vector<bool>& advanced) {
  for (std::size_t k = 0; k < sources_[i].size(); ++k) {
    inputs_[i][k] = outputs_[sources_[i][k].subsystem][sources_[i][k].output];
  }
  const bool ahead = !sources_[i].empty() && advanced[sources_[i][0].subsystem];
  subsystems_[i]->set_inputs(ahead ? n_ + 1 : n_, inputs_[i]);
}

void CosimManager::refresh_outputs(std::size_t i) { subsystems_[i]->get_outputs(outputs_[i]); }

void CosimManager::step() {
  std::fill(advanced_.begin(), advanced_.end(), false);
  if (scheme_ == Scheme::kJacobi) {
    for (std::size_t i = 0; i < subsystems_.size(); ++i) gather_inputs(i, advanced_);
    for (std::size_t i = 0; i < subsystems_.size(); ++i) subsystems_[i]->do_step(n_);
    for (std::size_t i = 0; i < subsystems_.size(); ++i) refresh_outputs(i);
  } else {
    for (std::size_t i = 0; i < subsystems_.size(); ++i) {
      gather_inputs(i, advanced_);
      subsystems_[i]->do_step(n_);
      refresh_outputs(i);
      advanced_[i] = true;
    }
  }
  ++n_;
}

bool CosimManager::healthy() const {
  return std::all_of(subsystems_.begin(), subsystems_.end(),
                     [](const Subsystem* s) { return s->healthy(); });
}

}  // namespace hilsim::sim
