// What `hilsim doctor` reads about the machine's tuning for real time, as the kernel reports it:
// the texts of procfs and sysfs files, gathered once so that the checks (isolation_checks.h,
// interrupt_checks.h, power_checks.h) are pure functions of them and tests can give them fixtures.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tools/system/system_files.h"

namespace hilsim::tools {

// One cpuidle state of a CPU (/sys/devices/system/cpu/cpuN/cpuidle/stateK).
struct IdleState {
  std::string name;       // "POLL", "C1", "C6", ...
  long latency_us = 0;    // exit latency [µs]
  bool disabled = false;  // the state's `disable` file reads 1
};

// A network or CAN interface backed by a device (/sys/class/net/NAME/device), and the interrupts
// its device raises.
struct NetInterface {
  std::string name;       // "eth0", "can0"
  std::string device;     // the device's name: "virtio2", "0000:03:00.0", "1-1:1.0"
  std::vector<int> irqs;  // its own MSI interrupts, or those of the nearest parent that has some
};

struct MachineFacts {
  std::string cmdline;                                // /proc/cmdline
  std::vector<int> online;                            // /sys/devices/system/cpu/online
  std::optional<std::string> rt_runtime_us;           // /proc/sys/kernel/sched_rt_runtime_us
  std::optional<std::string> rt_period_us;            // /proc/sys/kernel/sched_rt_period_us
  std::optional<std::string> isolated;                // /sys/devices/system/cpu/isolated
  std::optional<std::string> nohz_full;               // /sys/devices/system/cpu/nohz_full
  std::map<int, std::string> governors;               // CPU → cpufreq/scaling_governor, where exposed
  std::map<int, std::string> thread_siblings;         // CPU → topology/thread_siblings_list
  std::map<int, std::vector<IdleState>> idle_states;  // CPU → its cpuidle states
  std::string interrupts;                             // /proc/interrupts
  std::map<int, std::string> irq_affinity;            // IRQ → /proc/irq/N/smp_affinity_list
  std::vector<NetInterface> interfaces;               // /sys/class/net/* with a device
  bool dma_latency_writable = false;                  // this process may open /dev/cpu_dma_latency
  std::optional<std::int32_t> dma_latency_us;         // the latency bound held now (PM QoS) [µs]
};

MachineFacts read_machine_facts(const SystemFiles& files);

}  // namespace hilsim::tools
