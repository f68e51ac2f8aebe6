// How a plan turns its subsystems' probes at a communication point into one sample of the
// trajectory. Pure: the offline run calls it after each macro step, the real-time run in its
// writer thread (the real-time layer passes the probes along without knowing what they mean).
#pragma once

#include <cstdint>
#include <span>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::sim {

class SampleAssembly {
 public:
  virtual ~SampleAssembly() = default;
  // probes[i]: subsystem i's probe(n) values.
  virtual Sample sample(std::int64_t n, std::span<const ProbeValues> probes) const = 0;
};

}  // namespace hilsim::sim
