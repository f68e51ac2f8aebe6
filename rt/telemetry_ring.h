// A telemetry ring from one real-time producer thread to the non-real-time thread that drains it
// (and writes files). A full ring never blocks the producer: the record is dropped and counted,
// and the count is reported at the end of the run.
#pragma once

#include <atomic>
#include <cstdint>

#include "rt/spsc_channel.h"

namespace hilsim::rt {

template <typename T, std::size_t Capacity>
class TelemetryRing final {
 public:
  // Producer: false when the ring was full and the record was dropped (and counted).
  bool push(const T& record) noexcept {
    if (channel_.try_push(record)) return true;
    dropped_.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  // Producer: false when full, without counting a drop (for callers that wait and retry).
  bool try_push(const T& record) noexcept { return channel_.try_push(record); }

  // Consumer.
  const T* front() noexcept { return channel_.front(); }
  void pop_front() noexcept { channel_.pop_front(); }
  bool try_pop(T& record) noexcept { return channel_.try_pop(record); }

  // Records dropped so far (any thread; exact once the producer has finished).
  std::uint64_t dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }

 private:
  SpscChannel<T, Capacity> channel_;
  std::atomic<std::uint64_t> dropped_{0};
};

}  // namespace hilsim::rt
