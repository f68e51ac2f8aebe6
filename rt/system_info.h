// What the machine and the process allow for real time: capabilities, resource limits, CPUs and
// the kernel. Read by the thread setup (to say precisely why a request was refused) and by
// `hilsim doctor`. Not for use inside real-time loops.
#pragma once

#include <sys/resource.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hilsim::rt {

// True when `capability` (CAP_SYS_NICE, CAP_IPC_LOCK, ... from <linux/capability.h>) is in the
// calling thread's effective set (capget(2)).
bool has_capability(int capability);

struct ResourceLimit {
  rlim_t soft = 0;
  rlim_t hard = 0;
};
ResourceLimit resource_limit(int resource);  // getrlimit(2): RLIMIT_RTPRIO, RLIMIT_MEMLOCK, ...
// "unlimited" or the number.
std::string describe_limit(rlim_t value);

// The process's mapped size in bytes (/proc/self/statm's first field, VmSize): what
// mlockall(MCL_CURRENT) weighs against RLIMIT_MEMLOCK. nullopt when unreadable.
std::optional<std::size_t> mapped_bytes();
// The stack of a thread started without a size (std::thread): glibc's default, RLIMIT_STACK's soft
// limit when it was set at start-up (pthread_getattr_default_np(3)).
std::size_t default_thread_stack_bytes();

// Parses the kernel's CPU list format ("0-3,5,7-8"); throws std::invalid_argument when malformed.
std::vector<int> parse_cpu_list(std::string_view text);
// The same format from a sorted list: {0, 1, 2, 5} → "0-2,5"; "none" when empty.
std::string format_cpu_list(const std::vector<int>& cpus);
// CPUs the kernel has online (/sys/devices/system/cpu/online, else sysconf).
std::vector<int> online_cpus();
// CPUs the calling thread may run on (sched_getaffinity(2): taskset, cgroup cpusets).
std::vector<int> allowed_cpus();
// CPUs isolated from the scheduler (isolcpus=, /sys/devices/system/cpu/isolated); empty if none.
std::vector<int> isolated_cpus();

struct KernelInfo {
  std::string release;  // uname -r
  std::string version;  // uname -v
  bool preempt_rt = false;
  std::string preempt_rt_evidence;  // where the answer comes from
};
KernelInfo kernel_info();

// The first line of a small text file (sysfs, procfs), without its newline; nullopt if unreadable.
std::optional<std::string> read_first_line(const std::string& path);

}  // namespace hilsim::rt
