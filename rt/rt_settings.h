// The [rt] section of a scenario: where and how the real-time co-simulation threads run.
#pragma once

#include <cstdint>

#include "rt/periodic_loop.h"
#include "rt/thread_config.h"

namespace hilsim::rt {

struct RtSettings {
  // The hydraulics step at h_H and the mechanics at H; by rate-monotonic order the shorter
  // period gets the higher priority. Both default to CPU 1, leaving CPU 0 to the operating
  // system, interrupts and the telemetry writer.
  ThreadConfig mechanics{.name = "hilsim-mech", .cpu = 1, .priority = 70};
  ThreadConfig hydraulics{.name = "hilsim-hyd", .cpu = 1, .priority = 80};
  OverrunPolicy overrun_policy = OverrunPolicy::kCatchUp;
  std::int64_t telemetry_decimation = 1;  // record every d-th communication point, [1, 1e6]
  // SCHED_FIFO priority of the UDP or CAN bridge's I/O thread, [0, 99]; 0 = SCHED_OTHER. It runs
  // off the real-time threads' CPUs either way; a priority keeps other processes on its CPU from
  // delaying a command on its way to the valve (rt/io_thread.h).
  int io_priority = 0;
};

}  // namespace hilsim::rt
