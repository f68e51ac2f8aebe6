#include "tools/hilsim/job_pool.h"

#include <sched.h>

#include <CLI/CLI.hpp>
#include <string>

#include "tools/hilsim/cli_checks.h"

namespace hilsim::tools {

int available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

void add_jobs_option(CLI::App& cmd, int& jobs) {
  cmd.add_option("--jobs", jobs,
                 "Runs at once, 1 to 1024 (default: the CPUs this process may use, " +
                     std::to_string(available_cpus()) + " here); the output is the same whatever the number")
      ->default_str("")
      ->check(whole_number_in(1, 1024));
}

int resolve_jobs(int jobs) { return jobs > 0 ? jobs : available_cpus(); }

}  // namespace hilsim::tools
