// Where hilsim finds the data it ships (the scenarios, the DBC file, the LIM reference) and the
// report's plotting script.
#pragma once

#include <string>

namespace hilsim::scenario {

// The directory of the shipped data, config/ in the source tree: $HILSIM_DATA_DIR if set; else the
// one set_data_dir() chose; else, for an installed hilsim, share/hilsim beside its bin/ (found from
// the running executable, so the prefix can be moved); else the source tree's config/ (a binary in
// its build tree).
std::string data_dir();
// For a program of one's own linked with the installed libraries, whose executable is not beside
// share/hilsim: where the data is (the CMake package's hilsim_DATA_DIR). Call it before a run, from
// one thread.
void set_data_dir(const std::string& dir);
// The shipped LIM reference for manoeuvre M1.
std::string lim_m1_reference_path();
// The script that draws the report's plots: report/plot_report.py in an installed data directory,
// else tools/report/plot_report.py beside the source tree's config/.
std::string plot_report_script();
// The script that draws one run (`hilsim plot`): plot/plot_run.py, else tools/plot/plot_run.py.
std::string plot_run_script();

}  // namespace hilsim::scenario
