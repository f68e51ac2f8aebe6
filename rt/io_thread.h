// Where and how a bridge's I/O thread runs. It must not share a CPU with the real-time threads (its
// system calls and page faults would hold them up), and on a PREEMPT_RT machine it should be a
// SCHED_FIFO thread itself: at SCHED_OTHER any busy process on its CPU delays a command between
// its arrival and the hydraulics thread, by as much as the scheduler's time slice.
#pragma once

#include <string>
#include <vector>

namespace hilsim::rt {

struct IoThreadPlacement {
  std::vector<int> cpus_to_avoid;  // the real-time threads' CPUs
  int fifo_priority = 0;           // SCHED_FIFO priority [1, 99]; 0 = SCHED_OTHER
};

// How the calling thread was set up: "SCHED_FIFO 60 on CPUs 0" or "SCHED_OTHER on CPUs 0, 2", and
// `problem` saying what was not granted and why ("" when everything was).
struct IoThreadSetup {
  std::string description;
  std::string problem;
};

// Applies `placement` to the calling thread: names it, keeps it off the real-time CPUs (where no
// other CPU is allowed it stays where it is, and says so), sets its policy. Allocates: call at the
// start of the thread.
IoThreadSetup enter_io_thread(const std::string& name, const IoThreadPlacement& placement);

}  // namespace hilsim::rt
