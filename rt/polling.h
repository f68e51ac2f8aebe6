// Waiting for a lock-free channel without locks: spin briefly (the other thread may be running on
// another CPU and about to deliver), then sleep in short steps on the timer so that a thread of
// lower priority on the same CPU gets to run and deliver. The only system call is the timer's.
#pragma once

#include <atomic>

#include "rt/clock.h"

namespace hilsim::rt {

inline constexpr int kSpinsBeforeSleeping = 200;
inline constexpr Nanoseconds kPollSleepNs = 20'000;

// Returns true once ready() is true, false if `stop` becomes true first. Sets `waited` when
// ready() was false at the first look.
template <typename Ready>
bool poll_until(Ready&& ready, const std::atomic<bool>& stop, bool& waited) noexcept {
  waited = false;
  for (int attempt = 0;; ++attempt) {
    if (ready()) return true;
    if (stop.load(std::memory_order_relaxed)) return false;
    waited = true;
    if (attempt < kSpinsBeforeSleeping) {
      cpu_relax();
    } else {
      sleep_for_ns(kPollSleepNs);
    }
  }
}

}  // namespace hilsim::rt
