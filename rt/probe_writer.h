// The non-real-time writer thread of a threaded co-simulation: joins the probe records of every
// subsystem's ring by communication point and hands each complete point to a sink (which
// assembles the sample and writes the CSV). It may allocate and write files; the real-time threads
// never wait for it unless the run is unpaced.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <span>
#include <vector>

#include "rt/exchange.h"

namespace hilsim::rt {

// Receives the joined points in the writer thread.
class PointSink {
 public:
  virtual ~PointSink() = default;
  // probes[i]: subsystem i's probe values at communication point n.
  virtual void on_point(std::int64_t n, std::span<const sim::ProbeValues> probes) = 0;
};

struct WriterResult {
  std::int64_t rows = 0;         // points given to the sink
  std::int64_t last_point = -1;  // the last of them (-1: none)
  std::int64_t unpaired = 0;     // records whose partners were dropped
  std::exception_ptr error;      // what the sink threw, if it did (no point was given after it)
};

// Joins the rings until a stream ends (its producer's `done` flag is set and its ring is empty) or
// a record is unhealthy, giving each healthy, complete point to the sink; then drains and discards
// the rest until every producer is done. rings[i] and done[i] belong to subsystem i. When the sink
// throws (a full disk) or the writer cannot go on, it sets `stop`, so the run ends instead of
// computing on for nobody; what was thrown is in the result. Never throws itself.
WriterResult drain_probes(std::span<ProbeRing* const> rings, std::span<const std::atomic<bool>* const> done,
                          PointSink& sink, std::atomic<bool>& stop) noexcept;

}  // namespace hilsim::rt
