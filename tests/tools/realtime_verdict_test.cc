// The real-time verdict: "yes" only when the settings were granted and no deadline was missed.
#include "tools/system/realtime_verdict.h"

#include <gtest/gtest.h>

namespace hilsim::tools {
namespace {

TEST(RealtimeVerdict, YesOnlyWhenGrantedAndNoDeadlineMissed) {
  RealtimeFigures f;
  ASSERT_EQ(realtime_verdict(f).size(), 1u);
  EXPECT_EQ(realtime_verdict(f)[0].rfind("real time: yes (", 0), 0u);
}

TEST(RealtimeVerdict, OverrunsMakeItNoWithTheFigures) {
  RealtimeFigures f;
  f.overruns = 7657;
  f.overrun_episodes = 1198;
  const std::string line = realtime_verdict(f)[0];
  EXPECT_EQ(line.rfind("real time: no, 7657 overruns (in 1198 episodes)", 0), 0u) << line;
  f.overruns = 0;
  f.exchange_waits = 3;
  EXPECT_NE(realtime_verdict(f)[0].find("real time: no, 3 late exchange(s)"), std::string::npos);
  f.exchange_waits = 0;
  f.late_commands = 6;
  EXPECT_NE(realtime_verdict(f)[0].find("real time: no, 6 command(s) applied later"), std::string::npos);
}

TEST(RealtimeVerdict, RefusedSettingsAreListedAndDeadlinesAddedToThem) {
  RealtimeFigures f;
  f.not_granted = {"memory not locked", "SCHED_FIFO refused"};
  f.overruns = 1;
  f.overrun_episodes = 1;
  const std::vector<std::string> lines = realtime_verdict(f);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "real time: NO (not granted; and 1 overrun (in 1 episode))");
  EXPECT_EQ(lines[1], "  - memory not locked");
}

TEST(RealtimeVerdict, AnUnpacedRunIsNotCalledRealTime) {
  RealtimeFigures f;
  f.paced = false;
  EXPECT_EQ(realtime_verdict(f)[0].rfind("real time: not tested", 0), 0u);
  // Without deadlines, waits for an input are no missed deadline; what was not granted is still said.
  f.not_granted = {"thread 'hs-mechanics': scheduled SCHED_OTHER as configured"};
  f.exchange_waits = 1000;
  const std::vector<std::string> lines = realtime_verdict(f);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "real time: not tested (an unpaced run; and these settings were not granted:)");
  EXPECT_EQ(lines[1], "  - thread 'hs-mechanics': scheduled SCHED_OTHER as configured");
}

}  // namespace
}  // namespace hilsim::tools
