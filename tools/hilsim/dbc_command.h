// `hilsim dbc`: writes the DBC file of the signal mapping hilsim uses (a scenario's [[messages]], the
// mapping generated from a machine file (hil/machine_signals.h), or hil/default_messages.h), so
// users' CAN tools (cantools, SavvyCAN, Wireshark, CANdb++) decode its frames as hilsim does.
// config/hil/hilsim.dbc is this command's output for two actuators (a test keeps them equal).
#pragma once

#include <optional>
#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct DbcCommand {
  std::string scenario;                // its [[messages]]; empty: the default mapping
  std::optional<std::string> out;      // the file; standard output without it
  std::optional<int> actuators;        // --actuators, without a scenario (default 2)
  std::optional<std::string> machine;  // --machine: the mapping generated from this machine file

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
