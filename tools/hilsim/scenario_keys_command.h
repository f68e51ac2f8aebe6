// `hilsim scenario-keys`, a maintainer's command left out of --help: prints the key reference of
// docs/scenario.md from the scenario key table (tools/scenario/key_reference.h), with --machine that
// of docs/machine.md from the machine key table, or with --update rewrites it in the page, between
// its marker lines.
#pragma once

#include <optional>
#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct ScenarioKeysCommand {
  std::optional<std::string> update;  // the page to rewrite; standard output without it
  bool machine = false;               // the machine file's keys (docs/machine.md)

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
