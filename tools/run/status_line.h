// The live status line of a threaded run on a terminal: once a second of wall time, on stderr,
// overwritten in place: simulated time, real-time factor, overruns so far, the last κ of each
// actuator and the watchdog's state. Off when stderr is not a terminal (a log gets the report
// only). Called from the writer thread (not real-time), once per sample.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "rt/periodic_loop.h"
#include "sim/analysis/trajectory.h"

namespace hilsim::tools {

class StatusLine final {
 public:
  // `watchdog`: "on"/"off" (any actuator's safe value applied), or empty without a live input.
  StatusLine(bool enabled, int actuators, std::function<const char*()> watchdog);
  // The loops whose overruns it counts (their shared counters); before the run starts.
  void count_overruns_of(std::vector<const rt::LoopStats*> loops) { loops_ = std::move(loops); }
  void on_sample(const sim::Sample& sample);
  // Clears the line (before the report).
  void finish();
  // A line of its own on stdout during the run (a hint), the status line cleared first so that the
  // two do not mix on a terminal; it is redrawn at its next second.
  void note(const std::string& line);

 private:
  bool enabled_;
  int actuators_;
  std::function<const char*()> watchdog_;
  std::vector<const rt::LoopStats*> loops_;
  bool started_ = false;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, next_;
};

}  // namespace hilsim::tools
