// The tuning checks of `hilsim doctor` on fixture texts of procfs and sysfs (the kernel's own
// formats), and once on this machine's real files; memory locking on chosen figures.
#include "tools/system/doctor_checks.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tools/system/interrupt_checks.h"
#include "tools/system/isolation_checks.h"
#include "tools/system/machine_facts.h"
#include "tools/system/power_checks.h"

namespace hilsim::tools {
namespace {

using Level = Finding::Level;

const std::string kDebianCmdline = "BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-rt-amd64 root=UUID=1c2d ro quiet";

MachineFacts four_cpus(const std::string& cmdline) {
  MachineFacts f;
  f.cmdline = cmdline;
  f.online = {0, 1, 2, 3};
  return f;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(KernelCommandLine, ReadsParametersBeforeTheArgumentsOfInit) {
  const std::string line =
      "root=/dev/sda1 isolcpus=1 isolcpus=domain,managed_irq,2-3 nohz_full=2-3 rcu_nocbs quiet "
      "-- isolcpus=0";
  EXPECT_EQ(kernel_parameter(line, "isolcpus"), "domain,managed_irq,2-3");  // the last one counts
  EXPECT_EQ(kernel_parameter(line, "nohz_full"), "2-3");
  EXPECT_EQ(kernel_parameter(line, "rcu_nocbs"), "");
  EXPECT_EQ(kernel_parameter(line, "nohz"), std::nullopt);
  EXPECT_EQ(kernel_parameter("quiet -- isolcpus=0", "isolcpus"), std::nullopt);
}

TEST(KernelCommandLine, ReadsCpuListsWithFlagsAndTheLastCpu) {
  const std::vector<int> online = {0, 1, 2, 3};
  EXPECT_EQ(parameter_cpus("domain,managed_irq,2-3", online), (std::vector<int>{2, 3}));
  EXPECT_EQ(parameter_cpus("nohz,1", online), (std::vector<int>{1}));
  EXPECT_EQ(parameter_cpus("1-N", online), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(parameter_cpus("all", online), online);
  EXPECT_EQ(parameter_cpus("", online), online);
  EXPECT_EQ(parameter_cpus("two", online), std::nullopt);
}

TEST(IsolationChecks, IsolatedCpusFromSysfsAgainstTheRealTimeCpus) {
  MachineFacts f = four_cpus(kDebianCmdline);
  f.isolated = "";
  Finding none = isolcpus_finding(f, {1});
  EXPECT_EQ(none.level, Level::kWarn);
  EXPECT_TRUE(contains(none.fix, "isolcpus=1")) << none.fix;
  EXPECT_TRUE(contains(none.fix, "update-grub")) << none.fix;

  f.isolated = "2-3";
  const Finding other = isolcpus_finding(f, {1});
  EXPECT_EQ(other.level, Level::kWarn);
  EXPECT_TRUE(contains(other.what, "CPU 1 is not")) << other.what;

  f.cmdline = kDebianCmdline + " isolcpus=1";
  f.isolated = "1";
  EXPECT_EQ(isolcpus_finding(f, {1}).level, Level::kOk);
}

TEST(IsolationChecks, NohzFullFromSysfsOrTheCommandLine) {
  MachineFacts f = four_cpus(kDebianCmdline);
  f.nohz_full = "(null)";  // what the kernel prints without nohz_full=
  const Finding none = nohz_full_finding(f, {1, 2});
  EXPECT_EQ(none.level, Level::kWarn);
  EXPECT_TRUE(contains(none.fix, "nohz_full=1-2")) << none.fix;
  f.nohz_full = "1-2";
  EXPECT_EQ(nohz_full_finding(f, {1, 2}).level, Level::kOk);
  f.nohz_full.reset();  // a kernel without CONFIG_NO_HZ_FULL has no such file
  f.cmdline = kDebianCmdline + " nohz_full=1-3";
  EXPECT_EQ(nohz_full_finding(f, {1, 2}).level, Level::kOk);
}

TEST(IsolationChecks, RcuCallbacksOffloadedExplicitlyOrByNohzFull) {
  MachineFacts f = four_cpus(kDebianCmdline);
  const Finding none = rcu_nocbs_finding(f, {1});
  EXPECT_EQ(none.level, Level::kWarn);
  EXPECT_TRUE(contains(none.fix, "rcu_nocbs=1")) << none.fix;
  f.cmdline = kDebianCmdline + " rcu_nocbs=1";
  EXPECT_EQ(rcu_nocbs_finding(f, {1}).level, Level::kOk);
  f.cmdline = kDebianCmdline + " nohz_full=1";  // nohz_full implies rcu_nocbs for its CPUs
  EXPECT_EQ(rcu_nocbs_finding(f, {1}).level, Level::kOk);
}

TEST(IsolationChecks, AnSmtSiblingDoingOtherWorkIsAWarning) {
  MachineFacts f = four_cpus(kDebianCmdline);
  f.thread_siblings = {{0, "0,2"}, {1, "1,3"}, {2, "0,2"}, {3, "1,3"}};
  f.isolated = "1";
  const Finding shared = smt_finding(f, {1});
  EXPECT_EQ(shared.level, Level::kWarn);
  EXPECT_TRUE(contains(shared.what, "CPU 3")) << shared.what;
  EXPECT_TRUE(contains(shared.fix, "/sys/devices/system/cpu/smt/control")) << shared.fix;
  f.isolated = "1,3";  // the sibling is kept idle too
  EXPECT_EQ(smt_finding(f, {1}).level, Level::kOk);
  f.thread_siblings = {{1, "1"}};
  EXPECT_EQ(smt_finding(f, {1}).level, Level::kOk);
}

TEST(IsolationChecks, ThrottlingBelowTheDefaultBudgetIsAWarning) {
  MachineFacts f = four_cpus(kDebianCmdline);
  f.rt_runtime_us = "950000";
  f.rt_period_us = "1000000";
  EXPECT_EQ(throttling_finding(f).level, Level::kOk);
  f.rt_runtime_us = "-1";
  EXPECT_EQ(throttling_finding(f).level, Level::kOk);
  EXPECT_TRUE(contains(throttling_finding(f).what, "off")) << throttling_finding(f).what;
  f.rt_runtime_us = "500000";
  const Finding low = throttling_finding(f);
  EXPECT_EQ(low.level, Level::kWarn);
  EXPECT_TRUE(contains(low.fix, "sysctl -w kernel.sched_rt_runtime_us=950000")) << low.fix;
}

// /proc/interrupts of a 2-CPU virtual machine (virtio NIC) and of a PCI NIC with per-queue vectors.
const std::string kInterrupts =
    "           CPU0       CPU1       \n"
    " 26:          0         14  IO-APIC   4-edge      ttyS0\n"
    " 37:          0          0 PCI-MSIX-0000:00:03.0   0-edge      virtio2-config\n"
    " 38:          0      17842 PCI-MSIX-0000:00:03.0   1-edge      virtio2-input.0\n"
    " 39:      16648          0 PCI-MSIX-0000:00:03.0   2-edge      virtio2-output.0\n"
    " 40:          0          0 PCI-MSIX-0000:00:04.0   0-edge      virtio20-config\n"
    " 51:        100          3 IR-PCI-MSI 1572864-edge      enp3s0-TxRx-0\n"
    " 52:          7         99 IR-PCI-MSI 1572865-edge      enp3s0-TxRx-1\n"
    "NMI:          0          0   Non-maskable interrupts\n"
    "LOC:   15326382   26724968   Local timer interrupts\n";

TEST(InterruptChecks, FindsAnInterfacesInterruptsByItsNameAndItsDevice) {
  EXPECT_EQ(interface_irqs(kInterrupts, {"eth0", "virtio2", {}}), (std::vector<int>{37, 38, 39}));
  EXPECT_EQ(interface_irqs(kInterrupts, {"enp3s0", "0000:03:00.0", {}}), (std::vector<int>{51, 52}));
  EXPECT_EQ(interface_irqs(kInterrupts, {"can0", "1-1:1.0", {126}}), (std::vector<int>{126}));
}

TEST(InterruptChecks, AnInterruptAllowedOnARealTimeCpuIsAWarningWithItsFix) {
  MachineFacts f;
  f.online = {0, 1};
  f.interrupts = kInterrupts;
  f.interfaces = {{"eth0", "virtio2", {37, 38, 39}}};
  f.irq_affinity = {{37, "0"}, {38, "0-1"}, {39, "0"}};
  std::vector<Finding> found = irq_affinity_findings(f, {1});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].level, Level::kWarn);
  EXPECT_TRUE(contains(found[0].what, "IRQ 38")) << found[0].what;
  EXPECT_EQ(found[0].fix, "echo 0 > /proc/irq/38/smp_affinity_list");

  f.irq_affinity[38] = "0";
  found = irq_affinity_findings(f, {1});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].level, Level::kOk);

