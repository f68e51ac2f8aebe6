#include "tools/system/interrupt_checks.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "rt/system_info.h"
#include "tools/system/isolation_checks.h"

namespace hilsim::tools {

using Level = Finding::Level;

namespace {

// True when `name` appears in `text` as a word of its own or the head of one ("virtio2-input.0"
// holds "virtio2", "virtio20-config" does not).
bool names(const std::string& text, const std::string& name) {
  if (name.empty()) return false;
  const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool starts = at == 0 || !word_char(text[at - 1]);
    const std::size_t end = at + name.size();
    const bool ends = end == text.size() || !word_char(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

}  // namespace

std::vector<int> interface_irqs(const std::string& interrupts, const NetInterface& iface) {
  std::vector<int> irqs = iface.irqs;
  std::istringstream lines(interrupts);
  for (std::string line; std::getline(lines, line);) {
    // "  38:      0   17842 PCI-MSIX-0000:00:03.0   1-edge      virtio2-input.0": the number, the
    // counts per CPU, then the chip, the hardware IRQ and the handlers' names.
    const std::size_t start = line.find_first_not_of(' ');
    const std::size_t colon = line.find(':');
    if (start == std::string::npos || colon == std::string::npos) continue;
    int irq = -1;
    const auto [ptr, ec] = std::from_chars(line.data() + start, line.data() + colon, irq);
    if (ec != std::errc() || ptr != line.data() + colon) continue;  // NMI, LOC, the header
    // After the counts (one per CPU) come the chip (its name may hold a PCI address: not compared)
    // and the handlers' names, with the hardware IRQ and trigger between them on most chips.
    std::istringstream words(line.substr(colon + 1));
    std::string chip;  // the first word that is not a count
    while (words >> chip && chip.find_first_not_of("0123456789") == std::string::npos) continue;
    std::string handlers;
    std::getline(words, handlers);
    if (names(handlers, iface.name) || names(handlers, iface.device)) irqs.push_back(irq);
  }
  std::sort(irqs.begin(), irqs.end());
  irqs.erase(std::unique(irqs.begin(), irqs.end()), irqs.end());
  return irqs;
}

namespace {

Finding interface_finding(const MachineFacts& f, const NetInterface& iface, const std::vector<int>& irqs,
                          const std::vector<int>& rt_cpus) {
  std::vector<int> housekeeping;  // the CPUs without real-time threads, where interrupts belong
  for (const int c : f.online) {
    if (std::find(rt_cpus.begin(), rt_cpus.end(), c) == rt_cpus.end()) housekeeping.push_back(c);
  }
  std::string on_rt, fix;
  for (const int irq : irqs) {
    const auto it = f.irq_affinity.find(irq);
    if (it == f.irq_affinity.end()) continue;
    const std::vector<int> allowed = parameter_cpus(it->second, f.online).value_or(std::vector<int>{});
    const bool touches = std::any_of(allowed.begin(), allowed.end(), [&rt_cpus](int c) {
      return std::find(rt_cpus.begin(), rt_cpus.end(), c) != rt_cpus.end();
    });
    if (!touches) continue;
    on_rt += (on_rt.empty() ? "" : ", ") + ("IRQ " + std::to_string(irq) + " on CPUs " + it->second);
    if (!housekeeping.empty()) {
      fix += (fix.empty() ? "" : "; ") + ("echo " + rt::format_cpu_list(housekeeping) + " > /proc/irq/" +
                                          std::to_string(irq) + "/smp_affinity_list");
    }
  }
  const std::string who = iface.name + " (" + iface.device + ")";
  if (on_rt.empty()) {
    return {Level::kOk,
            "interrupts of " + who + ": IRQ " + rt::format_cpu_list(irqs) + " kept off the real-time CPUs",
            "", ""};
  }
  if (housekeeping.empty()) {
    return {
        Level::kWarn, "interrupts of " + who + ": " + on_rt + ", and every CPU runs real-time threads",
        "leave a CPU without real-time threads for the system and its interrupts ([rt] cpu_mech, cpu_hyd)",
        ""};
  }
  return {
      Level::kWarn,
      "interrupts of " + who + ": " + on_rt + ", which include real-time " +
          (rt_cpus.size() == 1 ? "CPU " : "CPUs ") + rt::format_cpu_list(rt_cpus),
      "an interrupt handled there delays the real-time thread by its handler; keep irqbalance off those CPUs "
      "(IRQBALANCE_BANNED_CPULIST in /etc/default/irqbalance), or boot with isolcpus=managed_irq,... for "
      "interrupts the driver manages itself",
      fix};
}

}  // namespace

std::vector<Finding> irq_affinity_findings(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  std::vector<Finding> out;
  for (const NetInterface& iface : f.interfaces) {
    const std::vector<int> irqs = interface_irqs(f.interrupts, iface);
    if (irqs.empty()) continue;
    if (rt_cpus.empty()) {
      out.push_back({Level::kOk,
                     "interrupts of " + iface.name + ": IRQ " + rt::format_cpu_list(irqs) +
                         " (no real-time thread is pinned: nothing to compare)",
                     "", ""});
      continue;
    }
    out.push_back(interface_finding(f, iface, irqs, rt_cpus));
  }
  if (out.empty()) {
    out.push_back({Level::kOk,
                   "interrupts of network and CAN interfaces: none found (no interface with a device and "
                   "interrupts)",
                   "", ""});
  }
  return out;
}

}  // namespace hilsim::tools
