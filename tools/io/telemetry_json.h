// One sample of a run as the live telemetry sends it: a flat JSON object in the format of
// PlotJuggler's UDP server (JSON protocol), {"timestamp":t,"t":t,"kappa":...}, whose keys are
// "timestamp" (the simulated time, which PlotJuggler takes as the time axis when asked to use the
// field "timestamp") and then every column of the trajectory CSV, by its header name.
#pragma once

#include <string>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::io {

class TelemetryJson final {
 public:
  // The trajectory CSV's columns (a machine's: TrajectoryColumns::of).
  explicit TelemetryJson(TrajectoryColumns columns);

  // The object for `s`, in a buffer reused from call to call (no allocation once it has grown).
  // Numbers in the shortest form that reads back to the same double (std::to_chars), as in the
  // CSV; a value that is not finite, which JSON cannot hold, is written as null.
  const std::string& format(const sim::Sample& s);

 private:
  TrajectoryColumns columns_;
  std::vector<std::string> keys_;  // "\"s1\":" for each column
  std::string text_;
};

}  // namespace hilsim::io
