#include "rt/process_setup.h"

#include <fcntl.h>
#include <linux/capability.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "rt/system_info.h"

namespace hilsim::rt {

std::string explain_mlockall_failure(int error) {
  const ResourceLimit memlock = resource_limit(RLIMIT_MEMLOCK);
  std::string s = std::string("mlockall(MCL_CURRENT | MCL_FUTURE) failed (") +
                  (error == ENOMEM  ? "ENOMEM"
                   : error == EPERM ? "EPERM"
                                    : std::strerror(error)) +
                  ")";
  if (has_capability(CAP_IPC_LOCK)) return s + ": " + std::strerror(error) + "; pages may be paged out";
  return s + ": the process lacks CAP_IPC_LOCK and its RLIMIT_MEMLOCK is " +
         (memlock.soft == RLIM_INFINITY ? "unlimited" : describe_limit(memlock.soft / 1024) + " KiB") +
         ", less than it maps; run as root, grant the capability (setcap cap_ipc_lock+ep on the binary), "
         "or raise the limit (ulimit -l unlimited, or '<user> - memlock unlimited' in "
         "/etc/security/limits.conf); pages may be paged out";
}

ProcessSetup::ProcessSetup() {
  // mallopt(3): M_TRIM_THRESHOLD = -1 never returns freed heap memory to the kernel, and
  // M_MMAP_MAX = 0 serves every allocation from the heap instead of a fresh mmap, so memory
  // allocated at configuration time and freed stays mapped (and locked) for later reuse.
  // This is the recipe of the Linux Foundation's real-time wiki ("Memory for Real-time
  // Applications") and of cactus-rt.
  mallopt(M_TRIM_THRESHOLD, -1);
  mallopt(M_MMAP_MAX, 0);

  // mlockall(2): MCL_CURRENT locks every page mapped now and MCL_FUTURE every page mapped later
  // (thread stacks, heap growth), each populated when it is mapped, so the real-time loops take
  // no page fault. It needs CAP_IPC_LOCK or an RLIMIT_MEMLOCK above the process's size.
  if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0) {
    memory_locked_ = true;
  } else {
    problems_.push_back(explain_mlockall_failure(errno));
  }

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

ProcessSetup::~ProcessSetup() {
  if (dma_latency_fd_ >= 0) close(dma_latency_fd_);
}

}  // namespace hilsim::rt
