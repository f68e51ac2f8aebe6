// `hilsim plot`: one run on one PNG page (tools/plot/plot_run.py, matplotlib): per valve the
// command applied with the commands accepted and the watchdog's values of its recording; strokes
// and pressures; the run's events on the time axis; the threads' latency histograms.
#pragma once

#include <optional>
#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct PlotCommand {
  std::string run;                     // the trajectory CSV
  std::optional<std::string> record;   // the run's recording (hilsim run --record)
  std::optional<std::string> events;   // its events (hilsim run --events)
  std::optional<std::string> latency;  // its threads' histograms (hilsim run --latency)
  std::optional<std::string> out;      // the PNG; default: RUN with .png for .csv
  std::optional<std::string> title;
  bool summary = false;  // print what was drawn, one line per panel

  void add_to(CLI::App& parent);
  // Exit status: the script's: 0 drawn, 2 a file it cannot read (named on stderr), or 2 without
  // python3 and matplotlib.
  int execute() const;
};

}  // namespace hilsim::tools
