#include "rt/io_thread.h"

#include <pthread.h>
#include <sys/prctl.h>

#include <algorithm>

#include "rt/thread_setup.h"

namespace hilsim::rt {

IoThreadSetup enter_io_thread(const std::string& name, const IoThreadPlacement& placement) {
  IoThreadSetup r;
  pthread_setname_np(pthread_self(), name.substr(0, kMaxThreadNameLength).c_str());
  prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);  // prompt ppoll time-outs (the output rate)
  const std::vector<int> cpus = keep_off_cpus(placement.cpus_to_avoid);
  std::string on = "on CPU" + std::string(cpus.size() == 1 ? " " : "s ");
  for (std::size_t i = 0; i < cpus.size(); ++i) on += (i ? ", " : "") + std::to_string(cpus[i]);
  const bool shares = std::any_of(cpus.begin(), cpus.end(), [&](int c) {
    return std::find(placement.cpus_to_avoid.begin(), placement.cpus_to_avoid.end(), c) !=
           placement.cpus_to_avoid.end();
  });
  if (shares) r.problem = "no CPU apart from the real-time threads' is allowed; it shares theirs";
  if (placement.fifo_priority <= 0) {
    r.description = "SCHED_OTHER " + on;
    return r;
  }
  const std::string refusal = request_fifo(placement.fifo_priority);
  if (refusal.empty()) {
    r.description = "SCHED_FIFO " + std::to_string(placement.fifo_priority) + " " + on;
    return r;
  }
  r.description = "SCHED_OTHER " + on;
  r.problem = (r.problem.empty() ? "" : r.problem + "; ") + refusal;
  return r;
}

}  // namespace hilsim::rt
