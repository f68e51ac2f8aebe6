// The CPUs' power management against the real-time CPUs: the frequency governor, and idle states
// deep enough to delay a wake-up (which a run holding /dev/cpu_dma_latency at 0 µs keeps the CPUs
// out of). Pure functions of sysfs and /dev/cpu_dma_latency (machine_facts.h).
#pragma once

#include <vector>

#include "tools/system/finding.h"
#include "tools/system/machine_facts.h"

namespace hilsim::tools {

// An idle state whose exit latency exceeds this is deep: deeper than C1 (2 µs on Intel), it costs
// a waking real-time thread tens to hundreds of microseconds (C3, C6).
inline constexpr long kDeepIdleLatencyUs = 2;

Finding governor_finding(const MachineFacts& facts, const std::vector<int>& rt_cpus);
Finding idle_state_finding(const MachineFacts& facts, const std::vector<int>& rt_cpus);

}  // namespace hilsim::tools
