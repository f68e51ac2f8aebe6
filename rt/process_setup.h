// What a real-time process does once at start-up, before its real-time threads start:
//  - malloc keeps freed memory (no trimming, no mmap'd chunks) in one arena, so the heap's pages
//    stay mapped;
//  - every current and future page is locked in RAM (mlockall), so no loop takes a page fault,
//    when what the run maps fits RLIMIT_MEMLOCK (or the process has CAP_IPC_LOCK);
//  - the CPUs are asked to stay out of deep idle states (/dev/cpu_dma_latency = 0 µs), as
//    cyclictest does, so a wake-up does not wait for a CPU to leave one.
// Each step that fails is reported in one sentence naming the limit or capability to change.
#pragma once

#include <sys/resource.h>

#include <cstddef>
#include <string>
#include <vector>

namespace hilsim::rt {

// What a run maps, weighed against RLIMIT_MEMLOCK before its memory is locked.
struct MemoryDemand {
  std::size_t mapped = 0;  // the process's size now (VmSize): what mlockall(MCL_CURRENT) locks
  std::size_t to_map = 0;  // what the run maps later: its threads' stacks and its buffers
  // Both, and room to spare for what is not counted (the heap's growth while the run writes its
  // output, the main thread's stack): a quarter more, at least 4 MiB.
  std::size_t with_headroom() const;
};

// "7632 KiB mapped, 20372 KiB more for its threads and buffers: 35005 KiB with room to spare".
std::string describe(const MemoryDemand& demand);

// "" when the run's memory can stay locked to its end: the process has CAP_IPC_LOCK, its
// RLIMIT_MEMLOCK (`memlock_soft`) is unlimited, or the limit holds demand.with_headroom(). Otherwise
// the sentence saying why memory is not locked and how to allow it. With MCL_FUTURE in effect every
// mapping counts against the limit, and one past it fails (EAGAIN): a thread that cannot start, a
// std::bad_alloc part way through the run. Not locking at all is the safe answer.
std::string memory_lock_refusal(const MemoryDemand& demand, rlim_t memlock_soft, bool cap_ipc_lock);

// How to let the process lock its memory: grant CAP_IPC_LOCK or raise RLIMIT_MEMLOCK, and where.
std::string memory_lock_fixes();

// What a thread started with `stack_bytes` maps: its stack and guard page.
std::size_t thread_bytes(std::size_t stack_bytes);

class ProcessSetup final {
 public:
  // Applies the settings; failures are collected in problems(), never thrown. `to_map`: what the
  // run maps after this point (its threads' stacks and buffers: rt::executor_bytes and the
  // callers' own); memory is locked only when memory_lock_refusal finds none.
  explicit ProcessSetup(std::size_t to_map);
  // Undoes them: memory unlocked, glibc's allocation defaults, the latency bound released.
  ~ProcessSetup();
  ProcessSetup(const ProcessSetup&) = delete;
  ProcessSetup& operator=(const ProcessSetup&) = delete;

  bool memory_locked() const { return memory_locked_; }
  // Problems that make the process not real time (memory not locked).
  const std::vector<std::string>& problems() const { return problems_; }
  // Facts worth reporting that do not make the process non-real-time (no PM QoS request).
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  void lock_memory(std::size_t to_map);

  bool memory_locked_ = false;
  int dma_latency_fd_ = -1;  // held open: the PM QoS request lasts while the file is open
  std::vector<std::string> problems_;
  std::vector<std::string> notes_;
};

// The sentence for a failed mlockall with `error` (errno), from RLIMIT_MEMLOCK and CAP_IPC_LOCK.
std::string explain_mlockall_failure(int error);

}  // namespace hilsim::rt
