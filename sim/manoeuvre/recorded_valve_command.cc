#include "sim/manoeuvre/recorded_valve_command.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hilsim::sim {

RecordedValveCommand::RecordedValveCommand(std::vector<Entry> entries) : entries_(std::move(entries)) {
  if (entries_.empty()) throw std::invalid_argument("a recorded valve command needs at least one input");
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    if (e.micro_step < 0 || (i > 0 && e.micro_step <= entries_[i - 1].micro_step)) {
      throw std::invalid_argument("recorded input " + std::to_string(i) + ": micro step " +
                                  std::to_string(e.micro_step) +
                                  " is negative or not after the previous input's");
    }
    if (!std::isfinite(e.kappa)) {
      throw std::invalid_argument("recorded input " + std::to_string(i) + ": kappa is not finite");
    }
  }
}

double RecordedValveCommand::kappa(std::int64_t micro_step, double) const {
  // The last entry whose micro step is ≤ micro_step.
  const auto after = std::upper_bound(entries_.begin(), entries_.end(), micro_step,
                                      [](std::int64_t m, const Entry& e) { return m < e.micro_step; });
  return after == entries_.begin() ? entries_.front().kappa : std::prev(after)->kappa;
}

}  // namespace hilsim::sim
