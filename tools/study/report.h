// The benchmark report (`hilsim report`): the cases of LIM benchmark 2021, Tables 3–4
// (config/scenarios), the stability sweeps of every coupling, scheme and extrapolation for one and
// two actuators, the large macro steps of the model-based couplings (report_large_steps.h), the
// contact study (report_contact.h) and a machine file's run (report_naya.h), written to
// DIR/report.md with the trajectories as CSV and, with python3-matplotlib, PNG plots of s1 and p1
// against the reference (tools/report/plot_report.py).
#pragma once

#include <string>

namespace hilsim::tools {

struct ReportSettings {
  std::string out_dir = "report";  // report.md, the CSV files and the plots
  double max_H = 80e-3;            // the sweeps' upper end [s] (1 ms grid)
  bool plots = true;               // call python3 for the PNG plots
  int workers = 1;                 // runs at once
};

// Exit status: 0 written, 4 interrupted by SIGINT/SIGTERM (report.md then left as it was). Throws
// io::InputError when the directory cannot be made.
int write_report(const ReportSettings& settings);

}  // namespace hilsim::tools
