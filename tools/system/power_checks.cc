#include "tools/system/power_checks.h"

#include <algorithm>

#include "rt/system_info.h"

namespace hilsim::tools {

using Level = Finding::Level;

namespace {

// The CPUs whose power management matters: the real-time ones, or every online one when no
// thread is pinned.
const std::vector<int>& cpus_to_check(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  return rt_cpus.empty() ? f.online : rt_cpus;
}

}  // namespace

Finding governor_finding(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  std::string governors, fix;
  bool slow = false;
  for (const int cpu : cpus_to_check(f, rt_cpus)) {
    const auto it = f.governors.find(cpu);
    if (it == f.governors.end()) continue;
    governors += (governors.empty() ? "" : ", ") + ("CPU " + std::to_string(cpu) + " " + it->second);
    if (it->second == "performance") continue;
    slow = true;
    fix += (fix.empty() ? "" : "; ") + ("echo performance > /sys/devices/system/cpu/cpu" +
                                        std::to_string(cpu) + "/cpufreq/scaling_governor");
  }
  if (governors.empty()) {
    return {Level::kOk,
            "CPU frequency governor: not exposed (no cpufreq in sysfs; typical of virtual machines)", "", ""};
  }
  if (!slow) return {Level::kOk, "CPU frequency governor: " + governors, "", ""};
  return {Level::kWarn, "CPU frequency governor: " + governors,
          "a clock that changes with the load changes execution times, and raising it after a wake-up takes "
          "time; "
          "keep the real-time CPUs at 'performance' (at boot: cpupower frequency-set -g performance, Debian "
          "linux-cpupower)",
          fix};
}

Finding idle_state_finding(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  const IdleState* deepest = nullptr;
  int deepest_cpu = -1;
  for (const int cpu : cpus_to_check(f, rt_cpus)) {
    const auto it = f.idle_states.find(cpu);
    if (it == f.idle_states.end()) continue;
    for (const IdleState& s : it->second) {
      if (!s.disabled && (!deepest || s.latency_us > deepest->latency_us)) {
        deepest = &s;
        deepest_cpu = cpu;
      }
    }
  }
  // PM_QOS_CPU_LATENCY_DEFAULT_VALUE (2000 s) is what the file reads while no process holds a bound.
  const std::string held =
      !f.dma_latency_us ? ""
      : *f.dma_latency_us == 2'000'000'000
          ? " (/dev/cpu_dma_latency: no bound held now)"
          : " (/dev/cpu_dma_latency: " + std::to_string(*f.dma_latency_us) + " us held now)";
  if (!deepest || deepest->latency_us <= kDeepIdleLatencyUs) {
    return {Level::kOk,
            "idle states: none deeper than C1" +
                (deepest ? " (deepest " + deepest->name + ", exit latency " +
                               std::to_string(deepest->latency_us) + " us)"
                         : std::string(" (no cpuidle states)")) +
                held,
            "", ""};
  }
  const std::string what = "idle states: CPU " + std::to_string(deepest_cpu) + " may enter " + deepest->name +
                           " (exit latency " + std::to_string(deepest->latency_us) + " us)" + held;
  if (f.dma_latency_writable) {
    return {Level::kOk,
            what +
                "; a real-time run holds /dev/cpu_dma_latency at 0 us while it runs, which keeps "
                "the CPUs out of it",
            "", ""};
  }
  return {
      Level::kWarn, what + ", and this process may not open /dev/cpu_dma_latency to keep the CPUs out of it",
      "a CPU waking from a deep idle state takes that long before the real-time thread runs; let the "
      "service's "
      "group write the file (the fix: a udev rule for group hilsim), or boot with "
      "processor.max_cstate=1 intel_idle.max_cstate=1",
      "echo 'KERNEL==\"cpu_dma_latency\", GROUP=\"hilsim\", MODE=\"0660\"' > "
      "/etc/udev/rules.d/60-hilsim-cpu-dma-latency.rules && udevadm trigger --name-match=cpu_dma_latency"};
}

}  // namespace hilsim::tools
