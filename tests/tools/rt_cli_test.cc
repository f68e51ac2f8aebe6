// `hilsim run --threads` and `--realtime` through the binary: CSV files byte-identical to the
// offline run of the same scenario, the refusal of an unprivileged `--require-rt` run (exit 2), and
// the plain "not real time" report when it runs anyway.
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rt/system_info.h"
#include "tests/tools/binary_harness.h"

namespace {

namespace fs = std::filesystem;

using hilsim::test::Outcome;
using hilsim::test::slurp;

fs::path rt_cli_temp(const std::string& suffix) { return hilsim::test::temp_path("rt_cli", suffix); }

// Runs `prefix hilsim args` through the shell.
Outcome run(const std::string& args, const std::string& prefix = "") {
  return hilsim::test::run_hilsim("rt_cli", args, prefix);
}

void expect_same_csv_as_offline(const std::string& scenario_args, const std::string& mode) {
  const fs::path offline = rt_cli_temp("_offline.csv"), threaded = rt_cli_temp("_rt.csv");
  const Outcome a = run("run --quiet --reference none " + scenario_args + " --out " + offline.string());
  ASSERT_EQ(a.status, 0) << a.err;
  const Outcome b =
      run("run --quiet --reference none " + mode + " " + scenario_args + " --out " + threaded.string());
  ASSERT_EQ(b.status, 0) << b.err;
  const std::string x = slurp(offline), y = slurp(threaded);
  EXPECT_GT(std::count(x.begin(), x.end(), '\n'), 1000);
  EXPECT_TRUE(x == y) << "CSV files differ: " << offline << " " << threaded;
  EXPECT_NE(b.out.find(mode == "--realtime" ? "paced at wall-clock time" : "unpaced"), std::string::npos)
      << b.out;
}

TEST(RtCli, ThreadsForceDisplacementCsvIsByteIdenticalToOffline) {
  expect_same_csv_as_offline("--coupling fs --manoeuvre M2 --H 1e-3 --hH 1e-4 --duration 3", "--threads");
}

TEST(RtCli, ThreadsPressureDisplacementCsvIsByteIdenticalToOffline) {
  expect_same_csv_as_offline("--coupling ps --H 1e-3 --hH 5e-5 --duration 3", "--threads");
}

TEST(RtCli, RealtimePressureDisplacementCsvIsByteIdenticalToOffline) {
  expect_same_csv_as_offline("--coupling ps --H 1e-3 --hH 1e-4 --duration 1.5", "--realtime");
}

TEST(RtCli, RealtimeForceDisplacementCsvIsByteIdenticalToOffline) {
  expect_same_csv_as_offline("--coupling fs --H 1e-3 --hH 2e-4 --duration 1.5", "--realtime");
}

// The command prefix that runs hilsim as an ordinary user would: without CAP_SYS_NICE (dropped
// from the inheritable and bounding sets, so the exec'd program cannot regain it) and with
// RLIMIT_RTPRIO = 0. Empty when that cannot be arranged here.
std::string unprivileged_prefix() {
  if (!hilsim::rt::has_capability(CAP_SYS_NICE)) return "bash -c 'ulimit -r 0 && exec \"$0\" \"$@\"' ";
  if (std::system("command -v setpriv >/dev/null 2>&1") != 0) return "";
  return "setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice -- bash -c 'ulimit -r 0 && exec \"$0\" "
         "\"$@\"' ";
}

TEST(RtCli, UnprivilegedRequireRtIsRefusedWithTheCapabilityAndLimitNamed) {
  const std::string prefix = unprivileged_prefix();
  if (prefix.empty()) GTEST_SKIP() << "cannot drop CAP_SYS_NICE here: setpriv (util-linux) is not installed";
  const Outcome o = run("run --realtime --require-rt --duration 0.05", prefix);
  EXPECT_EQ(o.status, 2) << o.out << o.err;
  EXPECT_NE(o.err.find("SCHED_FIFO priority 80 refused (EPERM)"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("lacks CAP_SYS_NICE"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("RLIMIT_RTPRIO is 0"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("refusing to run"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("cycles"), std::string::npos) << "nothing ran: " << o.out;
}

TEST(RtCli, UnprivilegedRunWithoutRequireRtSaysItIsNotRealTime) {
  const std::string prefix = unprivileged_prefix();
  if (prefix.empty()) GTEST_SKIP() << "cannot drop CAP_SYS_NICE here: setpriv (util-linux) is not installed";
  const Outcome o = run("run --realtime --duration 0.05 --reference none", prefix);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("real time: NO"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("lacks CAP_SYS_NICE"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("NOT REAL TIME"), std::string::npos) << o.out;
}

TEST(RtCli, RequireRtWithSchedOtherIsRefused) {
  const fs::path scenario = rt_cli_temp(".toml");
  std::ofstream(scenario) << "[rt]\nscheduler = \"other\"\n";
  const Outcome o = run("run " + scenario.string() + " --threads --require-rt --duration 0.05");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("SCHED_OTHER as configured"), std::string::npos) << o.err;
}

TEST(RtCli, BadRealTimeFlagsAndKeysAreRefused) {
  Outcome o = run("run --require-rt");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--require-rt needs --realtime or --threads"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  EXPECT_EQ(run("run --realtime --threads").status, 2);
  const fs::path scenario = rt_cli_temp(".toml");
  std::ofstream(scenario) << "[rt]\npriority_mech = 0\n";
  o = run("run " + scenario.string() + " --threads");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("'rt.priority_mech'"), std::string::npos) << o.err;
}

}  // namespace

namespace {

// Every shipped co-simulation scenario (the monolithic ones run no threads) in the threads of its
// plan, with its own scheme, coupling, actuators and steps: the CSV is the offline run's, byte for
// byte. The HIL scenarios run their manoeuvre (--input script) instead of waiting for a controller.
TEST(RtCli, EveryShippedScenarioRunsInThreadsByteIdenticalToOffline) {
  const fs::path dir = fs::path(HILSIM_SOURCE_DIR) / "config" / "scenarios";
  int scenarios = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().stem().string();
    if (e.path().extension() != ".toml" || name.rfind("mono_", 0) == 0) continue;
    SCOPED_TRACE(name);
    const fs::path offline = rt_cli_temp("_" + name + "_offline.csv"),
                   threaded = rt_cli_temp("_" + name + "_threads.csv");
    const std::string args =
        "run " + e.path().string() + " --quiet --reference none --input script --duration 0.5 --out ";
    const Outcome a = run(args + offline.string());
    ASSERT_EQ(a.status, 0) << a.err;
    const Outcome b = run(args + threaded.string() + " --threads");
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_TRUE(slurp(offline) == slurp(threaded)) << "CSV files differ: " << offline << " " << threaded;
    fs::remove(offline);
    fs::remove(threaded);
    ++scenarios;
  }
  EXPECT_GE(scenarios, 24);
}

}  // namespace
