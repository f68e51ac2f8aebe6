#include "rt/process_setup.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>

#include "rt/system_info.h"

namespace hilsim::rt {

namespace {

constexpr std::size_t kMiB = std::size_t{1024} * 1024;

std::string kib(std::size_t bytes) { return std::to_string((bytes + 1023) / 1024) + " KiB"; }

std::string describe_memlock(rlim_t soft) {
  return soft == RLIM_INFINITY ? "unlimited" : kib(static_cast<std::size_t>(soft));
}

}  // namespace

std::size_t MemoryDemand::with_headroom() const {
  const std::size_t total = mapped + to_map;
  return total + std::max(total / 4, 4 * kMiB);
}

std::string memory_lock_fixes() {
  return "grant CAP_IPC_LOCK (AmbientCapabilities=CAP_IPC_LOCK in the service's unit, or setcap "
         "cap_ipc_lock+ep on the binary) or lift the limit (LimitMEMLOCK=infinity in the unit, "
         "'<user> - memlock unlimited' in /etc/security/limits.d/hilsim.conf for a login session, or "
         "ulimit -l unlimited)";
}

std::string memory_lock_refusal(const MemoryDemand& demand, rlim_t memlock_soft, bool cap_ipc_lock) {
  if (cap_ipc_lock || memlock_soft == RLIM_INFINITY || demand.with_headroom() <= memlock_soft) return "";
  return "memory not locked: RLIMIT_MEMLOCK is " + describe_memlock(memlock_soft) +
         ", less than the run needs (" + describe(demand) + "), and the process lacks CAP_IPC_LOCK; " +
         memory_lock_fixes() + "; pages may be paged out";
}

std::string describe(const MemoryDemand& demand) {
  return kib(demand.mapped) + " mapped, " + kib(demand.to_map) +
         " more for its threads and buffers: " + kib(demand.with_headroom()) + " with room to spare";
}

std::size_t thread_bytes(std::size_t stack_bytes) {
  return stack_bytes + static_cast<std::size_t>(sysconf(_SC_PAGESIZE));  // glibc's guard page
}

std::string explain_mlockall_failure(int error) {
  std::string s = std::string("memory not locked: mlockall(MCL_CURRENT | MCL_FUTURE) failed (") +
                  (error == ENOMEM  ? "ENOMEM"
                   : error == EPERM ? "EPERM"
                                    : std::strerror(error)) +
                  ")";
  if (has_capability(CAP_IPC_LOCK)) return s + ": " + std::strerror(error) + "; pages may be paged out";
  return s + ": the process lacks CAP_IPC_LOCK and its RLIMIT_MEMLOCK is " +
         describe_memlock(resource_limit(RLIMIT_MEMLOCK).soft) + ", less than it maps; " +
         memory_lock_fixes() + "; pages may be paged out";
}

ProcessSetup::ProcessSetup(std::size_t to_map) {
  // mallopt(3): M_TRIM_THRESHOLD = -1 never returns freed heap memory to the kernel, and
  // M_MMAP_MAX = 0 serves every allocation from the heap instead of a fresh mmap, so memory
  // allocated at configuration time and freed stays mapped (and locked) for later reuse.
  // This is the recipe of the Linux Foundation's real-time wiki ("Memory for Real-time
  // Applications") and of cactus-rt. M_ARENA_MAX = 1 keeps every thread on that one heap: a
  // thread's own arena would reserve 64 MiB of address space (glibc's HEAP_MAX_SIZE) at its first
  // malloc, which locked memory counts in full against RLIMIT_MEMLOCK.
  mallopt(M_TRIM_THRESHOLD, -1);
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_ARENA_MAX, 1);
  lock_memory(to_map);

  // Documentation/power/pm_qos_interface.rst: writing a 32-bit latency bound to
  // /dev/cpu_dma_latency holds that bound while the file stays open.
  dma_latency_fd_ = open("/dev/cpu_dma_latency", O_RDWR | O_CLOEXEC);
  const std::int32_t zero_us = 0;
  if (dma_latency_fd_ < 0 || write(dma_latency_fd_, &zero_us, sizeof zero_us) != sizeof zero_us) {
    notes_.push_back(std::string("cannot hold /dev/cpu_dma_latency at 0 us (") + std::strerror(errno) +
                     "): idle CPUs may wake up late from deep idle states");
    if (dma_latency_fd_ >= 0) close(dma_latency_fd_);
    dma_latency_fd_ = -1;
  }
}

void ProcessSetup::lock_memory(std::size_t to_map) {
  // mlockall(2): MCL_CURRENT locks every page mapped now and MCL_FUTURE every page mapped later
  // (thread stacks, heap growth), each populated when it is mapped, so the real-time loops take
  // no page fault. Without CAP_IPC_LOCK every mapping counts against RLIMIT_MEMLOCK from then on
  // and one past it fails, so memory is locked only when the whole run fits.
  const bool cap_ipc_lock = has_capability(CAP_IPC_LOCK);
  const rlim_t limit = resource_limit(RLIMIT_MEMLOCK).soft;
  const std::optional<std::size_t> mapped = mapped_bytes();
  if (!mapped && !cap_ipc_lock && limit != RLIM_INFINITY) {
    problems_.push_back("memory not locked: RLIMIT_MEMLOCK is " + describe_memlock(limit) +
                        " and the process's size cannot be read (/proc/self/statm) to tell whether the run "
                        "fits, and the process lacks CAP_IPC_LOCK; " +
                        memory_lock_fixes() + "; pages may be paged out");
    return;
  }
  if (std::string refusal = memory_lock_refusal({mapped.value_or(0), to_map}, limit, cap_ipc_lock);
      !refusal.empty()) {
    problems_.push_back(std::move(refusal));
    return;
  }
  if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0) {
    memory_locked_ = true;
  } else {
    problems_.push_back(explain_mlockall_failure(errno));
  }
}

ProcessSetup::~ProcessSetup() {
  if (dma_latency_fd_ >= 0) close(dma_latency_fd_);
  // The process goes on after the run when a program of its own started it (tools/run/run.h): its
  // later mappings must not count against RLIMIT_MEMLOCK, nor its heap keep every page it ever had.
  // glibc's defaults again (mallopt(3): a 128 KiB trim threshold, 65536 mmaps, arenas as it sees fit).
  if (memory_locked_) munlockall();
  mallopt(M_TRIM_THRESHOLD, 128 * 1024);
  mallopt(M_MMAP_MAX, 65536);
  mallopt(M_ARENA_MAX, 0);
}

}  // namespace hilsim::rt
