// The bridges' I/O thread set-up on real threads: off the real-time CPUs, SCHED_OTHER unless a
// priority is asked for, SCHED_FIFO when it is granted, and a sentence when it is not.
#include "rt/io_thread.h"

#include <gtest/gtest.h>
#include <linux/capability.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <thread>

#include "rt/system_info.h"

namespace hilsim::rt {
namespace {

struct Observed {
  IoThreadSetup setup;
  int policy = -1;
  int priority = -1;
  std::vector<int> cpus;  // where it may run afterwards
};

Observed run_in_thread(const IoThreadPlacement& placement) {
  Observed o;
  std::thread t([&] {
    o.setup = enter_io_thread("hilsim-io-test", placement);
    sched_param param{};
    pthread_getschedparam(pthread_self(), &o.policy, &param);
    o.priority = param.sched_priority;
    o.cpus = allowed_cpus();
  });
  t.join();
  return o;
}

TEST(IoThread, KeepsOffTheRealTimeCpusAtSchedOtherByDefault) {
  const std::vector<int> cpus = allowed_cpus();
  if (cpus.size() < 2) GTEST_SKIP() << "needs two allowed CPUs";
  const Observed o = run_in_thread({{cpus.back()}, 0});
  EXPECT_EQ(o.policy, SCHED_OTHER);
  EXPECT_TRUE(o.setup.problem.empty()) << o.setup.problem;
  EXPECT_EQ(std::count(o.cpus.begin(), o.cpus.end(), cpus.back()), 0);
  EXPECT_EQ(o.setup.description.rfind("SCHED_OTHER on CPU", 0), 0u) << o.setup.description;
  EXPECT_EQ(o.setup.description.find(std::to_string(cpus.back()) + ","), std::string::npos);
}

TEST(IoThread, SaysSoWhenNoOtherCpuIsAllowed) {
  const Observed o = run_in_thread({allowed_cpus(), 0});
  EXPECT_NE(o.setup.problem.find("shares"), std::string::npos) << o.setup.problem;
}

TEST(IoThread, RunsSchedFifoAtTheGivenPriorityOrSaysWhyNot) {
  const bool may = has_capability(CAP_SYS_NICE) || resource_limit(RLIMIT_RTPRIO).soft >= rlim_t(30);
  const Observed o = run_in_thread({{}, 30});
  if (may) {
    EXPECT_EQ(o.policy, SCHED_FIFO);
    EXPECT_EQ(o.priority, 30);
    EXPECT_TRUE(o.setup.problem.empty()) << o.setup.problem;
    EXPECT_EQ(o.setup.description.rfind("SCHED_FIFO 30 on CPU", 0), 0u) << o.setup.description;
  } else {
    EXPECT_EQ(o.policy, SCHED_OTHER);
    EXPECT_NE(o.setup.problem.find("SCHED_FIFO"), std::string::npos) << o.setup.problem;
    EXPECT_EQ(o.setup.description.rfind("SCHED_OTHER", 0), 0u) << o.setup.description;
  }
}

}  // namespace
}  // namespace hilsim::rt
