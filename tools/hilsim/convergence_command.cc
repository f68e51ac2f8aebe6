#include "tools/hilsim/convergence_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <vector>

#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/jobs_flag.h"
#include "tools/study/convergence.h"
#include "tools/study/job_pool.h"

namespace hilsim::tools {

void ConvergenceCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "convergence", "Run the monolithic solver for a list of steps h and report errors and their order");
  flags.add_to(*cmd);
  // The co-simulation's options do not apply to the monolithic solver (single-actuated only): not
  // offered, so that they cannot be given without effect.
  for (const char* name :
       {"--H", "--hM", "--hH", "--coupling", "--preview", "--scheme", "--extrapolation", "--rim-force",
        "--actuators", "--limits", "--mechanics", "--hydraulics-integrator"}) {
    cmd->remove_option(cmd->get_option(name));
  }
  monolithic.add_to(*cmd, false);
  add_number_list(*cmd, "--h", h_list, "Comma-separated monolithic steps h [s] (default 0.1, 0.2, 0.5, 1 ms)",
                  positive_range())
      ->default_str("1e-4,2e-4,5e-4,1e-3");  // an empty list stands for these (execute)
  add_jobs_option(*cmd, jobs);
  cmd->add_option("--href", h_ref, "Step of the fine run every h is compared with [s] (default 5e-5)")
      ->check(positive_number());
}

int ConvergenceCommand::execute() const {
  std::vector<double> list = h_list.empty() ? std::vector<double>{1e-4, 2e-4, 5e-4, 1e-3} : h_list;
  std::sort(list.begin(), list.end());
  scenario::Scenario s = flags.resolve();
  s.solver = scenario::Solver::kMonolithic;
  monolithic.apply(s);
  return run_convergence_study(s, list, h_ref, resolve_jobs(jobs));
}

}  // namespace hilsim::tools
