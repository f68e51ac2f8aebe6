// `hilsim run`: one co-simulation of a scenario, its trajectory CSV and its deviation from a reference.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/monolithic_flags.h"
#include "tools/hilsim/scenario_flags.h"
#include "tools/run/run_outputs.h"

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
  std::optional<std::string> events;     // --events FILE: the run's events CSV (tools/run/run_events.h)
  std::optional<std::string> latency;  // --latency FILE: the threads' histograms (with --realtime/--threads)
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

}  // namespace hilsim::tools
