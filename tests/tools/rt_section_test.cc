// The [rt] section of a scenario: every key read, defaults, and each class of bad value refused
// with one line naming the file, the key and the accepted values.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/tools/scenario_error.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"

namespace hilsim::scenario {
namespace {

namespace fs = std::filesystem;

std::string write_scenario(const std::string& text) {
  const fs::path p = fs::temp_directory_path() /
                     ("hilsim_rt_section_" +
                      std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".toml");
  std::ofstream(p) << text;
  return p.string();
}

std::string error_of(const std::string& text) {
  SCOPED_TRACE(text);
  return test::scenario_error(write_scenario(text));
}

TEST(RtSection, DefaultsPlaceBothThreadsOnCpu1WithTheHydraulicsAbove) {
  const Scenario s = default_scenario();
  EXPECT_EQ(s.rt.others.cpu, 1);
  EXPECT_EQ(s.rt.fastest.cpu, 1);
  EXPECT_GT(s.rt.fastest.priority, s.rt.others.priority);
  EXPECT_EQ(s.rt.others.scheduler, rt::Scheduler::kFifo);
  EXPECT_EQ(s.rt.overrun_policy, rt::OverrunPolicy::kCatchUp);
  EXPECT_EQ(s.rt.telemetry_decimation, 1);
  EXPECT_NO_THROW(validate(s));
}

TEST(RtSection, ReadsEveryKey) {
  const Scenario s = load_scenario(write_scenario(R"(
[rt]
cpu_mech = 0
cpu_hyd = -1
priority_mech = 60
priority_hyd = 90
priority_io = 40
scheduler = "other"
overrun = "skip"
telemetry_decimation = 5
stack_kib = 256
)"));
  EXPECT_NO_THROW(validate(s));
  EXPECT_EQ(s.rt.others.cpu, 0);
  EXPECT_EQ(s.rt.fastest.cpu, -1);
  EXPECT_EQ(s.rt.others.priority, 60);
  EXPECT_EQ(s.rt.fastest.priority, 90);
  EXPECT_EQ(s.rt.io_priority, 40);
  EXPECT_EQ(load_scenario(write_scenario("")).rt.io_priority, 0);  // SCHED_OTHER unless asked
  EXPECT_EQ(s.rt.others.scheduler, rt::Scheduler::kOther);
  EXPECT_EQ(s.rt.fastest.scheduler, rt::Scheduler::kOther);
  EXPECT_EQ(s.rt.overrun_policy, rt::OverrunPolicy::kSkip);
  EXPECT_EQ(s.rt.telemetry_decimation, 5);
  EXPECT_EQ(s.rt.fastest.stack_bytes, 256u * 1024u);
  EXPECT_EQ(load_scenario(write_scenario("[rt]\noverrun = \"stop\"\n")).rt.overrun_policy,
            rt::OverrunPolicy::kStop);
}

TEST(RtSection, BadValuesNameTheKeyAndTheAcceptedValues) {
  std::string msg = error_of("[rt]\npriority_hyd = 120\n");
  EXPECT_NE(msg.find("'rt.priority_hyd' = 120"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[1, 99]"), std::string::npos) << msg;
  msg = error_of("[rt]\npriority_io = -1\n");
  EXPECT_NE(msg.find("'rt.priority_io' = -1"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[0, 99]"), std::string::npos) << msg;
  msg = error_of("[rt]\ncpu_mech = -2\n");
  EXPECT_NE(msg.find("'rt.cpu_mech'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[-1, 1023]"), std::string::npos) << msg;
  msg = error_of("[rt]\noverrun = \"later\"\n");
  EXPECT_NE(msg.find("'rt.overrun' = 'later' is not one of: catch-up, skip, stop"), std::string::npos) << msg;
  msg = error_of("[rt]\nscheduler = \"rr\"\n");
  EXPECT_NE(msg.find("fifo, other"), std::string::npos) << msg;
  msg = error_of("[rt]\ntelemetry_decimation = 0\n");
  EXPECT_NE(msg.find("'rt.telemetry_decimation'"), std::string::npos) << msg;
  msg = error_of("[rt]\nstack_kib = 16\n");
  EXPECT_NE(msg.find("'rt.stack_kib'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[128, 65536]"), std::string::npos) << msg;
}

TEST(RtSection, IntegersMustBeIntegersAndKeysMustBeKnown) {
  std::string msg = error_of("[rt]\ncpu_hyd = 1.5\n");
  EXPECT_NE(msg.find("'rt.cpu_hyd' must be an integer"), std::string::npos) << msg;
  msg = error_of("[rt]\ncpu = 1\n");
  EXPECT_NE(msg.find("unknown key 'rt.cpu'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("cpu_mech"), std::string::npos) << "lists the accepted keys: " << msg;
}

}  // namespace
}  // namespace hilsim::scenario

namespace hilsim::scenario {
namespace {

TEST(RtSection, ThreadsAreConfiguredBySubsystemName) {
  const Scenario s = load_scenario(write_scenario(R"(
[rt.thread.hydraulics_2]
cpu = 0
priority = 75

[rt.thread.mechanics]
priority = 65
)"));
  EXPECT_NO_THROW(validate(s));
  ASSERT_EQ(s.rt.threads.size(), 2u);
  EXPECT_EQ(s.rt.threads.at("hydraulics_2").cpu, 0);
  EXPECT_EQ(s.rt.threads.at("hydraulics_2").priority, 75);
  EXPECT_EQ(s.rt.threads.at("mechanics").cpu, -1);  // the default's
  const rt::ThreadConfig mech = rt::thread_for(s.rt, "mechanics", false);
  EXPECT_EQ(mech.priority, 65);
  EXPECT_EQ(mech.cpu, s.rt.others.cpu);
  EXPECT_EQ(rt::thread_for(s.rt, "hydraulics", true).priority, s.rt.fastest.priority);
}

// A contact task's subsystems (sim/contact/contact_plan.h) beside the crane's cylinders of its
// hydraulic mode.
TEST(RtSection, AContactTasksThreadsAreConfiguredByTheirNames) {
  const Scenario s = load_scenario(write_scenario(R"(
[rt.thread.tool]
priority = 71

[rt.thread.arm]
priority = 72

[rt.thread.monolithic]
priority = 73

[rt.thread.hydraulics]
priority = 81
)"));
  EXPECT_NO_THROW(validate(s));
  EXPECT_EQ(rt::thread_for(s.rt, "tool", false).priority, 71);
  EXPECT_EQ(rt::thread_for(s.rt, "arm", false).priority, 72);
  EXPECT_EQ(rt::thread_for(s.rt, "monolithic", false).priority, 73);
  EXPECT_EQ(rt::thread_for(s.rt, "hydraulics", true).priority, 81);
}

TEST(RtSection, AThreadOfNoSubsystemOrOutOfRangeIsNamed) {
  std::string msg = error_of("[rt.thread.hydraulic]\ncpu = 0\n");
  EXPECT_NE(msg.find("[rt.thread.hydraulic] names no subsystem"), std::string::npos) << msg;
  EXPECT_NE(msg.find("rim_hydraulics"), std::string::npos) << msg;
  EXPECT_NE(msg.find("monolithic, tool, arm"), std::string::npos) << msg;
  msg = error_of("[rt.thread.mechanics]\npriority = 100\n");
  EXPECT_NE(msg.find("'rt.thread.mechanics.priority' = 100"), std::string::npos) << msg;
  msg = error_of("[rt.thread.mechanics]\ncore = 1\n");
  EXPECT_NE(msg.find("unknown key 'rt.thread.mechanics.core'"), std::string::npos) << msg;
}

}  // namespace
}  // namespace hilsim::scenario
