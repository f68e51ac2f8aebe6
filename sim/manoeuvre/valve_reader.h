// A ValveCommand as a hydraulic subsystem reads it, at the start of every micro step.
//
// Manoeuvre M1, the script of the offline runs, the studies and the benchmark, is recognised once,
// at construction, and evaluated inline: StepManoeuvreM1::kappa is its at(), so the bits are the
// same. Any other command is asked through its virtual kappa(). The indirect call, opaque to the
// compiler inside the micro step, cost 0.1–0.2 ms of a 10 s p-s run at h_H = 0.05 ms
// (hilsim-bench-cosim), 2–3 % of it.
#pragma once

#include <cstdint>

#include "sim/manoeuvre/valve_command.h"

namespace hilsim::sim {

class ValveReader final {
 public:
  // `valve` must outlive the reader; null reads nothing (an absent actuator's) and must not be asked.
  explicit ValveReader(const ValveCommand* valve = nullptr)
      : valve_(valve), m1_(dynamic_cast<const StepManoeuvreM1*>(valve)) {}

  // κ [-] to apply from micro step `micro_step`, which starts at time t [s] (ValveCommand::kappa).
  double kappa(std::int64_t micro_step, double t) const {
    return m1_ ? m1_->at(t) : valve_->kappa(micro_step, t);
  }

 private:
  const ValveCommand* valve_;
  const StepManoeuvreM1* m1_;  // the same object when it is M1, else null
};

}  // namespace hilsim::sim
