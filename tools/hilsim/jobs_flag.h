// `--jobs N` of the commands that run a study on a pool of workers (tools/study/job_pool.h).
#pragma once

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

// Declares `--jobs N` on `cmd`: 1 to 1024 workers; 0 (unset) stands for available_cpus().
void add_jobs_option(CLI::App& cmd, int& jobs);

}  // namespace hilsim::tools
