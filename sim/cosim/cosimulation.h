// A machine's co-simulation run offline: the plan of machine_plan.h walked by one thread
// (CosimManager), a sample at every communication point from the subsystems' probes.
#pragma once

#include <functional>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/cosim/machine_plan.h"
#include "sim/cosim/sample_assembly.h"

namespace hilsim::sim {

struct RunResult {
  std::vector<Sample> samples;  // one per communication point, t_0 included
  bool diverged = false;        // a state became non-finite or non-physical; samples stop before it
};

// Probes every subsystem of `plan` at communication point n into `probes` (one per subsystem) and
// assembles the sample. The real-time run does the same in its threads and telemetry thread.
Sample sample_plan(Plan& plan, std::int64_t n, std::vector<ProbeValues>& probes);

// Runs the plan to its last communication point. `on_progress(done, total)` is called every few
// percent when given.
RunResult run_plan(Plan& plan, const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

// The same run handing each sample to `on_sample` as it is made instead of keeping them all, so
// that a run of any length needs constant memory. Returns how it ended and the last sample.
struct StreamedRun {
  Sample last;
  std::int64_t samples = 0;  // handed to on_sample, t_0 included
  bool diverged = false;
};
StreamedRun stream_plan(Plan& plan, const std::function<void(const Sample&)>& on_sample,
                        const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

// Builds the plan of `settings` (machine_plan.h) and runs it.
RunResult run_cosimulation(const std::shared_ptr<const machine::MachineModel>& model,
                           const machine::MachineEquilibrium& eq, const MachineValves& valves,
                           const CosimSettings& settings,
                           const std::function<void(std::int64_t, std::int64_t)>& on_progress = {});

}  // namespace hilsim::sim
