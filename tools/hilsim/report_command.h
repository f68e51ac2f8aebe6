// `hilsim report`: the benchmark report. Runs the cases of LIM benchmark 2021, Tables 3–4 (config/scenarios)
// and the stability sweeps of every coupling, scheme and extrapolation for one and two actuators,
// then the large macro steps of the model-based couplings (report_large_steps.h), and writes DIR/report.md
// with the tables, the trajectories as CSV and, with python3-matplotlib, PNG plots of s1 and p1 against the
// reference (tools/report/plot_report.py).
#pragma once

#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct ReportCommand {
  std::string out_dir = "report";
  double max_H = 80e-3;  // [s], upper end of the sweeps
  bool no_plots = false;
  int jobs = 0;  // runs at once; 0: the CPUs available (job_pool.h)

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
