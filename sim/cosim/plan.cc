#include "sim/cosim/plan.h"

#include <stdexcept>

#include "sim/cosim/sample_assembly.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::sim {

Plan::Plan(std::vector<std::unique_ptr<Subsystem>> subsystems, const std::vector<Connection>& connections,
           Scheme scheme, double H, std::int64_t communication_points)
    : subsystems_(std::move(subsystems)), H_(H), communication_points_(communication_points) {
  if (communication_points < 0)
    throw std::invalid_argument("a co-simulation runs a non-negative number of macro steps");
  graph_ = std::make_unique<CouplingGraph>(this->subsystems(), connections, scheme);
}

Plan::Plan(Plan&&) noexcept = default;
Plan& Plan::operator=(Plan&&) noexcept = default;
Plan::~Plan() = default;

void Plan::set_assembly(std::unique_ptr<SampleAssembly> assembly) { assembly_ = std::move(assembly); }

void Plan::keep(std::unique_ptr<ValveCommand> valve) { owned_valves_.push_back(std::move(valve)); }

std::vector<Subsystem*> Plan::subsystems() const {
  std::vector<Subsystem*> out;
  for (const auto& s : subsystems_) out.push_back(s.get());
  return out;
}

}  // namespace hilsim::sim
