#include "tools/study/job_pool.h"

#include <sched.h>

#include <string>

namespace hilsim::tools {

int available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

int resolve_jobs(int jobs) { return jobs > 0 ? jobs : available_cpus(); }

}  // namespace hilsim::tools
