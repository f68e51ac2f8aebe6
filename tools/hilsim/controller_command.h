// `hilsim controller`: the controller emulator (tools/run/controller_emulator.h) on the command line,
// driving the scenario's machine over UDP.
#pragma once

#include "tools/hilsim/cli_forward.h"
#include "tools/hilsim/scenario_flags.h"
#include "tools/run/controller_emulator.h"

namespace hilsim::tools {

struct ControllerCommand {
  ScenarioFlags flags;  // the manoeuvre, κ0 (from the crane's equilibrium), the duration
  ControllerEmulator emulator;
  bool wait_given = false;  // --wait was given (refused with --no-sync, where nothing is waited for)

  void add_to(CLI::App& parent);
  // Exit status: 0 done, 2 bad input or no sensor datagram within --wait (with sync), 4 the sensors
  // stopped before the run's end.
  int execute() const;
};

}  // namespace hilsim::tools
