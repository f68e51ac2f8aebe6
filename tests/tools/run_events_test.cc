// What `hilsim run --events` and `--latency` write (tools/run/run_events.h): the events in order of
// time, each field quoted when it holds a comma; the outages' ends; one latency row per non-empty
// bucket of each thread's histograms.
#include "tools/run/run_events.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace hilsim::tools {
namespace {

TEST(RunEvents, EventsAreInOrderOfTimeWithTheirFieldsQuoted) {
  std::vector<sim::LimitEvent> limits;
  limits.push_back({sim::LimitKind::kEndStop, "actuator 1, extended", 2.5, 1, 0.7115, 0.0});
  limits.push_back({sim::LimitKind::kCouplingError, "", 1.24, 1, 1.12e5, 1e3});
  limits.push_back({sim::LimitKind::kUnstableStep, "actuator 1, chamber 2", 3.0, 2, 2.07, 0.0});
  std::vector<hil::LinkOutage> outages(2);
  outages[0].start_ns = 500'000'000;
  outages[0].end_ns = 700'000'000;
  std::strcpy(outages[0].cause.data(), "link down");
  outages[1].start_ns = 4'000'000'000;  // lasts to the end: no link_restored
  std::strcpy(outages[1].cause.data(), "interface removed");
  const std::string csv = events_csv(limits, nullptr, outages);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "t,kind,where,detail");
  std::vector<std::string> rows;
  for (std::size_t at = csv.find('\n') + 1; at < csv.size(); at = csv.find('\n', at) + 1)
    rows.push_back(csv.substr(at, csv.find('\n', at) - at));
  ASSERT_EQ(rows.size(), 6u) << csv;
  EXPECT_EQ(rows[0], "0.5,link_lost,can,link down");
  EXPECT_EQ(rows[1], "0.7,link_restored,can,link down");
  EXPECT_EQ(
      rows[2].rfind("1.24,numerical_fault,,\"coupling error energy beyond the monitor's limit: first at", 0),
      0u)
      << rows[2];
  EXPECT_EQ(rows[3].rfind("2.5,limit,\"actuator 1, extended\",\"end stop (actuator 1, extended)", 0), 0u)
      << rows[3];
  EXPECT_EQ(rows[4].rfind("3,unstable_step,\"actuator 1, chamber 2\",", 0), 0u) << rows[4];
  EXPECT_EQ(rows[5], "4,link_lost,can,interface removed");
}

TEST(RunEvents, LatencyRowsAreTheNonEmptyBucketsOfEachThread) {
  rt::ExecutorResult r;
  r.tasks.resize(1);
  r.tasks[0].subsystem = "hydraulics, hydraulics_2";  // a comma: quoted
  r.tasks[0].loop->execution_time.record(100);
  r.tasks[0].loop->execution_time.record(100);
  r.tasks[0].loop->wakeup_latency.record(20'000);
  const std::string csv = latency_csv(r);
  EXPECT_EQ(
      csv,
      "thread,kind,lower_ns,upper_ns,count\n"
      "\"hydraulics, hydraulics_2\",wakeup," +
          std::to_string(rt::DurationHistogram::bucket_lower(rt::DurationHistogram::bucket_of(20'000))) +
          "," +
          std::to_string(rt::DurationHistogram::bucket_upper(rt::DurationHistogram::bucket_of(20'000))) +
          ",1\n"
          "\"hydraulics, hydraulics_2\",execution,100,100,2\n");
}

}  // namespace
}  // namespace hilsim::tools
