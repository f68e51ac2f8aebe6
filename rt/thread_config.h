// How one real-time thread runs: its name, CPU, scheduling policy and priority, and stack size.
#pragma once

#include <cstddef>
#include <string>

namespace hilsim::rt {

enum class Scheduler {
  kFifo,   // SCHED_FIFO: runs until it blocks, preempting every SCHED_OTHER thread (sched(7))
  kOther,  // SCHED_OTHER: the normal time-shared policy; on request, and never real time
};

struct ThreadConfig {
  std::string name = "rt";  // at most 15 characters (pthread_setname_np(3))
  int cpu = -1;             // CPU to pin the thread to; -1 = any
  Scheduler scheduler = Scheduler::kFifo;
  int priority = 80;                                  // SCHED_FIFO priority, [1, 99]; ignored for SCHED_OTHER
  std::size_t stack_bytes = std::size_t{512} * 1024;  // [kMinStackBytes, kMaxStackBytes]
};

inline constexpr std::size_t kMinStackBytes = std::size_t{128} * 1024;  // room for the 64 KiB stack prefault
inline constexpr std::size_t kMaxStackBytes = std::size_t{64} * 1024 * 1024;
inline constexpr std::size_t kMaxThreadNameLength = 15;

const char* to_string(Scheduler scheduler);

}  // namespace hilsim::rt
