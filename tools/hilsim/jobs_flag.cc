#include "tools/hilsim/jobs_flag.h"

#include <CLI/CLI.hpp>
#include <string>

#include "tools/hilsim/cli_checks.h"
#include "tools/study/job_pool.h"

namespace hilsim::tools {

void add_jobs_option(CLI::App& cmd, int& jobs) {
  cmd.add_option("--jobs", jobs,
                 "Runs at once, 1 to 1024 (default: the CPUs this process may use, " +
                     std::to_string(available_cpus()) + " here); the output is the same whatever the number")
      ->default_str("")
      ->check(whole_number_in(1, 1024));
}

}  // namespace hilsim::tools
