#include "sim/cosim/plan.h"

#include <stdexcept>

namespace hilsim::sim {

Plan::Plan(std::vector<std::unique_ptr<Subsystem>> subsystems, const std::vector<Connection>& connections,
           Scheme scheme, double H, std::int64_t communication_points)
    : subsystems_(std::move(subsystems)), H_(H), communication_points_(communication_points) {
  if (communication_points < 0) throw std::invalid_argument("a co-simulation runs a non-negative number of macro steps");
  graph_ = std::make_unique<CouplingGraph>(this->subsystems(), connections, scheme);
}

std::vector<Subsystem*> Plan::subsystems() const {
  std::vector<Subsystem*> out;
  for (const auto& s : subsystems_) out.push_back(s.get());
  return out;
}

}  // namespace hilsim::sim
