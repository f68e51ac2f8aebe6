// κ replayed from a recording: each entry takes effect at its hydraulic micro step and holds until
// the next one. The micro-step index, not the time, selects the entry, so a replay applies every
// recorded input at exactly the step where it took effect live (hil/commanded_valve.h).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/manoeuvre/valve_command.h"

namespace hilsim::sim {

class RecordedValveCommand final : public ValveCommand {
 public:
  struct Entry {
    std::int64_t micro_step;  // first micro step the value applies to, ≥ 0
    double kappa;             // [-]
  };
  // Throws std::invalid_argument naming the entry (0-based) unless there is at least one entry,
  // micro steps are strictly increasing from ≥ 0 and every κ is finite.
  explicit RecordedValveCommand(std::vector<Entry> entries);

  // The entry in force at `micro_step`; before the first entry, the first entry's value.
  double kappa(std::int64_t micro_step, double t) const override;
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;
};

}  // namespace hilsim::sim
