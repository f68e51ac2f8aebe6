// `hilsim doctor`: what a user runs first on a machine — is it able to run hilsim in real time, and
// what to change: kernel and preemption model, real-time privileges and limits, isolated CPUs, the
// CPU frequency governor, the CPUs the scenario's [rt] section names, and cyclictest for bench-rt.
#pragma once

#include <string>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct DoctorCommand {
  std::string scenario_path;

  void add_to(CLI::App& parent);
  // Prints one line per finding (ok / warn / FAIL) with advice; exit status 0 (2 for a bad scenario).
  int execute() const;
};

}  // namespace hilsim::tools
