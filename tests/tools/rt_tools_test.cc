// `hilsim bench-rt` and `hilsim doctor` through the binary (function, not timing), and the parsers
// they rely on.
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rt/system_info.h"
#include "tests/tools/binary_harness.h"
#include "tools/system/cyclictest.h"
#include "tools/system/doctor_checks.h"

namespace hilsim::tools {
namespace {

namespace fs = std::filesystem;

using test::Outcome;
using test::slurp;

fs::path rt_tools_temp(const std::string& suffix) { return test::temp_path("rt_tools", suffix); }

Outcome run_tool(const std::string& args, const std::string& prefix = "") {
  return test::run_hilsim("rt_tools", args, prefix);
}

TEST(Cyclictest, ParsesHistogramSummaryAndOverflows) {
  std::istringstream text(
      "# /dev/cpu_dma_latency set to 0us\n# Histogram\n000000 000000\n000001 000002\n000002 000005\n"
      "000003 000002\n# Total: 000000009\n# Min Latencies: 00001\n# Avg Latencies: 00002\n"
      "# Max Latencies: 00250\n# Histogram Overflows: 00001\n# Histogram Overflow at cycle number:\n"
      "# Thread 0: 00007\n");
  const CyclictestResult r = parse_cyclictest(text);
  EXPECT_EQ(r.histogram.size(), 4u);
  EXPECT_EQ(r.count(), 10u);
  EXPECT_EQ(r.min_us, 1.0);
  EXPECT_EQ(r.avg_us, 2.0);
  EXPECT_EQ(r.max_us, 250.0);
  EXPECT_EQ(r.percentile(0.5), 2.0);  // 5th of 10 values
  EXPECT_EQ(r.percentile(0.9), 3.0);
  EXPECT_FALSE(r.percentile(0.99).has_value());  // the 10th value is beyond the histogram
  std::istringstream garbage("cyclictest: unrecognized option\n");
  EXPECT_THROW(parse_cyclictest(garbage), std::runtime_error);
}

TEST(Doctor, ReadsTheActivePreemptionModelFromDebugfs) {
  EXPECT_EQ(parse_debugfs_preempt("none (voluntary) full lazy"), "voluntary");
  EXPECT_EQ(parse_debugfs_preempt("none voluntary (full)"), "full");
  EXPECT_EQ(parse_debugfs_preempt("garbage"), "");
}

TEST(Doctor, ReportsTheKernelPrivilegesAndConfiguredCpus) {
  const fs::path scenario = rt_tools_temp(".toml");
  const int cpu = rt::allowed_cpus().back();
  std::ofstream(scenario) << "[rt]\ncpu_hyd = 1000\ncpu_mech = " << cpu << "\n";
  const Outcome o = run_tool("doctor " + scenario.string());
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("kernel " + rt::kernel_info().release), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("SCHED_FIFO"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("mlockall"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("CPU frequency governor"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("[FAIL] [rt] cpu_hyd = 1000: CPU 1000 is not present"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("[ ok ] [rt] cpu_mech = " + std::to_string(cpu) + ": present and allowed"),
            std::string::npos)
      << o.out;
}

TEST(Doctor, WithoutPrivilegesTheFifoFindingFailsWithAdvice) {
  if (!rt::has_capability(CAP_SYS_NICE)) GTEST_SKIP() << "already unprivileged: covered by the plain run";
  if (std::system("command -v setpriv >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "setpriv (util-linux) is not installed";
  const Outcome o =
      run_tool("doctor",
               "setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice -- bash -c 'ulimit -r 0 && "
               "exec \"$0\" \"$@\"' ");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("[FAIL] SCHED_FIFO priority 80 not allowed: no CAP_SYS_NICE and RLIMIT_RTPRIO 0"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("ulimit -r 80"), std::string::npos) << o.out;
}

TEST(BenchRt, PrintsItsFiguresBesideCyclictests) {
  const bool have_cyclictest = find_cyclictest().has_value();
  const Outcome o = run_tool("bench-rt --cycles 300 --rates 2000");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("2000 Hz (period 500 us)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("hilsim wake-up"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("hilsim execution"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("hilsim overruns:"), std::string::npos) << o.out;
  if (have_cyclictest) {
    EXPECT_NE(o.out.find("cyclictest wake-up"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("ratio hilsim/cyclictest"), std::string::npos) << o.out;
  } else {
    EXPECT_NE(o.out.find("cyclictest: not found"), std::string::npos) << o.out;
  }
}

TEST(BenchRt, SaysClearlyWhenCyclictestIsAbsent) {
  const Outcome o = run_tool("bench-rt --cycles 100 --rates 1000", "env PATH=/nonexistent ");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("cyclictest: not found on PATH (Debian package rt-tests"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("ratio"), std::string::npos) << o.out;
}

TEST(BenchRt, RefusesRatesWithoutAWholeMicrosecondPeriod) {
  const Outcome o = run_tool("bench-rt --rates 3000");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("3000 Hz"), std::string::npos) << o.err;
  EXPECT_EQ(run_tool("bench-rt --priority 120").status, 2);
}

}  // namespace
}  // namespace hilsim::tools
