// Where the interrupts of the network and CAN interfaces are handled, against the real-time CPUs:
// an interrupt handled on a real-time CPU delays its thread by the handler (and, on a standard
// kernel, the softirq processing after it). Pure functions of /proc/interrupts and
// /proc/irq/N/smp_affinity_list (machine_facts.h).
#pragma once

#include <vector>

#include "tools/system/finding.h"
#include "tools/system/machine_facts.h"

namespace hilsim::tools {

// The interrupts of `iface` in /proc/interrupts: its device's MSI interrupts and every line whose
// handler names the interface or its device ("eth0-TxRx-0", "virtio2-input.0", "can0").
std::vector<int> interface_irqs(const std::string& interrupts, const NetInterface& iface);

// One finding per interface with interrupts: ok when none may run on a real-time CPU.
std::vector<Finding> irq_affinity_findings(const MachineFacts& facts, const std::vector<int>& rt_cpus);

}  // namespace hilsim::tools
