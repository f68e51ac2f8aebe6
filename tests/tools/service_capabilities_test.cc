// The deployment of packaging/systemd/hilsim@.service, without systemd: the real-time path run by an
// unprivileged user (nobody) that holds only CAP_SYS_NICE and CAP_IPC_LOCK, as the unit's
// AmbientCapabilities and CapabilityBoundingSet give them, and resource limits that grant nothing
// (RLIMIT_RTPRIO 0, RLIMIT_MEMLOCK 64 KiB), is granted SCHED_FIFO, its CPUs and memory locking; the
// same user without the two capabilities is refused. At Debian's default RLIMIT_MEMLOCK (8 MiB),
// which holds the process at start-up but not its threads and buffers, a run without the
// capabilities goes to its end and names what it was not granted, --require-rt refuses it (exit 2),
// and `doctor` says so beforehand. Becoming nobody with chosen capabilities takes root and setpriv
// (util-linux).
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

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
    fs::create_directories(dir_ / "out");  // where nobody writes the runs' CSV files
    fs::permissions(dir_ / "out", fs::perms::all);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Runs `hilsim ARGS` as nobody with `capabilities` ("+sys_nice,+ipc_lock" or "") in its
  // inheritable, ambient and bounding sets, RLIMIT_RTPRIO 0 and RLIMIT_MEMLOCK `memlock_kib` (64 KiB
  // by default: limits that grant nothing by themselves).
  test::Outcome run_as_nobody(const std::string& capabilities, const std::string& args,
                              int memlock_kib = 64) const {
    const std::string caps = "-all" + (capabilities.empty() ? "" : "," + capabilities);
    const fs::path out = test::temp_path("service", ".out"), err = test::temp_path("service", ".err");
    const std::string cmd = "setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=" + caps +
                            " --ambient-caps=" + caps + " --bounding-set=" + caps +
                            " -- bash -c 'ulimit -S -r 0 && ulimit -S -l " + std::to_string(memlock_kib) +
                            " && exec \"$0\" \"$@\"' " + (dir_ / "hilsim").string() + " " + args + " >" +
                            out.string() + " 2>" + err.string();
    const int raw = std::system(cmd.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, test::slurp(out), test::slurp(err)};
  }

  // `--out` to a file nobody may write.
  std::string out_flag() const { return " --out " + (dir_ / "out" / "run.csv").string(); }

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

// Debian's default RLIMIT_MEMLOCK.
constexpr int kDefaultMemlockKib = 8192;

// The reasons a run gives for its memory not being locked at the default limit: the limit, the
// missing capability and where to grant either.
void expect_memory_not_locked(const std::string& text) {
  EXPECT_NE(text.find("memory not locked: RLIMIT_MEMLOCK is 8192 KiB"), std::string::npos) << text;
  EXPECT_NE(text.find("lacks CAP_IPC_LOCK"), std::string::npos) << text;
  EXPECT_NE(text.find("LimitMEMLOCK="), std::string::npos) << text;
  EXPECT_NE(text.find("/etc/security/limits.d/"), std::string::npos) << text;
}

// The limit holds what the process maps at start-up, so mlockall(MCL_CURRENT | MCL_FUTURE) used to
// succeed and the first thread stack mapped after it failed with EAGAIN ("internal error: Resource
// temporarily unavailable", exit 1).
TEST_F(ServiceCapabilities, AtTheDefaultMemlockLimitAThreadedRunEndsWithItsVerdict) {
  const test::Outcome o =
      run_as_nobody("", "run --threads --duration 1 --reference none" + out_flag(), kDefaultMemlockKib);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(o.err.find("internal error"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("real time: not tested (an unpaced run; and these settings were not granted:)"),
            std::string::npos)
      << o.out;
  expect_memory_not_locked(o.out);
  EXPECT_NE(o.out.find("lacks CAP_SYS_NICE"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("trajectory: 1001 rows written"), std::string::npos) << o.out;
}

TEST_F(ServiceCapabilities, AtTheDefaultMemlockLimitARealTimeRunWithALiveInputEndsWithItsVerdict) {
  // No controller sends: the watchdog holds κ0 for the second; the UDP ports are this test's.
  const fs::path scenario = dir_ / "udp.toml";
  std::ofstream(scenario) << "[hil]\ninput = \"udp\"\n[udp]\nlisten = \"127.0.0.1:47970\"\n"
                          << "send_to = \"127.0.0.1:47971\"\n";
  fs::permissions(scenario, fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
  const test::Outcome o = run_as_nobody(
      "", "run " + scenario.string() + " --realtime --duration 1 --quiet" + out_flag(), kDefaultMemlockKib);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(o.err.find("internal error"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("real time: NO (not granted"), std::string::npos) << o.out;
  expect_memory_not_locked(o.out);
  EXPECT_NE(o.out.find("NOT REAL TIME"), std::string::npos) << o.out;
}

TEST_F(ServiceCapabilities, AtTheDefaultMemlockLimitRequireRtIsRefusedWithTheReasons) {
  for (const char* mode : {"--realtime", "--threads"}) {
    const test::Outcome o = run_as_nobody(
        "", std::string("run ") + mode + " --require-rt --duration 1 --reference none" + out_flag(),
        kDefaultMemlockKib);
    EXPECT_EQ(o.status, 2) << mode << "\n" << o.out << o.err;
    expect_memory_not_locked(o.err);
    EXPECT_NE(o.err.find("lacks CAP_SYS_NICE"), std::string::npos) << o.err;
    EXPECT_NE(o.err.find("refusing to run"), std::string::npos) << o.err;
    EXPECT_EQ(o.out.find("cycles"), std::string::npos) << "nothing ran: " << o.out;
  }
}

// A contact task's threaded run printed "NOT REAL TIME: ... without the real-time settings listed"
// and listed none.
TEST_F(ServiceCapabilities, AtTheDefaultMemlockLimitAContactTaskEndsWithItsVerdict) {
  const std::string scenario =
      std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/contact_landing_hydraulic.toml";
  const test::Outcome o =
      run_as_nobody("", "run " + scenario + " --realtime --duration 0.2" + out_flag(), kDefaultMemlockKib);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("real time: NO (not granted"), std::string::npos) << o.out;
  expect_memory_not_locked(o.out);
  EXPECT_NE(o.out.find("lacks CAP_SYS_NICE"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("NOT REAL TIME"), std::string::npos) << o.out;
}

TEST_F(ServiceCapabilities, WithTheTwoCapabilitiesTheDefaultMemlockLimitGrantsRealTime) {
  const test::Outcome o = run_as_nobody(
      "+sys_nice,+ipc_lock", "run --realtime --require-rt --duration 0.2 --reference none" + out_flag(),
      kDefaultMemlockKib);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(o.out.find("NOT REAL TIME"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("not granted"), std::string::npos) << o.out;
}

TEST_F(ServiceCapabilities, DoctorSaysBeforehandThatMemoryWillNotBeLocked) {
  const test::Outcome o = run_as_nobody("", "doctor", kDefaultMemlockKib);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("[FAIL] memory will not be locked: no CAP_IPC_LOCK and RLIMIT_MEMLOCK 8192 KiB"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("LimitMEMLOCK="), std::string::npos) << o.out;
  const test::Outcome granted = run_as_nobody("+sys_nice,+ipc_lock", "doctor", kDefaultMemlockKib);
  ASSERT_EQ(granted.status, 0) << granted.out << granted.err;
  EXPECT_NE(granted.out.find("[ ok ] mlockall allowed: the process has CAP_IPC_LOCK"), std::string::npos)
      << granted.out;
}

}  // namespace
}  // namespace hilsim::tools
