// `hilsim doctor`: what a user runs first on a machine — is it able to run hilsim in real time, and
// what to change: kernel and preemption model, real-time privileges and limits, the CPUs the
// scenario's [rt] section names, real-time throttling, the boot parameters that isolate those CPUs
// (isolcpus, nohz_full, rcu_nocbs), their SMT siblings, the interrupts of the network and CAN
// interfaces, the CPU frequency governor, deep idle states, and cyclictest for bench-rt. Prints the
// kernel command line, and per finding the command that would fix it.
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
