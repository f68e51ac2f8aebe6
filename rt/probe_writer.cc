#include "rt/probe_writer.h"

#include <algorithm>

#include "rt/clock.h"

namespace hilsim::rt {

namespace {

constexpr Nanoseconds kIdleSleepNs = 200'000;

// After joining has ended: discard records until every producer is done.
void discard_rest(std::span<ProbeRing* const> rings, std::span<const std::atomic<bool>* const> done) {
  while (true) {
    bool all_done = true, any = false;
    for (std::size_t i = 0; i < rings.size(); ++i) {
      all_done = done[i]->load(std::memory_order_acquire) && all_done;  // read before the ring
      if (rings[i]->front()) {
        rings[i]->pop_front();
        any = true;
      }
    }
    if (!any && all_done) return;
    if (!any) sleep_for_ns(kIdleSleepNs);
  }
}

// The joining loop; throws what the sink (or an allocation) throws.
void join_points(std::span<ProbeRing* const> rings, std::span<const std::atomic<bool>* const> done,
                 PointSink& sink, WriterResult& result) {
  std::vector<sim::ProbeValues> values(rings.size());
  std::vector<const ProbeRecord*> front(rings.size());
  while (true) {
    // Read `done` before looking at a ring: done and empty then means nothing more will come.
    bool waiting = false, ended = false;
    for (std::size_t i = 0; i < rings.size(); ++i) {
      const bool producer_done = done[i]->load(std::memory_order_acquire);
      front[i] = rings[i]->front();
      if (!front[i]) (producer_done ? ended : waiting) = true;
    }
    if (ended) return;  // one stream has ended
    if (waiting) {
      sleep_for_ns(kIdleSleepNs);
      continue;
    }
    std::int64_t oldest = front[0]->n;
    bool same = true;
    for (const ProbeRecord* r : front) {
      same = same && r->n == front[0]->n;
      oldest = std::min(oldest, r->n);
    }
    bool unhealthy = false;
    for (const ProbeRecord* r : front) unhealthy = unhealthy || (r->n == oldest && !r->healthy);
    if (unhealthy) return;  // diverged: the offline run records nothing from here on
    if (!same) {            // a partner was dropped: skip the older records
      for (std::size_t i = 0; i < rings.size(); ++i) {
        if (front[i]->n == oldest) {
          rings[i]->pop_front();
          ++result.unpaired;
        }
      }
      continue;
    }
    for (std::size_t i = 0; i < rings.size(); ++i) values[i] = front[i]->values;
    sink.on_point(oldest, values);
    ++result.rows;
    result.last_point = oldest;
    for (ProbeRing* ring : rings) ring->pop_front();
  }
}

}  // namespace

WriterResult drain_probes(std::span<ProbeRing* const> rings, std::span<const std::atomic<bool>* const> done,
                          PointSink& sink, std::atomic<bool>& stop) noexcept {
  WriterResult result;
  try {
    join_points(rings, done, sink, result);
  } catch (...) {
    // The sink failed (e.g. a write error): stop the run, and keep draining so no producer waits
    // for room.
    result.error = std::current_exception();
    stop.store(true, std::memory_order_relaxed);
  }
  discard_rest(rings, done);
  return result;
}

}  // namespace hilsim::rt
