#include "tools/run/run_events.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tools/io/input_error.h"

namespace hilsim::tools {

namespace {

struct Event {
  double t = 0.0;  // [s]
  std::string kind, where, detail;
};

// A CSV field: quoted, with its quotes doubled, when it holds a comma, a quote or a line end.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string seconds(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", t);
  return buf;
}

void add_limits(const std::vector<sim::LimitEvent>& limits, std::vector<Event>& out) {
  for (const sim::LimitEvent& e : limits) {
    // The coupling error is the numerical fault of the status bit and exit 3; an explicit step beyond
    // its stability limit is reported, not a fault by itself.
    const char* kind = e.kind == sim::LimitKind::kCouplingError  ? "numerical_fault"
                       : e.kind == sim::LimitKind::kUnstableStep ? "unstable_step"
                                                                 : "limit";
    out.push_back({e.first_t, kind, e.where, sim::describe(e)});
  }
}

void add_overruns(const rt::ExecutorResult& r, std::vector<Event>& out) {
  for (const rt::TaskReport& task : r.tasks) {
    const rt::LoopStats& loop = *task.loop;
    if (loop.overruns == 0 || loop.first_overrun_cycle < 0) continue;
    const double t = static_cast<double>(loop.first_overrun_cycle * task.period_ns) * 1e-9;
    out.push_back({t, "overrun", task.subsystem,
                   std::to_string(loop.overruns) + " overrun(s) in " + std::to_string(loop.overrun_episodes) +
                       " episode(s), the first here"});
  }
}

void add_outages(const std::vector<hil::LinkOutage>& outages, std::vector<Event>& out) {
  for (const hil::LinkOutage& o : outages) {
    const std::string cause(o.cause.data());
    out.push_back({static_cast<double>(o.start_ns) * 1e-9, "link_lost", "can", cause});
    if (o.end_ns >= 0) out.push_back({static_cast<double>(o.end_ns) * 1e-9, "link_restored", "can", cause});
  }
}

}  // namespace

std::string events_csv(const std::vector<sim::LimitEvent>& limits, const rt::ExecutorResult* r,
                       const std::vector<hil::LinkOutage>& outages) {
  std::vector<Event> events;
  add_limits(limits, events);
  if (r) add_overruns(*r, events);
  add_outages(outages, events);
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t < b.t; });
  std::string csv = "t,kind,where,detail\n";
  for (const Event& e : events)
    csv += seconds(e.t) + "," + e.kind + "," + field(e.where) + "," + field(e.detail) + "\n";
  return csv;
}

void RunLogFile::commit(const std::string& text) {
  {
    std::ofstream out(file_.temporary(), std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw io::InputError(file_.path() + ": writing the output file failed");
  }
  file_.commit();
}

std::string latency_csv(const rt::ExecutorResult& r) {
  std::string csv = "thread,kind,lower_ns,upper_ns,count\n";
  for (const rt::TaskReport& task : r.tasks) {
    const std::pair<const char*, const rt::DurationHistogram*> histograms[] = {
        {"wakeup", &task.loop->wakeup_latency}, {"execution", &task.loop->execution_time}};
    for (const auto& [kind, h] : histograms) {
      for (std::size_t b = 0; b < rt::DurationHistogram::kBuckets; ++b) {
        const std::uint64_t n = h->bucket_count(b);
        if (n == 0) continue;
        csv += field(task.subsystem) + "," + kind + "," +
               std::to_string(rt::DurationHistogram::bucket_lower(b)) + "," +
               std::to_string(rt::DurationHistogram::bucket_upper(b)) + "," + std::to_string(n) + "\n";
      }
    }
  }
  return csv;
}

}  // namespace hilsim::tools
