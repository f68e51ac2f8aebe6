// What a real-time process does once at start-up, before its real-time threads start:
//  - malloc keeps freed memory (no trimming, no mmap'd chunks), so the heap's pages stay mapped;
//  - every current and future page is locked in RAM (mlockall), so no loop takes a page fault;
//  - the CPUs are asked to stay out of deep idle states (/dev/cpu_dma_latency = 0 µs), as
//    cyclictest does, so a wake-up does not wait for a CPU to leave one.
// Each step that fails is reported in one sentence naming the limit or capability to change.
#pragma once

#include <string>
#include <vector>

namespace hilsim::rt {

class ProcessSetup final {
 public:
  // Applies the settings; failures are collected in problems(), never thrown.
  ProcessSetup();
  ~ProcessSetup();
  ProcessSetup(const ProcessSetup&) = delete;
  ProcessSetup& operator=(const ProcessSetup&) = delete;

  bool memory_locked() const { return memory_locked_; }
  // Problems that make the process not real time (memory not locked).
  const std::vector<std::string>& problems() const { return problems_; }
  // Facts worth reporting that do not make the process non-real-time (no PM QoS request).
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  bool memory_locked_ = false;
  int dma_latency_fd_ = -1;  // held open: the PM QoS request lasts while the file is open
  std::vector<std::string> problems_;
  std::vector<std::string> notes_;
};

// The sentence for a failed mlockall with `error` (errno), from RLIMIT_MEMLOCK and CAP_IPC_LOCK.
std::string explain_mlockall_failure(int error);

}  // namespace hilsim::rt
