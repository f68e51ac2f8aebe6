// Applies a ThreadConfig to the calling thread: name, CPU affinity, scheduling. Failures do not
// stop the thread; they are returned as one sentence each, naming the capability or limit at fault
// and how to grant it, so that the program can either refuse to run (--require-rt) or run and say
// plainly that it is not real time.
#pragma once

#include <string>
#include <vector>

#include "rt/thread_config.h"

namespace hilsim::rt {

struct ThreadSetupResult {
  std::string name;
  bool pinned = false;     // runs only on the configured CPU
  bool real_time = false;  // SCHED_FIFO at the configured priority
  std::vector<std::string> problems;

  // Pinned as configured and SCHED_FIFO.
  bool ok() const { return problems.empty() && real_time; }
};

// Call at the start of the thread, before its loop (it allocates and reads sysfs).
ThreadSetupResult apply_to_current_thread(const ThreadConfig& config);

// The sentence for a refused SCHED_FIFO request (EPERM) at `priority`, from the process's
// CAP_SYS_NICE and RLIMIT_RTPRIO (exposed for tests and `hilsim doctor`).
std::string explain_fifo_refusal(int priority);

// Puts the calling thread at SCHED_FIFO `priority`; returns "" or why it was refused (the thread
// then keeps its policy).
std::string request_fifo(int priority);

// The problem with pinning to `cpu`, or "" when the CPU is online and allowed.
std::string check_cpu(int cpu);

// Restricts the calling (non-real-time) thread to the allowed CPUs other than `cpus`, so that its
// system calls and page faults do not hold up the real-time threads there; leaves it as it is when
// no other CPU is allowed. Returns the CPUs it may now run on.
std::vector<int> keep_off_cpus(const std::vector<int>& cpus);

}  // namespace hilsim::rt
