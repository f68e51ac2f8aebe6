// `hilsim convergence`: runs the monolithic solver for a list of steps h and reports, per h, how far
// it lands from the reference file and from a fine run of the same method (h_ref, by default the
// LIM reference's 0.05 ms), with the observed order of convergence between consecutive h: the
// largest |Δs1| over the run and, for M1, the largest |Δp1| over the pressure spike at t_b (the
// second valve step, t = 6 s) — LIM benchmark 2021, Fig. 9.
#pragma once

#include <vector>

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/monolithic_flags.h"
#include "tools/hilsim/scenario_flags.h"

namespace hilsim::tools {

struct ConvergenceCommand {
  ScenarioFlags flags;
  MonolithicFlags monolithic;
  std::vector<double> h_list;
  double h_ref = 5e-5;
  int jobs = 0;  // runs at once; 0: the CPUs available (job_pool.h)

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
