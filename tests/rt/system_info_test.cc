// Parsing and formatting of the kernel's CPU lists, and the probes on this machine.
#include "rt/system_info.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace hilsim::rt {
namespace {

TEST(CpuList, ParsesRangesAndSingles) {
  EXPECT_EQ(parse_cpu_list("0-3,5,7-8\n"), (std::vector<int>{0, 1, 2, 3, 5, 7, 8}));
  EXPECT_EQ(parse_cpu_list("1"), (std::vector<int>{1}));
  EXPECT_EQ(parse_cpu_list(""), (std::vector<int>{}));
  EXPECT_THROW(parse_cpu_list("3-1"), std::invalid_argument);
  EXPECT_THROW(parse_cpu_list("a"), std::invalid_argument);
  EXPECT_THROW(parse_cpu_list("1,,2"), std::invalid_argument);
}

TEST(CpuList, FormatsRuns) {
  EXPECT_EQ(format_cpu_list({0, 1, 2, 5}), "0-2,5");
  EXPECT_EQ(format_cpu_list({3}), "3");
  EXPECT_EQ(format_cpu_list({}), "none");
  EXPECT_EQ(format_cpu_list(parse_cpu_list("0-3,6,9-10")), "0-3,6,9-10");
}

TEST(SystemInfo, ThisProcessRunsOnOnlineCpus) {
  const std::vector<int> online = online_cpus();
  const std::vector<int> allowed = allowed_cpus();
  ASSERT_FALSE(online.empty());
  ASSERT_FALSE(allowed.empty());
  for (int c : allowed) EXPECT_NE(std::find(online.begin(), online.end(), c), online.end()) << c;
  const KernelInfo k = kernel_info();
  EXPECT_FALSE(k.release.empty());
  EXPECT_FALSE(k.preempt_rt_evidence.empty());
}

}  // namespace
}  // namespace hilsim::rt
