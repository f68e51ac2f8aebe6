// The findings of `hilsim doctor`, each computed from what the system reports (sysfs, procfs,
// capget, getrlimit), so that they can be printed and tested. The machine's tuning (isolation,
// interrupts, power management) is checked by pure functions of the files' texts
// (isolation_checks.h, interrupt_checks.h, power_checks.h).
#pragma once

#include <sys/resource.h>

#include <cstddef>
#include <string>
#include <vector>

#include "rt/process_setup.h"
#include "rt/rt_settings.h"
#include "tools/system/finding.h"
#include "tools/system/machine_facts.h"

namespace hilsim::tools {

// Every finding for running threads configured as `rt` on the machine `facts` describe; `run_bytes`:
// what a threaded run of the scenario maps after its process set-up (threaded_run_bytes,
// contact_run_bytes).
std::vector<Finding> doctor_findings(const rt::RtSettings& rt, const MachineFacts& facts,
                                     std::size_t run_bytes);

// Memory locking for a run that maps `demand`, decided as rt::ProcessSetup decides it: allowed with
// CAP_IPC_LOCK, an unlimited RLIMIT_MEMLOCK (`memlock_soft`) or a limit that holds the run; else a
// failure naming the limit, the figures and the fixes.
Finding memlock_finding(const rt::MemoryDemand& demand, rlim_t memlock_soft, bool cap_ipc_lock);

// The online CPUs `rt` pins real-time threads to, sorted, each once.
std::vector<int> pinned_real_time_cpus(const rt::RtSettings& rt, const std::vector<int>& online);

// The kernel's preemption model ("none", "voluntary", "full", "lazy" or "rt") and where it was
// read, or an empty model when no source tells.
struct PreemptionModel {
  std::string model;
  std::string source;
};
PreemptionModel preemption_model();

// Parses /sys/kernel/debug/sched/preempt ("none (voluntary) full": the active one in brackets).
std::string parse_debugfs_preempt(const std::string& line);

}  // namespace hilsim::tools
