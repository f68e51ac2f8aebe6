#include "tools/system/doctor_checks.h"

#include <linux/capability.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>

#include "rt/process_setup.h"
#include "rt/system_info.h"
#include "rt/thread_setup.h"
#include "tools/system/cyclictest.h"
#include "tools/system/interrupt_checks.h"
#include "tools/system/isolation_checks.h"
#include "tools/system/power_checks.h"

namespace hilsim::tools {

using Level = Finding::Level;

std::string parse_debugfs_preempt(const std::string& line) {
  const std::size_t open = line.find('('), close = line.find(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  return line.substr(open + 1, close - open - 1);
}

namespace {

// "Dynamic Preempt: none" in the kernel log of PREEMPT_DYNAMIC kernels (dmesg may be restricted).
std::string preempt_from_dmesg() {
  FILE* pipe = popen("dmesg 2>/dev/null", "r");
  if (!pipe) return "";
  std::string model;
  char line[512];
  while (std::fgets(line, sizeof line, pipe)) {
    const std::string s(line);
    const std::size_t at = s.find("Dynamic Preempt: ");
    if (at != std::string::npos) {
      model = s.substr(at + 17);
      while (!model.empty() && (model.back() == '\n' || model.back() == ' ')) model.pop_back();
    }
  }
  pclose(pipe);
  return model;
}

std::string preempt_from_config(const std::string& release) {
  std::ifstream in("/boot/config-" + release);
  std::string line, model;
  while (std::getline(in, line)) {
    if (line == "CONFIG_PREEMPT_RT=y") return "rt";
    if (line == "CONFIG_PREEMPT=y") model = "full";
    if (line == "CONFIG_PREEMPT_VOLUNTARY=y" && model.empty()) model = "voluntary";
    if (line == "CONFIG_PREEMPT_NONE=y" && model.empty()) model = "none";
  }
  return model;
}

Finding kernel_finding(const rt::KernelInfo& k) {
  if (k.preempt_rt)
    return {Level::kOk, "kernel " + k.release + " is PREEMPT_RT (" + k.preempt_rt_evidence + ")", ""};
  return {Level::kWarn,
          "kernel " + k.release + " is not PREEMPT_RT (" + k.preempt_rt_evidence +
              "; uname -v: " + k.version + ")",
          "for bounded latencies boot a PREEMPT_RT kernel (Debian: apt-get install linux-image-rt-amd64); a "
          "standard "
          "kernel gives tens of microseconds typically and occasional outliers of milliseconds"};
}

Finding preemption_finding() {
  const PreemptionModel p = preemption_model();
  if (p.model.empty())
    return {Level::kWarn, "kernel preemption model: unknown (no debugfs, kernel log or /boot config)", ""};
  const std::string what = "kernel preemption model: " + p.model + " (" + p.source + ")";
  if (p.model == "full" || p.model == "rt") return {Level::kOk, what, ""};
  return {Level::kWarn, what,
          "a real-time thread waits until a task running in the kernel reaches a preemption point; boot with "
          "preempt=full (PREEMPT_DYNAMIC kernels; at run time: echo full > /sys/kernel/debug/sched/preempt)"};
}

Finding rtprio_finding(const rt::RtSettings& rt) {
  int needed = std::max(rt.others.priority, rt.fastest.priority);
  for (const auto& [name, thread] : rt.threads) needed = std::max(needed, thread.priority);
  const rt::ResourceLimit lim = rt::resource_limit(RLIMIT_RTPRIO);
  const std::string limits =
      "RLIMIT_RTPRIO " + rt::describe_limit(lim.soft) + " (hard " + rt::describe_limit(lim.hard) + ")";
  if (rt::has_capability(CAP_SYS_NICE)) {
    return {Level::kOk, "SCHED_FIFO allowed: the process has CAP_SYS_NICE (" + limits + " does not apply)",
            ""};
  }
  if (lim.soft == RLIM_INFINITY || lim.soft >= static_cast<rlim_t>(needed)) {
    return {Level::kOk, "SCHED_FIFO up to priority " + rt::describe_limit(lim.soft) + " allowed by " + limits,
            ""};
  }
  return {Level::kFail,
          "SCHED_FIFO priority " + std::to_string(needed) + " not allowed: no CAP_SYS_NICE and " + limits,
          rt::explain_fifo_refusal(needed).substr(rt::explain_fifo_refusal(needed).find("; ") + 2)};
}

std::vector<Finding> cpu_findings(const rt::RtSettings& rt) {
  std::vector<Finding> out;
  const std::vector<int> online = rt::online_cpus();
  std::vector<std::pair<std::string, int>> threads = {{"[rt] cpu_mech", rt.others.cpu},
                                                      {"[rt] cpu_hyd", rt.fastest.cpu}};
  for (const auto& [name, thread] : rt.threads) {
    if (thread.cpu >= 0) threads.emplace_back("[rt.thread." + name + "] cpu", thread.cpu);
  }
  for (const auto& [who, cpu] : threads) {
    if (cpu < 0) {
      out.push_back({Level::kWarn, who + " = -1: the thread is not pinned",
                     "pin it to a CPU (online: " + rt::format_cpu_list(online) + ")"});
      continue;
    }
    const std::string problem = rt::check_cpu(cpu);
    if (problem.empty()) {
      out.push_back({Level::kOk,
                     who + " = " + std::to_string(cpu) +
                         ": present and allowed (online CPUs: " + rt::format_cpu_list(online) + ")",
                     ""});
    } else {
      out.push_back({Level::kFail, who + " = " + std::to_string(cpu) + ": " + problem, ""});
    }
  }
  if (rt.others.cpu >= 0 && rt.others.cpu == rt.fastest.cpu) {
    out.push_back({Level::kOk,
                   "the threads share CPU " + std::to_string(rt.others.cpu) +
                       " by default (the hydraulics at priority " + std::to_string(rt.fastest.priority) +
                       " preempt the mechanics at " + std::to_string(rt.others.priority) + ")",
                   ""});
  }
  return out;
}

Finding cyclictest_finding() {
  if (const auto path = find_cyclictest())
    return {Level::kOk, "cyclictest: " + *path + " (hilsim bench-rt compares with it)", ""};
  return {Level::kWarn, "cyclictest: not found; hilsim bench-rt will show only its own figures",
          "install it (Debian: apt-get install rt-tests)"};
}

}  // namespace

Finding memlock_finding(const rt::MemoryDemand& demand, rlim_t memlock_soft, bool cap_ipc_lock) {
  const std::string limit =
      "RLIMIT_MEMLOCK " + (memlock_soft == RLIM_INFINITY ? std::string("unlimited")
                                                         : std::to_string(memlock_soft / 1024) + " KiB");
  if (cap_ipc_lock)
    return {Level::kOk, "mlockall allowed: the process has CAP_IPC_LOCK (" + limit + " does not apply)", ""};
  if (memlock_soft == RLIM_INFINITY) return {Level::kOk, "mlockall allowed: " + limit, ""};
  const std::string figures = " a threaded run of this scenario needs (" + rt::describe(demand) + ")";
  if (rt::memory_lock_refusal(demand, memlock_soft, cap_ipc_lock).empty())
    return {Level::kOk, "mlockall allowed: " + limit + " holds what" + figures, ""};
  // What rt::ProcessSetup will decide: the run goes on unlocked, --require-rt refuses it.
  return {Level::kFail, "memory will not be locked: no CAP_IPC_LOCK and " + limit + ", less than" + figures,
          "a run goes on with its memory not locked (pages may be paged out) and --require-rt refuses it; " +
              rt::memory_lock_fixes()};
}

PreemptionModel preemption_model() {
  if (const auto line = rt::read_first_line("/sys/kernel/debug/sched/preempt")) {
    const std::string m = parse_debugfs_preempt(*line);
    if (!m.empty()) return {m, "/sys/kernel/debug/sched/preempt"};
  }
  const rt::KernelInfo k = rt::kernel_info();
  if (k.preempt_rt) return {"rt", k.preempt_rt_evidence};
  if (std::string m = preempt_from_dmesg(); !m.empty()) return {m, "kernel log: Dynamic Preempt"};
  if (std::string m = preempt_from_config(k.release); !m.empty()) return {m, "/boot/config-" + k.release};
  return {};
}

std::vector<int> pinned_real_time_cpus(const rt::RtSettings& rt, const std::vector<int>& online) {
  std::set<int> cpus;
  for (const int cpu : rt::real_time_cpus(rt)) {
    if (std::find(online.begin(), online.end(), cpu) != online.end()) cpus.insert(cpu);
  }
  return {cpus.begin(), cpus.end()};
}

std::vector<Finding> doctor_findings(const rt::RtSettings& rt, const MachineFacts& facts,
                                     std::size_t run_bytes) {
  const rt::KernelInfo k = rt::kernel_info();
  std::vector<Finding> out = {kernel_finding(k)};
  if (!k.preempt_rt) out.push_back(preemption_finding());
  out.push_back(rtprio_finding(rt));
  // This process's size stands for a run's at its set-up: the same program, before its threads.
  const rt::MemoryDemand demand{rt::mapped_bytes().value_or(0), run_bytes};
  out.push_back(
      memlock_finding(demand, rt::resource_limit(RLIMIT_MEMLOCK).soft, rt::has_capability(CAP_IPC_LOCK)));
  for (Finding& f : cpu_findings(rt)) out.push_back(std::move(f));
  const std::vector<int> rt_cpus = pinned_real_time_cpus(rt, facts.online);
  out.push_back(throttling_finding(facts));
  out.push_back(isolcpus_finding(facts, rt_cpus));
  out.push_back(nohz_full_finding(facts, rt_cpus));
  out.push_back(rcu_nocbs_finding(facts, rt_cpus));
  out.push_back(smt_finding(facts, rt_cpus));
  for (Finding& f : irq_affinity_findings(facts, rt_cpus)) out.push_back(std::move(f));
  out.push_back(governor_finding(facts, rt_cpus));
  out.push_back(idle_state_finding(facts, rt_cpus));
  out.push_back(cyclictest_finding());
  return out;
}

}  // namespace hilsim::tools
