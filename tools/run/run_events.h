// What `hilsim run --events FILE` and `--latency FILE` write beside the trajectory, for `hilsim plot`
// (tools/plot/plot_run.py) and anyone's own plots: the run's events on its time axis, and each
// real-time thread's wake-up latency and execution-time histograms. Both CSV, written to a
// temporary file and renamed when complete.
//
//   events:  t,kind,where,detail — t [s] the event's first time; kind one of limit (a machine limit
//            engaged, or left with the limits off), unstable_step (an explicit hydraulic step beyond
//            its stability limit), numerical_fault (the coupling monitor's error energy past its
//            limit: the status bit, exit 3), overrun (a real-time thread's first overrun),
//            link_lost and link_restored (the CAN
//            link); where names the actuator, chamber, joint or thread; detail says more.
//   latency: thread,kind,lower_ns,upper_ns,count — one row per non-empty bucket of each thread's
//            histogram (rt/histogram.h), kind wakeup (paced runs only) or execution.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "hil/link_outages.h"
#include "rt/plan_executor.h"
#include "sim/analysis/limit_report.h"
#include "tools/io/atomic_file.h"

namespace hilsim::tools {

// The events CSV: the limit monitor's events, then (a threaded run, `r` not null) each thread's first
// overrun at its cycle's time, then the CAN link's outages (their times since the run's start, which
// a paced run keeps with the simulated time), all in order of time.
std::string events_csv(const std::vector<sim::LimitEvent>& limits, const rt::ExecutorResult* r,
                       const std::vector<hil::LinkOutage>& outages);

// The latency CSV of a threaded run's threads.
std::string latency_csv(const rt::ExecutorResult& r);

// An events or latency output: its temporary file is created before the run, so that a path that
// cannot be written fails at once, not after the run; commit() writes the text and renames it over
// the path (io::ReplacingFile: the old file stays as it was on any failure).
class RunLogFile final {
 public:
  explicit RunLogFile(std::string path) : file_(std::move(path)) {}
  const std::string& path() const { return file_.path(); }
  // Throws io::InputError naming the path when it cannot be written.
  void commit(const std::string& text);

 private:
  io::ReplacingFile file_;
};

}  // namespace hilsim::tools
