// Which subsystems of a plan share a real-time thread. One thread per subsystem is the rule; a
// machine of several cylinders has more subsystems than a small machine has cores (six cylinders in
// four circuits: five subsystems), so subsystems may share a thread: its loop steps them one after
// another in every cycle, in the plan's order.
//
// A group's subsystems must have the same micro step and the same schedule offset (one loop, one
// period, one deadline), and no coupling edge between them: each waits only for other threads'
// outputs, so no member can wait for one the same thread has not stepped yet. Within those rules
// the bytes are the offline run's, as with one thread each (each subsystem does the same arithmetic
// in the same order; only who calls it changes).
//
// [rt.thread.NAME] subsystems = ["hydraulics_2", "hydraulics_3"] makes NAME such a thread (its cpu
// and priority apply to it). Without one, a plan of more than kDefaultThreads subsystems groups its
// fastest subsystems (the hydraulics, at h_H) that allow it into one thread, so that the mechanics'
// and the hydraulics' two threads suit a machine of two cores; a plan of up to kDefaultThreads (the
// LIM crane: at most three; a contact task in hydraulic mode: four) keeps one thread per subsystem.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rt/rt_settings.h"
#include "rt/thread_config.h"
#include "sim/cosim/plan.h"

namespace hilsim::rt {

inline constexpr std::size_t kDefaultThreads = 4;

struct ThreadGroup {
  ThreadConfig thread;
  std::vector<std::size_t> members;  // subsystem indices, in the plan's order
  // The members' names, "hydraulics" or "hydraulics, hydraulics_2, hydraulics_3".
  std::string label(const sim::Plan& plan) const;
};

// The plan's threads as `settings` configure them: a subsystem alone takes thread_for() of its
// rank; a group the rank of its members, then its [rt.thread.NAME] cpu and priority, named
// "hs-NAME". In the order of each thread's first member. Throws std::invalid_argument with one line
// naming [rt.thread.NAME] for a group that names no subsystem of the plan or one already in another
// group, or whose members differ in micro step or schedule offset or exchange with one another.
std::vector<ThreadGroup> plan_thread_groups(const sim::Plan& plan, const RtSettings& settings);

}  // namespace hilsim::rt
