// A scenario's co-simulation offline, as fast as it computes: the same plan the threads run, its
// samples streamed to the CSV, the telemetry, the limit monitor and the reference comparison.
#pragma once

#include <optional>

#include "sim/analysis/trajectory.h"
#include "tools/run/run_inputs.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// Exit status: 0 done, 3 the run diverged (the CSV holds the rows up to it) or was numerically wrong
// (the coupling monitor's error energy past its limit, sim::LimitMonitor::numerical_fault()). A run of more
// than about 5e7 micro steps shows its progress on stderr unless `quiet`. `events`: write the limit monitor's
// events there (tools/run/run_events.h).
int run_offline(const scenario::Scenario& s, const RunInputs& in,
                const std::optional<sim::ReferenceCurve>& reference, bool quiet,
                const std::optional<std::string>& events = std::nullopt);

}  // namespace hilsim::tools
