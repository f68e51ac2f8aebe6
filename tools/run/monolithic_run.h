// `hilsim run --solver monolithic`: one run of the monolithic reference solver, its trajectory CSV
// (the co-simulation columns plus violC and newton_iterations), the Newton and constraint figures,
// and its deviation from a reference.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "sim/monolithic/monolithic_run.h"
#include "tools/run/run_inputs.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// "h = 5e-05 s, alpha = 1e+12, residual tolerance 1e-05, 3 projections, valve sampled at step_start".
std::string describe(const sim::MonolithicSettings& m);

// The monolithic run of the scenario's machine: the built-in LIM crane's in natural coordinates
// (the benchmark's formulation, sim/monolithic/monolithic_solver.h), a machine file's in its tree
// coordinates (sim/monolithic/machine_monolithic.h). `in` is prepare_run(s)'s.
sim::MonolithicRunResult run_monolithic_of(
    const scenario::Scenario& s, const RunInputs& in, const sim::MonolithicSettings& settings,
    const std::function<void(std::int64_t, std::int64_t)>& progress = {});

// Exit status: 0 done, 3 the run diverged (the CSV holds the rows up to it).
int execute_monolithic_run(const scenario::Scenario& s, bool quiet);

}  // namespace hilsim::tools
