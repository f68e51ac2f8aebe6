#include "tools/system/machine_facts.h"

#include <charconv>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "rt/system_info.h"

namespace hilsim::tools {

namespace {

const std::string kCpuDir = "/sys/devices/system/cpu/";

std::optional<long> parse_long(const std::optional<std::string>& text) {
  long v = 0;
  if (!text) return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
  if (ec != std::errc() || ptr == text->data()) return std::nullopt;
  return v;
}

// Numbers among the names of a directory ("/proc/irq" holds 0, 1, ... and default_smp_affinity).
std::vector<int> numeric_names(const SystemFiles& files, const std::string& dir) {
  std::vector<int> numbers;
  for (const std::string& name : files.list(dir)) {
    if (const auto n = parse_long(name); n && std::to_string(*n) == name)
      numbers.push_back(static_cast<int>(*n));
  }
  return numbers;
}

std::vector<int> online_cpus(const SystemFiles& files) {
  if (const auto line = files.first_line(kCpuDir + "online")) {
    try {
      return rt::parse_cpu_list(*line);
    } catch (const std::invalid_argument&) {
    }
  }
  return {};
}

std::vector<IdleState> idle_states(const SystemFiles& files, int cpu) {
  std::vector<IdleState> states;
  const std::string dir = kCpuDir + "cpu" + std::to_string(cpu) + "/cpuidle/";
  for (const std::string& state : files.list(dir)) {
    if (state.rfind("state", 0) != 0) continue;
    IdleState s;
    s.name = files.first_line(dir + state + "/name").value_or(state);
    s.latency_us = parse_long(files.first_line(dir + state + "/latency")).value_or(0);
    s.disabled = files.first_line(dir + state + "/disable").value_or("0") == "1";
    states.push_back(s);
  }
  return states;
}

// The device's MSI interrupts, or else those of the nearest parent with some (a virtio NIC's are
// its PCI device's; a USB CAN adapter's traffic arrives by its host controller's).
std::vector<int> device_irqs(const SystemFiles& files, const std::string& device_path) {
  std::filesystem::path dir(device_path);
  for (int up = 0; up < 8 && dir.has_relative_path(); ++up, dir = dir.parent_path()) {
    const std::vector<int> msi = numeric_names(files, dir.string() + "/msi_irqs");
    if (!msi.empty()) return msi;
    if (const auto irq = parse_long(files.first_line(dir.string() + "/irq")); irq && *irq > 0) {
      return {static_cast<int>(*irq)};
    }
  }
  return {};
}

std::vector<NetInterface> interfaces(const SystemFiles& files) {
  std::vector<NetInterface> out;
  for (const std::string& name : files.list("/sys/class/net")) {
    const auto device = files.resolve("/sys/class/net/" + name + "/device");
    if (!device) continue;  // lo, vcan, bridges: no device, no interrupts of their own
    out.push_back({name, std::filesystem::path(*device).filename().string(), device_irqs(files, *device)});
  }
  return out;
}

std::optional<std::int32_t> held_dma_latency(const SystemFiles& files) {
  // Reading /dev/cpu_dma_latency gives the bound in force as a binary 32-bit integer
  // (Documentation/power/pm_qos_interface.rst).
  const auto bytes = files.read("/dev/cpu_dma_latency");
  if (!bytes || bytes->size() < sizeof(std::int32_t)) return std::nullopt;
  std::int32_t value = 0;
  std::memcpy(&value, bytes->data(), sizeof value);
  return value;
}

}  // namespace

MachineFacts read_machine_facts(const SystemFiles& files) {
  MachineFacts f;
  f.cmdline = files.first_line("/proc/cmdline").value_or("");
  f.online = online_cpus(files);
  f.rt_runtime_us = files.first_line("/proc/sys/kernel/sched_rt_runtime_us");
  f.rt_period_us = files.first_line("/proc/sys/kernel/sched_rt_period_us");
  f.isolated = files.first_line(kCpuDir + "isolated");
  f.nohz_full = files.first_line(kCpuDir + "nohz_full");
  for (const int cpu : f.online) {
    const std::string dir = kCpuDir + "cpu" + std::to_string(cpu) + "/";
    if (const auto g = files.first_line(dir + "cpufreq/scaling_governor")) f.governors[cpu] = *g;
    if (const auto s = files.first_line(dir + "topology/thread_siblings_list")) f.thread_siblings[cpu] = *s;
    f.idle_states[cpu] = idle_states(files, cpu);
  }
  f.interrupts = files.read("/proc/interrupts").value_or("");
  for (const int irq : numeric_names(files, "/proc/irq")) {
    if (const auto a = files.first_line("/proc/irq/" + std::to_string(irq) + "/smp_affinity_list")) {
      f.irq_affinity[irq] = *a;
    }
  }
  f.interfaces = interfaces(files);
  f.dma_latency_writable = files.writable("/dev/cpu_dma_latency");
  f.dma_latency_us = held_dma_latency(files);
  return f;
}

}  // namespace hilsim::tools
