#include "tools/hilsim/dbc_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "hil/dbc_writer.h"
#include "hil/default_messages.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

void DbcCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand("dbc", "Write the DBC file of hilsim's CAN/UDP signals");
  cmd->add_option("scenario", scenario,
                  "A scenario whose [[messages]] to write (default: the default mapping)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--out", out, "Write it here (default: standard output)")->check(non_empty_path());
  cmd->add_option("--actuators", actuators, "Messages for 1 or 2 actuators (default 2), without a scenario")
      ->check(CLI::IsMember({1, 2}));
  cmd->add_option(
         "--machine", machine,
         "The mapping generated from this machine file (docs/machine.md): a command signal per valve, "
         "sensor signals whose ranges hold what the machine reaches")
      ->check(CLI::ExistingFile);
}

int DbcCommand::execute() const {
  if (actuators && !scenario.empty()) {
    throw io::InputError("--actuators goes without a scenario: " + scenario +
                         " decides the actuators ([crane] actuators, a hydraulic contact task's two)");
  }
  if (actuators && machine)
    throw io::InputError("--actuators goes without --machine: the machine has its cylinders");
  std::vector<hil::MessageSpec> messages = hil::default_messages(actuators.value_or(2));
  if (!scenario.empty() || machine) {
    scenario::Scenario s =
        scenario.empty() ? scenario::default_scenario() : scenario::load_scenario(scenario);
    if (machine) s.machine = std::filesystem::absolute(*machine).string();
    scenario::validate(s);
    messages = scenario::signal_mapping(s);
  }
  const std::vector<std::string> nodes = {"Controller", "Hilsim"};
  if (!out) {
    hil::write_dbc(std::cout, messages, nodes);
    return 0;
  }
  if (!scenario.empty()) io::refuse_same_file(*out, "--out", scenario, "the scenario");
  io::AtomicOutputFile file(*out);
  hil::write_dbc(file.stream(), messages, nodes);
  file.commit();
  std::printf("%zu messages written to %s\n", messages.size(), out->c_str());
  return 0;
}

}  // namespace hilsim::tools
