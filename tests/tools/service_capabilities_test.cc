// The deployment of packaging/systemd/hilsim@.service, without systemd: the real-time path run by an
// unprivileged user (nobody) that holds only CAP_SYS_NICE and CAP_IPC_LOCK, as the unit's
// AmbientCapabilities and CapabilityBoundingSet give them, and resource limits that grant nothing
// (RLIMIT_RTPRIO 0, RLIMIT_MEMLOCK 64 KiB), is granted SCHED_FIFO, its CPUs and memory locking; the
// same user without the two capabilities is refused. Becoming nobody with chosen capabilities takes
// root and setpriv (util-linux).
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "rt/system_info.h"
#include "tests/tools/binary_harness.h"

namespace hilsim::tools {
namespace {

namespace fs = std::filesystem;

class ServiceCapabilities : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0 || !rt::has_capability(CAP_SETUID)) {
      GTEST_SKIP() << "not root: cannot become another user with chosen capabilities";
    }
    if (std::system("command -v setpriv >/dev/null 2>&1") != 0)
      GTEST_SKIP() << "setpriv (util-linux) is not installed";
    // A copy nobody may execute wherever the build directory is (hilsim links its libraries statically).
    dir_ = test::temp_path("service", ".d");
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy_file(HILSIM_BINARY, dir_ / "hilsim");
    fs::permissions(dir_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Runs `hilsim ARGS` as nobody with `capabilities` ("+sys_nice,+ipc_lock" or "") in its
  // inheritable, ambient and bounding sets, and limits that grant nothing by themselves.
  test::Outcome run_as_nobody(const std::string& capabilities, const std::string& args) const {
    const std::string caps = "-all" + (capabilities.empty() ? "" : "," + capabilities);
    const fs::path out = test::temp_path("service", ".out"), err = test::temp_path("service", ".err");
    const std::string cmd = "setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=" + caps +
                            " --ambient-caps=" + caps + " --bounding-set=" + caps +
                            " -- bash -c 'ulimit -S -r 0 && ulimit -S -l 64 && exec \"$0\" \"$@\"' " +
                            (dir_ / "hilsim").string() + " " + args + " >" + out.string() + " 2>" +
                            err.string();
    const int raw = std::system(cmd.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, test::slurp(out), test::slurp(err)};
  }

  fs::path dir_;
};

TEST_F(ServiceCapabilities, TheTwoCapabilitiesGrantSchedFifoAndMemoryLocking) {
  const test::Outcome o =
      run_as_nobody("+sys_nice,+ipc_lock", "run --realtime --require-rt --duration 0.2 --reference none");
  ASSERT_EQ(o.status, 0) << o.out << o.err;  // --require-rt: refused unless mlockall, SCHED_FIFO and pinning
  EXPECT_NE(o.out.find(", SCHED_FIFO 80)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find(", SCHED_FIFO 70)"), std::string::npos) << o.out;
  const bool granted = o.out.find("real time: yes (memory locked;") != std::string::npos ||
                       o.out.find("(the settings were granted)") != std::string::npos;
  EXPECT_TRUE(granted) << o.out;
  EXPECT_EQ(o.out.find("NOT REAL TIME"), std::string::npos) << o.out;
  // /dev/cpu_dma_latency is root's: the run says so once and goes on, --require-rt or not (docs/realtime.md).
  EXPECT_NE(o.out.find("note: cannot hold /dev/cpu_dma_latency at 0 us (Permission denied)"),
            std::string::npos)
      << o.out;
}

TEST_F(ServiceCapabilities, WithoutThemTheSameUserIsRefused) {
  const test::Outcome o = run_as_nobody("", "run --realtime --require-rt --duration 0.2 --reference none");
  EXPECT_EQ(o.status, 2) << o.out << o.err;
  EXPECT_NE(o.err.find("lacks CAP_IPC_LOCK"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("lacks CAP_SYS_NICE"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("refusing to run"), std::string::npos) << o.err;
}

// The thread report used to print the configured policy ("mechanics ... (CPU 1, SCHED_FIFO 70)")
// lines after the verdict had said that very thread runs SCHED_OTHER.
TEST_F(ServiceCapabilities, TheThreadReportSaysThePolicyTheThreadsGot) {
  const test::Outcome o = run_as_nobody("", "run --realtime --duration 0.2 --reference none");
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("runs SCHED_OTHER"), std::string::npos) << o.out;  // the verdict's reason
  EXPECT_EQ(o.out.find(", SCHED_FIFO 70)"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find(", SCHED_FIFO 80)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("SCHED_OTHER: SCHED_FIFO 70 not granted)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("SCHED_OTHER: SCHED_FIFO 80 not granted)"), std::string::npos) << o.out;
}

}  // namespace
}  // namespace hilsim::tools
