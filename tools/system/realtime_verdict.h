// The one-line verdict of a threaded run: "real time: yes" only when the process was granted what
// real time needs (memory locked, SCHED_FIFO, the CPUs pinned) and the run then kept every deadline:
// no overrun, no thread waiting for an exchange that came late, no command left for a later micro
// step than the first after its arrival. Otherwise it names what failed, with the figures.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hilsim::tools {

struct RealtimeFigures {
  bool paced = true;
  std::vector<std::string> not_granted;  // the real-time settings refused, one reason each
  std::int64_t overruns = 0;             // all loops
  std::int64_t overrun_episodes = 0;
  std::int64_t exchange_waits = 0;  // a thread found its input not yet there
  std::int64_t late_commands = 0;   // commands not applied by the first micro step after arrival
};

// The verdict line ("real time: ...") followed by one "  - reason" line per refused setting.
std::vector<std::string> realtime_verdict(const RealtimeFigures& figures);

}  // namespace hilsim::tools