  // Every CPU runs real-time threads: no CPU to move the interrupts to.
  f.irq_affinity[38] = "0-1";
  found = irq_affinity_findings(f, {0, 1});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].level, Level::kWarn);
  EXPECT_TRUE(found[0].fix.empty()) << found[0].fix;

  f.interfaces.clear();
  found = irq_affinity_findings(f, {1});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].level, Level::kOk);
}

TEST(PowerChecks, AGovernorOtherThanPerformanceOnARealTimeCpuIsAWarning) {
  MachineFacts f = four_cpus(kDebianCmdline);
  EXPECT_EQ(governor_finding(f, {1}).level, Level::kOk);  // no cpufreq: a virtual machine
  f.governors = {{0, "powersave"}, {1, "performance"}};
  EXPECT_EQ(governor_finding(f, {1}).level, Level::kOk);
  f.governors[1] = "schedutil";
  const Finding slow = governor_finding(f, {1});
  EXPECT_EQ(slow.level, Level::kWarn);
  EXPECT_TRUE(contains(slow.fix, "echo performance > /sys/devices/system/cpu/cpu1/cpufreq/scaling_governor"))
      << slow.fix;
}

TEST(PowerChecks, DeepIdleStatesNeedTheLatencyRequestTheRunHolds) {
  MachineFacts f = four_cpus(kDebianCmdline);
  f.idle_states[1] = {{"POLL", 0, false}, {"haltpoll idle", 1, false}};
  EXPECT_EQ(idle_state_finding(f, {1}).level, Level::kOk);  // nothing deeper than C1

  f.idle_states[1] = {{"POLL", 0, false}, {"C1", 2, false}, {"C6", 133, false}};
  f.dma_latency_writable = true;
  const Finding held = idle_state_finding(f, {1});
  EXPECT_EQ(held.level, Level::kOk);
  EXPECT_TRUE(contains(held.what, "C6")) << held.what;

  f.dma_latency_writable = false;
  const Finding refused = idle_state_finding(f, {1});
  EXPECT_EQ(refused.level, Level::kWarn);
  EXPECT_TRUE(contains(refused.fix, "cpu_dma_latency")) << refused.fix;

  f.idle_states[1][2].disabled = true;  // C6 switched off: nothing deep is left
  EXPECT_EQ(idle_state_finding(f, {1}).level, Level::kOk);
}

