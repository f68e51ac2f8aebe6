#include "rt/clock.h"

#include <cerrno>
#include <cmath>

namespace hilsim::rt {

namespace {

timespec to_timespec(Nanoseconds t) {
  timespec ts;
  ts.tv_sec = static_cast<time_t>(t / kNanosecondsPerSecond);
  ts.tv_nsec = static_cast<long>(t % kNanosecondsPerSecond);
  return ts;
}

}  // namespace

void sleep_until_ns(Nanoseconds t) noexcept {
  const timespec deadline = to_timespec(t);
  // With TIMER_ABSTIME, an interrupted sleep is simply repeated with the same deadline.
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
  }
}

void sleep_for_ns(Nanoseconds d) noexcept {
  if (d > 0) sleep_until_ns(now_ns() + d);
}

Nanoseconds seconds_to_ns(double seconds) noexcept {
  return static_cast<Nanoseconds>(std::llround(seconds * 1e9));
}

}  // namespace hilsim::rt
