// `hilsim sweep`: runs one scenario over a list of macro steps H and reports, per H, the largest
// deviation of s1 from the reference and the stability verdict (sim/analysis/stability.h), then
// the largest H up to which every run of the list is stable. The runs go on --jobs workers; with
// --out the table is also written as CSV (sweep_csv.h). A sweep too large for one machine runs as
// parts (--shard K/N, each on its own machine) that --merge joins (sweep_parts.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/scenario_flags.h"

namespace hilsim::tools {

struct SweepCommand {
  ScenarioFlags flags;
  std::vector<double> H_list;
  int jobs = 0;  // 0: the CPUs available (job_pool.h)
  std::optional<std::string> out;
  std::optional<std::string> shard;  // "K/N"
  std::vector<std::string> merge;    // part files
  CLI::App* command = nullptr;       // for naming the flags --merge refuses

  void add_to(CLI::App& parent);
  // Exit status: 0 done, 2 bad input, 4 interrupted by a signal (nothing written).
  int execute() const;

 private:
  int execute_merge() const;
};

}  // namespace hilsim::tools
