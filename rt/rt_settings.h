// The [rt] section of a scenario: where and how the real-time threads of a co-simulation run, one
// thread per subsystem (rt/plan_executor.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "rt/periodic_loop.h"
#include "rt/thread_config.h"

namespace hilsim::rt {

// [rt.thread.NAME]: one subsystem's thread; an unset field (-1) keeps the default. With
// `subsystems`, NAME is a thread that steps those subsystems in turn (rt/thread_groups.h).
struct ThreadOverride {
  int cpu = -1;                         // CPU to pin to, [0, CPUs)
  int priority = -1;                    // SCHED_FIFO priority, [1, 99]
  std::vector<std::string> subsystems;  // empty: NAME is a subsystem
};

struct RtSettings {
  // Defaults by rate-monotonic order: the threads of the subsystems with the plan's shortest
  // period (the hydraulics, at h_H) get `fastest`, every other one (the mechanics, at h_M) gets
  // `others`; a shorter period gets the higher priority. Both default to CPU 1, leaving CPU 0 to
  // the operating system, interrupts, the telemetry writer and the bridge's I/O thread.
  ThreadConfig fastest{.name = "hilsim", .cpu = 1, .priority = 80};
  ThreadConfig others{.name = "hilsim", .cpu = 1, .priority = 70};
  // By subsystem name ([rt.thread.mechanics], [rt.thread.hydraulics_2], ...).
  std::map<std::string, ThreadOverride> threads;
  OverrunPolicy overrun_policy = OverrunPolicy::kCatchUp;
  std::int64_t telemetry_decimation = 1;  // record every d-th communication point, [1, 1e6]
  // SCHED_FIFO priority of the UDP or CAN bridge's I/O thread, [0, 99]; 0 = SCHED_OTHER. It runs
  // off the real-time threads' CPUs either way; a priority keeps other processes on its CPU from
  // delaying a command on its way to the valve (rt/io_thread.h).
  int io_priority = 0;
};

// The thread of subsystem `name`: the default of its rank (`fastest` when its period is the
// shortest of the plan's), then [rt.thread.NAME]; named "hs-<name>" (cut to 15 characters).
ThreadConfig thread_for(const RtSettings& settings, const std::string& name, bool fastest);

// Every CPU a real-time thread may be pinned to by `settings` (for the threads that keep off them).
std::vector<int> real_time_cpus(const RtSettings& settings);

}  // namespace hilsim::rt
