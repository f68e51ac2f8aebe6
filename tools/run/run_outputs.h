// What a run of a scenario reports and writes besides its samples: its header (the scenario, the
// machine, each cylinder's equilibrium), the trajectory CSV and its hash, the live telemetry, the
// deviation from a reference, and the refusal of an output that would overwrite an input.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/machine/machine_model.h"
#include "tools/io/telemetry_stream.h"
#include "tools/io/trajectory_csv_writer.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

// After a divergence: the scenario's implausible values (tools/scenario/plausibility.h), each named
// as a likelier cause than the steps the divergence message blames; nothing when there are none.
void print_implausible_as_cause(const scenario::Scenario& s);

// Prints "output sha256: <hex>  <where>" (the text sha256sum prints): the one output line of every
// command that writes a trajectory.
void print_output_sha256(const std::string& sha, const std::string& where);

// "trajectory: N rows written to PATH" and the output's hash, for a TrajectoryCsvWriter's file.
void report_trajectory_csv(const io::TrajectoryCsvWriter::Written& written, const std::string& path);
// Writes the samples of a finished run as the trajectory CSV to `path` (replaced once complete),
// prints the rows written and the output hash, and returns the hash. Throws io::InputError when
// the write fails (the target then stays as it was).
std::string write_trajectory_csv(const std::string& path, const std::vector<sim::Sample>& samples,
                                 const io::TrajectoryColumns& columns);

// Throws io::InputError (exit 2, one line naming both) when an output (path, what it is) is a file
// the run reads (the scenario, its κ table, its reference) or another of the outputs.
void refuse_outputs_over_inputs(const scenario::Scenario& s, const std::string& scenario_path,
                                const std::vector<std::pair<std::string, std::string>>& outputs);

// The live stream of the scenario's [telemetry] section, announced on stdout; null without a target.
// Throws io::InputError when its socket cannot be opened.
std::unique_ptr<io::TelemetryStream> open_telemetry(const scenario::Scenario& s,
                                                    const io::TrajectoryColumns& columns);

// Prints the machine file's line (a machine file's run) and each cylinder's equilibrium.
void print_equilibrium(const scenario::Scenario& s, const sim::machine::MachineModel& model,
                       const sim::machine::MachineEquilibrium& eq);
// The scenario's line (input, coupling, steps, duration), then print_equilibrium's, and a note when
// the limits let the chambers reach end stops an explicit hydraulic step may not hold to.
void print_run_header(const scenario::Scenario& s, const sim::machine::MachineModel& model,
                      const sim::machine::MachineEquilibrium& eq);

// Prints the largest deviations of `samples` from the scenario's reference curve.
void print_deviation(const scenario::Scenario& s, const sim::ReferenceCurve& reference,
                     const std::vector<sim::Sample>& samples);

}  // namespace hilsim::tools
