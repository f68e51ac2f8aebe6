// Command-line settings of the monolithic solver shared by `run --solver monolithic` and
// `convergence`.
#pragma once

#include <optional>
#include <string>

#include "tools/hilsim/cli_forward.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct MonolithicFlags {
  std::optional<double> h;
  std::optional<std::string> valve_sampling;
  std::optional<std::string> convergence;

  // Declares --valve-sampling and --newton, and --h when `with_h`.
  void add_to(CLI::App& app, bool with_h);
  // Applies the flags that were given to s.monolithic and validates the result.
  void apply(scenario::Scenario& s) const;
};

}  // namespace hilsim::tools