TEST(MachineFacts, ReadsAFixtureTreeAsTheMachine) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / "hilsim_doctor_fixture";
  fs::remove_all(root);
  const auto put = [&root](const std::string& path, const std::string& text) {
    fs::create_directories((root / path).parent_path());
    std::ofstream(root / path) << text;
  };
  put("proc/cmdline", kDebianCmdline + " isolcpus=1\n");
  put("sys/devices/system/cpu/online", "0-1\n");
  put("sys/devices/system/cpu/isolated", "1\n");
  put("sys/devices/system/cpu/cpu1/topology/thread_siblings_list", "1\n");
  put("sys/devices/system/cpu/cpu1/cpuidle/state0/name", "POLL\n");
  put("sys/devices/system/cpu/cpu1/cpuidle/state0/latency", "0\n");
  put("sys/devices/system/cpu/cpu1/cpuidle/state1/name", "C6\n");
  put("sys/devices/system/cpu/cpu1/cpuidle/state1/latency", "133\n");
  put("sys/devices/system/cpu/cpu1/cpuidle/state1/disable", "1\n");
  put("proc/irq/38/smp_affinity_list", "0-1\n");
  put("proc/interrupts", kInterrupts);
  put("sys/devices/pci0000:00/0000:00:03.0/msi_irqs/38", "msix\n");
  put("sys/devices/pci0000:00/0000:00:03.0/virtio2/net/eth0/x", "");
  fs::create_directories(root / "sys/class/net");
  fs::create_directory_symlink(root / "sys/devices/pci0000:00/0000:00:03.0/virtio2/net/eth0",
                               root / "sys/class/net/eth0");
  fs::create_directory_symlink(root / "sys/devices/pci0000:00/0000:00:03.0/virtio2",
                               root / "sys/devices/pci0000:00/0000:00:03.0/virtio2/net/eth0/device");

  const MachineFacts f = read_machine_facts(SystemFiles(root));
  EXPECT_EQ(f.cmdline, kDebianCmdline + " isolcpus=1");
  EXPECT_EQ(f.online, (std::vector<int>{0, 1}));
  EXPECT_EQ(f.isolated, "1");
  EXPECT_EQ(f.thread_siblings.at(1), "1");
  ASSERT_EQ(f.idle_states.at(1).size(), 2u);
  EXPECT_EQ(f.idle_states.at(1)[1].name, "C6");
  EXPECT_EQ(f.idle_states.at(1)[1].latency_us, 133);
  EXPECT_TRUE(f.idle_states.at(1)[1].disabled);
  EXPECT_EQ(f.irq_affinity.at(38), "0-1");
  ASSERT_EQ(f.interfaces.size(), 1u);
  EXPECT_EQ(f.interfaces[0].name, "eth0");
  EXPECT_EQ(f.interfaces[0].device, "virtio2");
  EXPECT_EQ(f.interfaces[0].irqs, (std::vector<int>{38}));  // its parent PCI device's
  EXPECT_FALSE(f.dma_latency_us.has_value());
  fs::remove_all(root);
}

