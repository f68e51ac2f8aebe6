#include "tools/hilsim/scenario_keys_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "tools/hilsim/cli_checks.h"
#include "tools/io/atomic_file.h"
#include "tools/io/bounded_read.h"
#include "tools/scenario/key_reference.h"

namespace hilsim::tools {

void ScenarioKeysCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand("scenario-keys", "Print the key reference of docs/scenario.md");
  cmd->group("");  // a maintainer's command: not in `hilsim --help`
  cmd->add_option("--update", update, "Rewrite the key reference in this page, between its marker lines")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_flag("--machine", machine, "The machine file's keys (docs/machine.md) instead of the scenario's");
}

int ScenarioKeysCommand::execute() const {
  if (!update) {
    scenario::write_key_reference(std::cout, machine);
    return 0;
  }
  const std::string page = io::read_bounded_file(*update, io::kMaxInputFileBytes);
  const std::string updated = scenario::with_key_reference(page, *update, machine);
  if (updated == page) {
    std::printf("%s: the key reference is as the table says\n", update->c_str());
    return 0;
  }
  io::AtomicOutputFile file(*update);
  file.stream() << updated;
  file.commit();
  std::printf("%s: key reference rewritten from the table\n", update->c_str());
  return 0;
}

}  // namespace hilsim::tools
