// The findings of `hilsim doctor`, each computed from what the system reports (sysfs, procfs,
// capget, getrlimit), so that they can be printed and tested.
#pragma once

#include <string>
#include <vector>

#include "rt/rt_settings.h"

namespace hilsim::tools {

struct Finding {
  enum class Level { kOk, kWarn, kFail };
  Level level = Level::kOk;
  std::string what;    // the fact
  std::string advice;  // what to change; empty when nothing
};

// Every finding for running threads configured as `rt`.
std::vector<Finding> doctor_findings(const rt::RtSettings& rt);

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
