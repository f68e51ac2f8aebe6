// The memory-lock check of the process set-up: memory is locked only when what the run maps fits
// RLIMIT_MEMLOCK with room to spare (or the process has CAP_IPC_LOCK, or no limit), the sentence
// when it does not, what the executor maps, and (in a child process without CAP_IPC_LOCK at
// Debian's default limit of 8 MiB) a process that maps more than the limit after its set-up: its
// thread starts and its heap grows, where locked memory made both fail with EAGAIN.
#include "rt/process_setup.h"

#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "rt/plan_executor.h"
#include "rt/system_info.h"

namespace hilsim::rt {
namespace {

constexpr std::size_t kKiB = 1024;
constexpr std::size_t kMiB = 1024 * kKiB;

TEST(MemoryLock, TheCapabilityOrNoLimitLocksWhateverTheRunMaps) {
  const MemoryDemand huge{100 * kMiB, 10'000 * kMiB};
  EXPECT_EQ(memory_lock_refusal(huge, 8 * kMiB, true), "");
  EXPECT_EQ(memory_lock_refusal(huge, RLIM_INFINITY, false), "");
}

TEST(MemoryLock, ALimitMustHoldTheRunWithAQuarterToSpare) {
  const MemoryDemand demand{8 * kMiB, 24 * kMiB};  // 32 MiB, 40 MiB with the quarter
  EXPECT_EQ(demand.with_headroom(), 40 * kMiB);
  EXPECT_EQ(memory_lock_refusal(demand, 40 * kMiB, false), "");
  EXPECT_NE(memory_lock_refusal(demand, 40 * kMiB - 1, false), "");
  EXPECT_NE(memory_lock_refusal(demand, 32 * kMiB, false), "") << "no room for the heap's growth";
}

TEST(MemoryLock, ASmallRunStillKeepsFourMiBToSpare) {
  const MemoryDemand demand{2 * kMiB, 2 * kMiB};
  EXPECT_EQ(demand.with_headroom(), 8 * kMiB);
  EXPECT_NE(memory_lock_refusal(demand, 6 * kMiB, false), "");
}

TEST(MemoryLock, TheRefusalNamesTheLimitTheFiguresAndTheFixes) {
  const std::string s = memory_lock_refusal({7 * kMiB, 20 * kMiB}, 8 * kMiB, false);
  EXPECT_EQ(
      s.rfind("memory not locked: RLIMIT_MEMLOCK is 8192 KiB, less than the run needs (7168 KiB mapped, "
              "20480 KiB more for its threads and buffers: 34560 KiB with room to spare), and the "
              "process lacks CAP_IPC_LOCK; ",
              0),
      0u)
      << s;
  for (const char* fix : {"AmbientCapabilities=CAP_IPC_LOCK", "setcap cap_ipc_lock+ep",
                          "LimitMEMLOCK=infinity", "/etc/security/limits.d/", "ulimit -l unlimited"}) {
    EXPECT_NE(s.find(fix), std::string::npos) << fix << ": " << s;
  }
  EXPECT_EQ(s.find('\n'), std::string::npos) << "one line: " << s;
}

TEST(MemoryLock, TheExecutorMapsItsThreadsStacksAndRings) {
  const ThreadConfig small{.stack_bytes = 256 * kKiB}, large{.stack_bytes = 4 * kMiB};
  const std::size_t one = executor_bytes({small}, 1, 0);
  EXPECT_GT(one, thread_bytes(256 * kKiB) + thread_bytes(default_thread_stack_bytes()));
  EXPECT_GE(executor_bytes({large}, 1, 0) - one, 4 * kMiB - 256 * kKiB);
  EXPECT_GT(executor_bytes({small, small}, 2, 2), 2 * one - thread_bytes(default_thread_stack_bytes()));
  // Two subsystems in one thread map one stack, and both tasks' probe rings.
  EXPECT_GT(executor_bytes({small}, 2, 1), one);
  EXPECT_LT(executor_bytes({small}, 2, 1), executor_bytes({small, small}, 2, 1));
}

TEST(MemoryLock, TheProcessSizeIsReadable) {
  const std::optional<std::size_t> mapped = mapped_bytes();
  ASSERT_TRUE(mapped.has_value());
  EXPECT_GT(*mapped, 1 * kMiB);
}

// Removes CAP_IPC_LOCK from the calling process (capset(2)) and sets RLIMIT_MEMLOCK's soft limit to
// 8 MiB (lowered to the hard limit if that is less): what Debian gives an ordinary user.
bool drop_to_default_memlock() {
  __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct data[2] = {};
  if (syscall(SYS_capget, &header, data) != 0) return false;
  const unsigned bit = 1u << (CAP_IPC_LOCK % 32);
  data[CAP_IPC_LOCK / 32].effective &= ~bit;
  data[CAP_IPC_LOCK / 32].permitted &= ~bit;
  data[CAP_IPC_LOCK / 32].inheritable &= ~bit;
  if (syscall(SYS_capset, &header, data) != 0) return false;
  rlimit limit{};
  if (getrlimit(RLIMIT_MEMLOCK, &limit) != 0) return false;
  limit.rlim_cur = std::min<rlim_t>(8 * kMiB, limit.rlim_max);
  return setrlimit(RLIMIT_MEMLOCK, &limit) == 0;
}

TEST(ProcessSetup, AtTheDefaultLimitMemoryIsNotLockedAndTheRunMapsMoreThanIt) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(fds[0]);
    std::string report;
    if (!drop_to_default_memlock()) {
      report = "setup failed: cannot drop CAP_IPC_LOCK or set RLIMIT_MEMLOCK";
    } else {
      const ProcessSetup setup(16 * kMiB);
      report = std::string(setup.memory_locked() ? "locked" : "not locked") + "\n";
      for (const std::string& p : setup.problems()) report += p + "\n";
      try {  // the child must not return into the test runner
        // A std::thread's stack (8 MiB by default) and 16 MiB of heap, each past the limit.
        std::thread([&report] { report += "thread started\n"; }).join();
        std::vector<char> heap(16 * kMiB);
        std::memset(heap.data(), 1, heap.size());
        report += "heap grew\n";
      } catch (const std::exception& e) {
        report += std::string("failed: ") + e.what() + "\n";
      }
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
  ASSERT_TRUE(WIFEXITED(status)) << report;
  ASSERT_EQ(report.rfind("not locked\n", 0), 0u) << report;
  EXPECT_NE(report.find("memory not locked: RLIMIT_MEMLOCK is "), std::string::npos) << report;
  EXPECT_NE(report.find("lacks CAP_IPC_LOCK"), std::string::npos) << report;
  EXPECT_NE(report.find("thread started\n"), std::string::npos) << report;
  EXPECT_NE(report.find("heap grew\n"), std::string::npos) << report;
}

}  // namespace
}  // namespace hilsim::rt
