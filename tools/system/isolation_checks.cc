#include "tools/system/isolation_checks.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

#include "rt/system_info.h"

namespace hilsim::tools {

using Level = Finding::Level;

std::optional<std::string> kernel_parameter(const std::string& cmdline, const std::string& name) {
  std::istringstream words(cmdline);
  std::optional<std::string> value;
  for (std::string word; words >> word;) {
    if (word == "--") break;  // what follows is for init
    if (word == name) {
      value = "";
    } else if (word.size() > name.size() && word.compare(0, name.size() + 1, name + "=") == 0) {
      value = word.substr(name.size() + 1);
    }
  }
  return value;
}

std::optional<std::vector<int>> parameter_cpus(const std::string& value, const std::vector<int>& online) {
  if (value.empty() || value == "all") return online;
  // isolcpus= takes flags before the list (nohz, domain, managed_irq); "N" is the last CPU.
  std::string list;
  std::istringstream items(value);
  for (std::string item; std::getline(items, item, ',');) {
    if (item == "nohz" || item == "domain" || item == "managed_irq") continue;
    if (!online.empty()) {
      for (std::size_t at; (at = item.find('N')) != std::string::npos;)
        item.replace(at, 1, std::to_string(online.back()));
    }
    list += (list.empty() ? "" : ",") + item;
  }
  try {
    return rt::parse_cpu_list(list);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

std::string boot_parameter_fix(const std::string& parameters) {
  return "add " + parameters + " to GRUB_CMDLINE_LINUX in /etc/default/grub, then: update-grub && reboot";
}

namespace {

// The real-time CPUs not in `set`.
std::vector<int> missing_from(const std::vector<int>& rt_cpus, const std::vector<int>& set) {
  std::vector<int> missing;
  for (const int c : rt_cpus) {
    if (std::find(set.begin(), set.end(), c) == set.end()) missing.push_back(c);
  }
  return missing;
}

std::string cpu_word(const std::vector<int>& cpus) {
  return (cpus.size() == 1 ? "CPU " : "CPUs ") + rt::format_cpu_list(cpus);
}

// "CPU 1 is" / "CPUs 1-2 are": the verb agreeing with cpu_word.
std::string cpus_verb(const std::vector<int>& cpus, const std::string& one, const std::string& many) {
  return cpu_word(cpus) + " " + (cpus.size() == 1 ? one : many);
}

// A CPU list as sysfs writes it, where "" and "(null)" mean none.
std::vector<int> listed_cpus(const std::optional<std::string>& text, const std::vector<int>& online) {
  if (!text || text->empty() || *text == "(null)") return {};
  return parameter_cpus(*text, online).value_or(std::vector<int>{});
}

// A CPU set from sysfs when the kernel has the file, else from the boot parameter.
std::vector<int> cpus_from(const std::optional<std::string>& sysfs, const MachineFacts& f,
                           const std::string& parameter) {
  if (sysfs) return listed_cpus(sysfs, f.online);
  const auto value = kernel_parameter(f.cmdline, parameter);
  if (!value) return {};
  return parameter_cpus(*value, f.online).value_or(std::vector<int>{});
}

Finding nothing_pinned(const std::string& what) {
  return {Level::kOk, what + " (no real-time thread is pinned: nothing to compare)", "", ""};
}

}  // namespace

Finding isolcpus_finding(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  const std::vector<int> isolated = listed_cpus(f.isolated, f.online);
  const std::string what =
      "isolated CPUs (isolcpus=, /sys/devices/system/cpu/isolated): " + rt::format_cpu_list(isolated);
  if (rt_cpus.empty()) return nothing_pinned(what);
  const std::vector<int> missing = missing_from(rt_cpus, isolated);
  if (missing.empty()) return {Level::kOk, what + ", holding the real-time " + cpu_word(rt_cpus), "", ""};
  return {Level::kWarn, what + "; real-time " + cpus_verb(missing, "is", "are") + " not isolated",
          "the scheduler puts other tasks on a CPU that is not isolated; they run whenever the real-time "
          "threads sleep and "
          "their caches and kernel work delay each wake-up",
          boot_parameter_fix("isolcpus=" + rt::format_cpu_list(rt_cpus))};
}

Finding nohz_full_finding(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  const std::vector<int> nohz = cpus_from(f.nohz_full, f, "nohz_full");
  const std::string what = "tickless CPUs (nohz_full=): " + rt::format_cpu_list(nohz);
  if (rt_cpus.empty()) return nothing_pinned(what);
  const std::vector<int> missing = missing_from(rt_cpus, nohz);
  if (missing.empty()) return {Level::kOk, what + ", holding the real-time " + cpu_word(rt_cpus), "", ""};
  return {Level::kWarn, what + "; real-time " + cpus_verb(missing, "keeps", "keep") + " the scheduler tick",
          "the periodic tick interrupts a CPU 100 to 1000 times a second even when one task runs there",
          boot_parameter_fix("nohz_full=" + rt::format_cpu_list(rt_cpus))};
}

Finding rcu_nocbs_finding(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  std::vector<int> offloaded;
  if (const auto value = kernel_parameter(f.cmdline, "rcu_nocbs")) {
    offloaded = parameter_cpus(*value, f.online).value_or(std::vector<int>{});
  }
  // nohz_full= offloads the RCU callbacks of its CPUs too (Documentation/timers/no_hz.rst).
  for (const int c : cpus_from(f.nohz_full, f, "nohz_full")) offloaded.push_back(c);
  std::sort(offloaded.begin(), offloaded.end());
  offloaded.erase(std::unique(offloaded.begin(), offloaded.end()), offloaded.end());
  const std::string what =
      "CPUs without RCU callbacks (rcu_nocbs=, or nohz_full=): " + rt::format_cpu_list(offloaded);
  if (rt_cpus.empty()) return nothing_pinned(what);
  const std::vector<int> missing = missing_from(rt_cpus, offloaded);
  if (missing.empty()) return {Level::kOk, what + ", holding the real-time " + cpu_word(rt_cpus), "", ""};
  return {
      Level::kWarn, what + "; real-time " + cpus_verb(missing, "runs", "run") + " RCU callbacks",
      "RCU callbacks run in softirq context on the CPU that queued them, between the real-time loop's cycles",
      boot_parameter_fix("rcu_nocbs=" + rt::format_cpu_list(rt_cpus))};
}

Finding smt_finding(const MachineFacts& f, const std::vector<int>& rt_cpus) {
  if (rt_cpus.empty()) return nothing_pinned("SMT siblings");
  const std::vector<int> isolated = listed_cpus(f.isolated, f.online);
  std::string busy;  // "CPU 1 shares its core with CPU 3"
  std::vector<int> siblings_seen;
  for (const int cpu : rt_cpus) {
    const auto it = f.thread_siblings.find(cpu);
    if (it == f.thread_siblings.end()) continue;
    std::vector<int> others = parameter_cpus(it->second, f.online).value_or(std::vector<int>{});
    others.erase(std::remove(others.begin(), others.end(), cpu), others.end());
    siblings_seen.insert(siblings_seen.end(), others.begin(), others.end());
    const std::vector<int> working = missing_from(others, isolated);
    if (!working.empty()) {
      busy += (busy.empty() ? "" : "; ") +
              ("CPU " + std::to_string(cpu) + " shares its core with " + cpu_word(working));
    }
  }
  if (!busy.empty()) {
    return {Level::kWarn, "SMT: " + busy + ", which is not isolated",
            "hyper-threads share a core's execution units and caches: work on the sibling slows the "
            "real-time thread; "
            "switch SMT off (or boot with nosmt), or isolate the sibling as well and leave it idle",
            "echo off > /sys/devices/system/cpu/smt/control"};
  }
  std::sort(siblings_seen.begin(), siblings_seen.end());
  siblings_seen.erase(std::unique(siblings_seen.begin(), siblings_seen.end()), siblings_seen.end());
  if (siblings_seen.empty())
    return {Level::kOk, "SMT: the real-time " + cpus_verb(rt_cpus, "has", "have") + " no sibling", "", ""};
  return {Level::kOk,
          "SMT: the siblings " + rt::format_cpu_list(siblings_seen) +
              " of the real-time CPUs are isolated too "
              "(keep them idle)",
          "", ""};
}

Finding throttling_finding(const MachineFacts& f) {
  if (!f.rt_runtime_us || !f.rt_period_us) return {Level::kOk, "real-time throttling: not reported", "", ""};
  long runtime = 0, period = 0;
  std::from_chars(f.rt_runtime_us->data(), f.rt_runtime_us->data() + f.rt_runtime_us->size(), runtime);
  std::from_chars(f.rt_period_us->data(), f.rt_period_us->data() + f.rt_period_us->size(), period);
  if (runtime < 0) {
    return {
        Level::kOk,
        "real-time throttling: off (sched_rt_runtime_us = -1): a runaway real-time loop would hold its CPU",
        "", ""};
  }
  const std::string what = "real-time throttling: SCHED_FIFO threads may use " + *f.rt_runtime_us +
                           " us of every " + *f.rt_period_us + " us per CPU";
  // The kernel's default is 95 %: hilsim's loops sleep every period and need far less.
  if (period > 0 && runtime * 100 >= period * 90)
    return {Level::kOk, what + " (a runaway loop cannot lock up the CPU)", "", ""};
  return {
      Level::kWarn, what,
      "a loop that needs more of its CPU than that is stopped by the kernel until the next throttling period",
      "sysctl -w kernel.sched_rt_runtime_us=950000"};
}

}  // namespace hilsim::tools
