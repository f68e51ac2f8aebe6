// The tasks of a co-simulation plan wired by its coupling graph: one SPSC channel per edge, one
// probe ring per subsystem, one SubsystemTask per subsystem reading and writing them. The executor
// (rt/plan_executor.h) runs each task in its own thread; tests run the same tasks in plain threads.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "rt/exchange.h"
#include "rt/micro_step_observer.h"
#include "rt/subsystem_task.h"
#include "sim/cosim/plan.h"

namespace hilsim::rt {

struct TaskSet {
  std::vector<std::unique_ptr<ExchangeChannel>> channels;  // per edge: producer → consumer task
  std::vector<std::unique_ptr<ProbeRing>> rings;           // per task: task → writer thread
  std::vector<std::unique_ptr<SubsystemTask>> tasks;       // in the plan's order
};

// Everything on the heap (the rings hold 4096 records each). The plan, `stop` and `observer` must
// outlive the set. Throws std::invalid_argument for a plan shorter than one macro step.
TaskSet wire_tasks(sim::Plan& plan, TelemetryPolicy policy, const std::atomic<bool>& stop,
                   MicroStepObserver* observer);

}  // namespace hilsim::rt
