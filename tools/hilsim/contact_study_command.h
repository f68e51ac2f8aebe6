// `hilsim contact-study TASK|SCENARIO.toml --out FILE.csv`: the study of Peiret et al. (Peiret et al.
// (contact tasks) §7–8) on one of the crane's contact tasks, by name or a scenario file's [contact] task
// (sim/contact/contact_study.h): the monolithic run, then every coupling at
// every interface stiffness K_i, each run's stability, RMS tool errors against the monolithic run
// and jam, printed as a table and written as CSV. The runs go on --jobs workers; the table and the
// file are the same bytes whatever their number.
#pragma once

#include <string>
#include <vector>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct ContactStudyCommand {
  std::string task;  // a task's name or a scenario file
  std::string out;
  std::vector<double> stiffnesses;  // --Ki; empty: the study's six
  int jobs = 0;                     // runs at once; 0: the CPUs available (job_pool.h)

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
