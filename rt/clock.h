// Monotonic (and wall-clock) time as integer nanoseconds, and sleeping until an absolute deadline.
//
// Every real-time loop keeps its deadlines as absolute CLOCK_MONOTONIC times (start + k · period,
// integer arithmetic) and sleeps with clock_nanosleep(TIMER_ABSTIME): an absolute deadline does
// not drift when a wake-up is late, unlike a relative sleep (clock_nanosleep(2)).
#pragma once

#include <cstdint>
#include <ctime>

namespace hilsim::rt {

using Nanoseconds = std::int64_t;
inline constexpr Nanoseconds kNanosecondsPerSecond = 1'000'000'000;

// CLOCK_MONOTONIC now [ns]. clock_gettime is served by the vDSO on x86-64: no system call.
inline Nanoseconds now_ns() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<Nanoseconds>(ts.tv_sec) * kNanosecondsPerSecond + ts.tv_nsec;
}

// CLOCK_REALTIME now [ns]: wall-clock time, the clock of SocketCAN's receive times (SO_TIMESTAMP)
// and so of candump logs. Never for deadlines: it can be set and slewed.
inline Nanoseconds realtime_ns() noexcept {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<Nanoseconds>(ts.tv_sec) * kNanosecondsPerSecond + ts.tv_nsec;
}

// Sleeps until the absolute CLOCK_MONOTONIC time t [ns]; returns at once when t has passed.
// A signal does not shorten the sleep (the call is repeated on EINTR).
void sleep_until_ns(Nanoseconds t) noexcept;

// Sleeps for d [ns] (used to poll a channel without spinning on a CPU another thread needs).
void sleep_for_ns(Nanoseconds d) noexcept;

// Tells the CPU that the caller is spinning (x86 PAUSE), saving power and the sibling hyper-thread.
inline void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Converts seconds to whole nanoseconds, rounding to the nearest.
Nanoseconds seconds_to_ns(double seconds) noexcept;

}  // namespace hilsim::rt
