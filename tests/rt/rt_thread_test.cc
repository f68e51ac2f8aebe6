// Real threads with real scheduling: the configuration a thread gets, the messages when it cannot
// get it, and (in a child process without CAP_SYS_NICE and with RLIMIT_RTPRIO = 0) the refusal
// message an unprivileged user sees.
#include "rt/rt_thread.h"

#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>

#include "rt/system_info.h"
#include "rt/thread_setup.h"

namespace hilsim::rt {
namespace {

bool may_use_fifo(int priority) {
  return has_capability(CAP_SYS_NICE) || resource_limit(RLIMIT_RTPRIO).soft >= rlim_t(priority);
}

bool mentions(const std::vector<std::string>& problems, const std::string& needle) {
  for (const auto& p : problems) {
    if (p.find(needle) != std::string::npos) return true;
  }
  return false;
}

TEST(RtThread, GetsItsNameCpuAndFifoPriority) {
  if (!may_use_fifo(50)) {
    GTEST_SKIP() << "cannot test SCHED_FIFO here: no CAP_SYS_NICE and RLIMIT_RTPRIO < 50";
  }
  const std::vector<int> cpus = allowed_cpus();
  ThreadConfig config;
  config.name = "hilsim-test";
  config.cpu = cpus.back();
  config.priority = 50;
  char name[16] = {};
  int cpu = -1, policy = -1;
  sched_param param{};
  RtThread thread(config, [&] {
    pthread_getname_np(pthread_self(), name, sizeof name);
    cpu = sched_getcpu();
    pthread_getschedparam(pthread_self(), &policy, &param);
  });
  const ThreadSetupResult& setup = thread.setup();
  EXPECT_TRUE(setup.ok()) << (setup.problems.empty() ? "" : setup.problems.front());
  EXPECT_TRUE(setup.pinned);
  thread.release(true);
  thread.join();
  EXPECT_STREQ(name, "hilsim-test");
  EXPECT_EQ(cpu, config.cpu);
  EXPECT_EQ(policy, SCHED_FIFO);
  EXPECT_EQ(param.sched_priority, 50);
}

TEST(RtThread, AMissingCpuIsNamedWithTheOnlineOnes) {
  ThreadConfig config;
  config.name = "nocpu";
  config.cpu = 4000;
  config.scheduler = Scheduler::kOther;
  RtThread thread(config, [] {});
  const ThreadSetupResult setup = thread.setup();
  thread.release(true);
  EXPECT_FALSE(setup.pinned);
  EXPECT_TRUE(
      mentions(setup.problems, "CPU 4000 is not present (online CPUs: " + format_cpu_list(online_cpus())))
      << setup.problems.front();
  EXPECT_TRUE(mentions(setup.problems, "thread 'nocpu'"));
  // Where a CPU is chosen: the scenario's keys, or bench-rt's own flag.
  EXPECT_TRUE(mentions(setup.problems, "pin to one of them ([rt] cpu_mech, cpu_hyd or [rt.thread.NAME] cpu"));
}

TEST(RtThread, SchedOtherOnRequestIsReportedAsNotRealTime) {
  ThreadConfig config;
  config.name = "other";
  config.scheduler = Scheduler::kOther;
  int policy = -1;
  sched_param param{};
  RtThread thread(config, [&] { pthread_getschedparam(pthread_self(), &policy, &param); });
  const ThreadSetupResult setup = thread.setup();
  thread.release(true);
  thread.join();
  EXPECT_FALSE(setup.real_time);
  EXPECT_FALSE(setup.ok());
  EXPECT_TRUE(mentions(setup.problems, "not real time"));
  EXPECT_EQ(policy, SCHED_OTHER);
}

TEST(RtThread, ACancelledThreadNeverRunsItsBody) {
  ThreadConfig config;
  config.scheduler = Scheduler::kOther;
  std::atomic<bool> ran{false};
  {
    RtThread thread(config, [&] { ran = true; });
    thread.setup();
    thread.release(false);
  }
  EXPECT_FALSE(ran.load());
}

TEST(RtThread, ANonRealTimeThreadKeepsOffTheRealTimeCpus) {
  const std::vector<int> allowed = allowed_cpus();
  std::vector<int> result, now_allowed;
  std::thread t([&] {
    result = keep_off_cpus({allowed.back()});
    now_allowed = allowed_cpus();  // this thread's mask
  });
  t.join();
  EXPECT_EQ(allowed_cpus(), allowed) << "the calling thread's mask only";
  if (allowed.size() == 1) {
    EXPECT_EQ(result, allowed);  // nowhere else to go: left as it was
  } else {
    EXPECT_EQ(std::find(result.begin(), result.end(), allowed.back()), result.end());
    EXPECT_EQ(now_allowed, result);
  }
}

// Removes CAP_SYS_NICE from the calling process's effective and permitted sets (capset(2)) and sets
// RLIMIT_RTPRIO to 0: what an ordinary user has.
bool drop_rt_privileges() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  if (syscall(SYS_capget, &header, data) != 0) return false;
  const unsigned bit = 1u << (CAP_SYS_NICE % 32);
  data[CAP_SYS_NICE / 32].effective &= ~bit;
  data[CAP_SYS_NICE / 32].permitted &= ~bit;
  data[CAP_SYS_NICE / 32].inheritable &= ~bit;
  if (syscall(SYS_capset, &header, data) != 0) return false;
  const rlimit zero{0, 0};
  return setrlimit(RLIMIT_RTPRIO, &zero) == 0;
}

TEST(RtThread, WithoutPrivilegesTheMessageNamesTheCapabilityAndTheLimit) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    std::string report;
    if (!drop_rt_privileges()) {
      report = "setup failed: cannot drop privileges";
    } else {
      ThreadConfig config;
      config.name = "unpriv";
      config.priority = 80;
      RtThread thread(config, [] {});
      const ThreadSetupResult setup = thread.setup();
      thread.release(false);
      report = std::string(setup.real_time ? "real time" : "not real time") + "\n";
      for (const auto& p : setup.problems) report += p + "\n";
    }
    [[maybe_unused]] const auto n = write(fds[1], report.data(), report.size());
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string report;
  char buf[512];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) report.append(buf, static_cast<std::size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(report.rfind("not real time\n", 0), 0u) << report;
  EXPECT_NE(report.find("thread 'unpriv': SCHED_FIFO priority 80 refused (EPERM)"), std::string::npos)
      << report;
  EXPECT_NE(report.find("lacks CAP_SYS_NICE"), std::string::npos) << report;
  EXPECT_NE(report.find("RLIMIT_RTPRIO is 0 (needs >= 80)"), std::string::npos) << report;
  EXPECT_NE(report.find("ulimit -r 80"), std::string::npos) << report;
  EXPECT_NE(report.find("runs SCHED_OTHER"), std::string::npos) << report;
}

}  // namespace
}  // namespace hilsim::rt
