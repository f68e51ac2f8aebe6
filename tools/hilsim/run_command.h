// `hilsim run`: one co-simulation of a scenario, its trajectory CSV and its deviation from a reference.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/monolithic_flags.h"
#include "tools/hilsim/run_setup.h"
#include "tools/io/atomic_file.h"
#include "tools/io/telemetry_stream.h"
#include "tools/io/trajectory_csv_writer.h"

namespace hilsim::tools {

struct RunCommand {
  ScenarioFlags flags;
  std::optional<std::string> solver;  // cosim | monolithic
  MonolithicFlags monolithic;
  std::optional<std::string> out;
  bool quiet = false;
  bool realtime = false;                 // --realtime: real-time threads paced at wall-clock time
  bool threads = false;                  // --threads: the same threads, unpaced
  bool require_rt = false;               // --require-rt: refuse unless every real-time setting is granted
  std::optional<std::string> input;      // --input script|udp|can: overrides [hil] input
  std::optional<std::string> record;     // --record FILE: every applied input (with --realtime/--threads)
  std::optional<std::string> telemetry;  // --telemetry udp://HOST:PORT|none: overrides [telemetry] target
  // A [contact] task's coupling, K_i [N/m] and D_i [N·s/m]: override [contact] coupling,
  // interface_stiffness and interface_damping.
  std::optional<std::string> contact_coupling;
  std::optional<double> Ki;
  std::optional<double> Di;

  void add_to(CLI::App& parent);
  // Applies --contact-coupling, --Ki and --Di to the scenario's [contact] task (refused without one).
  void apply_contact_flags(scenario::Scenario& s) const;
  // Refuses, for the crane and a contact task alike, what only a run in threads can do: --require-rt,
  // --record, and a live [hil] input (which an offline run would leave unread).
  void refuse_offline_misuse(const scenario::Scenario& s) const;
  // The run of a scenario with a [contact] task; exit status as execute()'s.
  int execute_contact(const scenario::Scenario& s) const;
  // The run with --solver monolithic, after refusing what it does not do (threads, telemetry, the
  // co-simulation's flags, limits, two actuators).
  int execute_monolithic(scenario::Scenario& s) const;
  // Exit status: 0 done, 2 refused (--require-rt), 3 the run diverged (the CSV holds the rows up
  // to it), 4 a real-time run stopped early.
  int execute() const;
};

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

// Prints the largest deviations of `samples` from the scenario's reference curve.
void print_deviation(const scenario::Scenario& s, const sim::ReferenceCurve& reference,
                     const std::vector<sim::Sample>& samples);

}  // namespace hilsim::tools
