// The findings of `hilsim doctor`, each computed from what the system reports (sysfs, procfs,
// capget, getrlimit), so that they can be printed and tested. The machine's tuning (isolation,
// interrupts, power management) is checked by pure functions of the files' texts
// (isolation_checks.h, interrupt_checks.h, power_checks.h).
#pragma once

#include <string>
#include <vector>

#include "rt/rt_settings.h"
#include "tools/hilsim/finding.h"
#include "tools/hilsim/machine_facts.h"

namespace hilsim::tools {

// Every finding for running threads configured as `rt` on the machine `facts` describe.
std::vector<Finding> doctor_findings(const rt::RtSettings& rt, const MachineFacts& facts);

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
