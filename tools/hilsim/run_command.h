// `hilsim run`: one co-simulation of a scenario, its trajectory CSV and its deviation from a reference.
#pragma once

#include <CLI/CLI.hpp>

#include "tools/hilsim/monolithic_flags.h"
#include "tools/hilsim/run_setup.h"

namespace hilsim::tools {

struct RunCommand {
  ScenarioFlags flags;
  std::optional<std::string> solver;  // cosim | monolithic
  MonolithicFlags monolithic;
  std::optional<std::string> out;
  bool quiet = false;

  void add_to(CLI::App& parent);
  // Exit status: 0 done, 3 the run diverged (the CSV holds the rows up to it).
  int execute() const;
};

}  // namespace hilsim::tools
