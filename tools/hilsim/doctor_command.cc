#include "tools/hilsim/doctor_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <utility>
#include <vector>

#include "tools/run/contact_run.h"
#include "tools/run/realtime_run.h"
#include "tools/scenario/scenario.h"
#include "tools/system/can_input_checks.h"
#include "tools/system/doctor_checks.h"
#include "tools/system/machine_facts.h"
#include "tools/system/system_files.h"

namespace hilsim::tools {

void DoctorCommand::add_to(CLI::App& parent) {
  CLI::App* cmd =
      parent.add_subcommand("doctor", "Check this machine for real-time runs and say what to change");
  cmd->add_option("scenario", scenario_path,
                  "Scenario whose [rt] section (and, for hil.input = \"can\", [can] link) to check (default: "
                  "the built-in one)")
      ->check(CLI::ExistingFile);
}

int DoctorCommand::execute() const {
  scenario::Scenario s =
      scenario_path.empty() ? scenario::default_scenario() : scenario::load_scenario(scenario_path);
  scenario::validate(s);
  std::printf("hilsim doctor: real-time readiness of this machine for %s\n",
              scenario_path.empty() ? "the default [rt] settings" : scenario_path.c_str());
  const MachineFacts facts = read_machine_facts(SystemFiles("/"));
  std::printf("kernel command line: %s\n", facts.cmdline.empty() ? "(unreadable)" : facts.cmdline.c_str());
  int warnings = 0, failures = 0;
  // What a threaded run of the scenario maps after its set-up, as the run weighs it against RLIMIT_MEMLOCK.
  const std::size_t run_bytes = s.contact.task ? contact_run_bytes(s) : threaded_run_bytes(s);
  std::vector<Finding> findings = doctor_findings(s.rt, facts, run_bytes);
  if (s.hil.input == hil::InputSource::kCan) {
    for (Finding& f : can_input_findings(s.can, SystemFiles("/"))) findings.push_back(std::move(f));
  }
  for (const Finding& f : findings) {
    const char* tag = f.level == Finding::Level::kOk     ? " ok "
                      : f.level == Finding::Level::kWarn ? "warn"
                                                         : "FAIL";
    std::printf("[%s] %s\n", tag, f.what.c_str());
    if (!f.advice.empty()) std::printf("       -> %s\n", f.advice.c_str());
    if (!f.fix.empty()) std::printf("       fix: %s\n", f.fix.c_str());
    warnings += f.level == Finding::Level::kWarn;
    failures += f.level == Finding::Level::kFail;
  }
  std::printf("%d warnings, %d failures: %s\n", warnings, failures,
              failures   ? "runs of this scenario will not get what it asks for (see FAIL)"
              : warnings ? "real-time runs work; latencies depend on the warnings above"
                         : "ready for real-time runs");
  return 0;
}

}  // namespace hilsim::tools
