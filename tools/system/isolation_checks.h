// Checks of how well the real-time CPUs are kept apart from other work, as pure functions of what
// the kernel reports (machine_facts.h): the boot parameters isolcpus, nohz_full and rcu_nocbs, SMT
// siblings, and real-time throttling. `rt_cpus` are the online CPUs the scenario pins real-time
// threads to (sorted); every finding names the command that would fix it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/system/finding.h"
#include "tools/system/machine_facts.h"

namespace hilsim::tools {

// The value of boot parameter `name` in a kernel command line: "" for a bare parameter, nullopt
// when absent; the last one counts, and nothing after "--" (the arguments of init).
std::optional<std::string> kernel_parameter(const std::string& cmdline, const std::string& name);

// The CPUs a CPU-list parameter names ("1-3", "domain,managed_irq,2-3", "1-N", "all"; a bare
// rcu_nocbs means every CPU), with `online` for N and all; nullopt when it cannot be read.
std::optional<std::vector<int>> parameter_cpus(const std::string& value, const std::vector<int>& online);

// The fix for missing boot parameters, e.g. "isolcpus=1 nohz_full=1".
std::string boot_parameter_fix(const std::string& parameters);

Finding isolcpus_finding(const MachineFacts& facts, const std::vector<int>& rt_cpus);
Finding nohz_full_finding(const MachineFacts& facts, const std::vector<int>& rt_cpus);
Finding rcu_nocbs_finding(const MachineFacts& facts, const std::vector<int>& rt_cpus);
Finding smt_finding(const MachineFacts& facts, const std::vector<int>& rt_cpus);
Finding throttling_finding(const MachineFacts& facts);

}  // namespace hilsim::tools
