// What a real-time task does after each micro step of its subsystem, beside the co-simulation
// (a hardware-in-the-loop run publishes the simulated sensors there). Called in the subsystem's
// own real-time thread: it must not allocate, lock or make system calls. One observer may serve
// several tasks at once, each from its own thread, so whatever it writes must belong to the
// subsystem it is called for.
#pragma once

#include <cstdint>

#include "sim/cosim/subsystem.h"

namespace hilsim::rt {

class MicroStepObserver {
 public:
  virtual ~MicroStepObserver() = default;
  // `subsystem` has just finished its micro step with global index `micro_step` (macro step n,
  // micro step j: n · K + j, K its micro steps per macro step); `healthy` is its healthy().
  virtual void after_micro_step(const sim::Subsystem& subsystem, std::int64_t micro_step,
                                bool healthy) noexcept = 0;
};

}  // namespace hilsim::rt