TEST(MachineFacts, ReadsThisMachine) {
  const MachineFacts f = read_machine_facts(SystemFiles("/"));
  EXPECT_FALSE(f.cmdline.empty());
  EXPECT_FALSE(f.online.empty());
  EXPECT_TRUE(f.rt_runtime_us.has_value());
  EXPECT_TRUE(contains(f.interrupts, "CPU0")) << f.interrupts.substr(0, 200);
  EXPECT_FALSE(f.irq_affinity.empty());
  // Every check runs on the real texts and says something.
  const std::vector<int> rt_cpus = {f.online.back()};
  for (const Finding& finding :
       {isolcpus_finding(f, rt_cpus), nohz_full_finding(f, rt_cpus), rcu_nocbs_finding(f, rt_cpus),
        smt_finding(f, rt_cpus), throttling_finding(f), governor_finding(f, rt_cpus),
        idle_state_finding(f, rt_cpus)}) {
    EXPECT_FALSE(finding.what.empty());
  }
  for (const Finding& finding : irq_affinity_findings(f, rt_cpus)) EXPECT_FALSE(finding.what.empty());
}

// The finding decides as a run's set-up does (rt::memory_lock_refusal): the same figures, the same
// answer, before the run.
TEST(MemlockFinding, SaysWhatTheRunsSetUpWillDecide) {
  constexpr std::size_t kMiB = 1024 * 1024;
  const rt::MemoryDemand demand{7 * kMiB, 20 * kMiB};  // 27 MiB, 33.75 MiB with room to spare
  const Finding refused = memlock_finding(demand, 8 * kMiB, false);
  EXPECT_EQ(refused.level, Level::kFail);
  EXPECT_EQ(
      refused.what,
      "memory will not be locked: no CAP_IPC_LOCK and RLIMIT_MEMLOCK 8192 KiB, less than a threaded run "
      "of this scenario needs (7168 KiB mapped, 20480 KiB more for its threads and buffers: 34560 KiB "
      "with room to spare)");
  EXPECT_TRUE(contains(refused.advice, "--require-rt refuses it")) << refused.advice;
  EXPECT_TRUE(contains(refused.advice, "LimitMEMLOCK=infinity")) << refused.advice;
  EXPECT_TRUE(contains(refused.advice, "/etc/security/limits.d/")) << refused.advice;
  EXPECT_EQ(memlock_finding(demand, 33 * kMiB, false).level, Level::kFail);
  EXPECT_EQ(memlock_finding(demand, 34 * kMiB, false).level, Level::kOk);
  const Finding fits = memlock_finding(demand, 64 * kMiB, false);
  EXPECT_EQ(fits.level, Level::kOk);
  EXPECT_TRUE(contains(fits.what, "mlockall allowed: RLIMIT_MEMLOCK 65536 KiB holds what a threaded run"))
      << fits.what;
  EXPECT_EQ(memlock_finding(demand, 8 * kMiB, true).level, Level::kOk);
  EXPECT_EQ(memlock_finding(demand, RLIM_INFINITY, false).level, Level::kOk);
}

}  // namespace
}  // namespace hilsim::tools
