#include "tools/hilsim/report_command.h"

#include <CLI/CLI.hpp>

#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/jobs_flag.h"
#include "tools/study/job_pool.h"
#include "tools/study/report.h"

namespace hilsim::tools {

void ReportCommand::add_to(CLI::App& parent) {
  CLI::App* cmd =
      parent.add_subcommand("report", "Run the benchmark cases and sweeps and write a Markdown report");
  cmd->add_option("--out-dir", out_dir, "Directory for report.md, the CSV files and the plots")
      ->check(non_empty_path("name a directory"));
  cmd->add_option("--max-H", max_H, "Upper end of the stability sweeps [s] (1 ms grid)")
      ->check(number_in(1e-3, 0.5));
  cmd->add_flag("--no-plots", no_plots, "Do not call python3 for the PNG plots");
  add_jobs_option(*cmd, jobs);
}

int ReportCommand::execute() const { return write_report({out_dir, max_H, !no_plots, resolve_jobs(jobs)}); }

}  // namespace hilsim::tools
