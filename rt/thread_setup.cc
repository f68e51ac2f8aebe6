#include "rt/thread_setup.h"

#include <linux/capability.h>
#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "rt/system_info.h"

namespace hilsim::rt {

const char* to_string(Scheduler scheduler) {
  return scheduler == Scheduler::kFifo ? "SCHED_FIFO" : "SCHED_OTHER";
}

std::string explain_fifo_refusal(int priority) {
  const ResourceLimit rtprio = resource_limit(RLIMIT_RTPRIO);
  const std::string p = std::to_string(priority);
  if (has_capability(CAP_SYS_NICE)) {
    // sched(7): with CAP_SYS_NICE the limit does not apply; what is left is the cgroup's
    // real-time budget (cgroup v1 cpu.rt_runtime_us = 0 in a container, or RT group scheduling).
    return "SCHED_FIFO priority " + p +
           " refused (EPERM) although the process has CAP_SYS_NICE: its "
           "cgroup has no real-time CPU budget (cpu.rt_runtime_us); run outside the container or give "
           "the cgroup a budget";
  }
  return "SCHED_FIFO priority " + p + " refused (EPERM): the process lacks CAP_SYS_NICE and its " +
         "RLIMIT_RTPRIO is " + describe_limit(rtprio.soft) + " (needs >= " + p +
         "); run as root, grant the capability (setcap cap_sys_nice+ep on the binary), or raise the "
         "limit (ulimit -r " +
         p + ", or '<user> - rtprio " + p + "' in /etc/security/limits.conf)";
}

std::string check_cpu(int cpu) {
  const std::vector<int> online = online_cpus();
  if (std::find(online.begin(), online.end(), cpu) == online.end()) {
    return "CPU " + std::to_string(cpu) + " is not present (online CPUs: " + format_cpu_list(online) +
           ", /sys/devices/system/cpu/online); pin to one of them ([rt] cpu_mech, cpu_hyd or "
           "[rt.thread.NAME] cpu; bench-rt --cpu)";
  }
  const std::vector<int> allowed = allowed_cpus();
  if (std::find(allowed.begin(), allowed.end(), cpu) == allowed.end()) {
    return "CPU " + std::to_string(cpu) + " is outside this process's allowed CPUs (" +
           format_cpu_list(allowed) +
           ", set by taskset or a cgroup cpuset); widen the set or "
           "pin to an allowed CPU ([rt] cpu_mech, cpu_hyd or [rt.thread.NAME] cpu; bench-rt --cpu)";
  }
  return "";
}

std::vector<int> keep_off_cpus(const std::vector<int>& cpus) {
  std::vector<int> rest;
  for (int c : allowed_cpus()) {
    if (std::find(cpus.begin(), cpus.end(), c) == cpus.end()) rest.push_back(c);
  }
  if (rest.empty()) return allowed_cpus();
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : rest) CPU_SET(c, &set);
  if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) return allowed_cpus();
  return rest;
}

namespace {

void set_name(const ThreadConfig& config, ThreadSetupResult& r) {
  if (const int rc = pthread_setname_np(pthread_self(), config.name.c_str()); rc != 0) {
    r.problems.push_back("cannot name the thread '" + config.name + "': " + std::strerror(rc));
  }
}

void pin(const ThreadConfig& config, ThreadSetupResult& r) {
  if (config.cpu < 0) return;
  if (const std::string problem = check_cpu(config.cpu); !problem.empty()) {
    r.problems.push_back(problem + "; the thread runs unpinned");
    return;
  }
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(config.cpu, &set);
  if (const int rc = pthread_setaffinity_np(pthread_self(), sizeof set, &set); rc != 0) {
    r.problems.push_back("cannot pin to CPU " + std::to_string(config.cpu) + ": " + std::strerror(rc) +
                         "; the thread runs unpinned");
    return;
  }
  r.pinned = true;
}

void schedule(const ThreadConfig& config, ThreadSetupResult& r) {
  sched_param param{};
  if (config.scheduler == Scheduler::kOther) {
    pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
    r.problems.push_back("scheduled SCHED_OTHER as configured ([rt] scheduler = \"other\"): not real time");
    return;
  }
  if (const std::string refusal = request_fifo(config.priority); !refusal.empty()) {
    r.problems.push_back(refusal + "; the thread runs SCHED_OTHER");
  } else {
    r.real_time = true;
  }
}

}  // namespace

std::string request_fifo(int priority) {
  sched_param param{};
  param.sched_priority = priority;
  const int rc = pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
  if (rc == 0) return "";
  if (rc == EPERM) return explain_fifo_refusal(priority);
  return "SCHED_FIFO priority " + std::to_string(priority) + " refused: " + std::strerror(rc);
}

ThreadSetupResult apply_to_current_thread(const ThreadConfig& config) {
  ThreadSetupResult r;
  r.name = config.name;
  // prctl(2): a SCHED_OTHER thread's timers may fire up to its timer slack (50 µs by default)
  // late; real-time threads have none. 1 ns keeps a SCHED_OTHER fallback's wake-ups prompt too.
  prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  set_name(config, r);
  pin(config, r);
  schedule(config, r);
  for (std::string& p : r.problems) p.insert(0, "thread '" + config.name + "': ");
  return r;
}

}  // namespace hilsim::rt
