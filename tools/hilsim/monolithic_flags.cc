#include "tools/hilsim/monolithic_flags.h"

#include <CLI/CLI.hpp>
#include <cstdio>

#include "tools/hilsim/cli_checks.h"

namespace hilsim::tools {

void MonolithicFlags::add_to(CLI::App& app, bool with_h) {
  const sim::MonolithicSettings d;
  char step[64];
  std::snprintf(step, sizeof step, " [default: the scenario's; built-in %g]", d.h);
  if (with_h) {
    app.add_option("--h", h,
                   "Monolithic integration step h [s] (with --solver monolithic)" + std::string(step))
        ->check(positive_number());
  }
  app.add_option("--valve-sampling", valve_sampling,
                 "Monolithic: kappa of a step at its start (step_start, the LIM reference's) or end "
                 "(step_end, second order) [default: the scenario's; built-in " +
                     scenario::to_string(d.valve_sampling) + "]")
      ->check(CLI::IsMember({"step_start", "step_end"}));
  app.add_option(
         "--newton", convergence,
         "Monolithic Newton stop: residual (scaled residual norm) or update (update norm) [default: the "
         "scenario's; built-in " +
             scenario::to_string(d.convergence) + "]")
      ->check(CLI::IsMember({"residual", "update"}));
}

void MonolithicFlags::apply(scenario::Scenario& s) const {
  if (h) s.monolithic.h = *h;
  if (valve_sampling)
    s.monolithic.valve_sampling = scenario::parse_valve_sampling(*valve_sampling, "--valve-sampling");
  if (convergence) s.monolithic.convergence = scenario::parse_newton_convergence(*convergence, "--newton");
  scenario::validate(s);
}

}  // namespace hilsim::tools
