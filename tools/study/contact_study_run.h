// The contact study of Peiret et al. (contact tasks) §7–8 on one of the crane's contact tasks
// (sim/contact/contact_study.h): the monolithic run, then every coupling at every interface
// stiffness K_i, each run's stability, RMS tool errors against the monolithic run and jam, printed as
// a table and written as CSV (contact_study_csv.h), the same bytes whatever the number of workers.
#pragma once

#include <string>

#include "sim/contact/contact_study.h"

namespace hilsim::tools {

// Runs the study of task `name` (a contact task's name) on `workers` threads and writes `out`
// (replaced once complete). Exit status: 0 done, 4 interrupted by SIGINT/SIGTERM (`out` then not
// written; the table printed so far partial). Throws io::InputError for settings the study refuses.
int run_contact_study(const std::string& name, const sim::contact::ContactStudySettings& settings,
                      const std::string& out, int workers);

}  // namespace hilsim::tools
