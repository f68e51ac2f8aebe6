#include "tools/hilsim/contact_study_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include "sim/contact/contact_study.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/jobs_flag.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"
#include "tools/scenario/scenario_keys.h"
#include "tools/scenario/setting_words.h"
#include "tools/study/contact_study_run.h"
#include "tools/study/job_pool.h"

namespace hilsim::tools {

namespace {

// The range of the scenario key contact.interface_stiffness, which `run --Ki` is held to.
NumberRange stiffness_range() {
  const auto& keys = scenario::scenario_keys();
  const auto row = std::find_if(keys.begin(), keys.end(), [](const auto& r) {
    return std::string(r.section) == "contact" && std::string(r.key) == "interface_stiffness";
  });
  return {row->range->lo, row->range->hi, row->range->lo_open, row->range->hi_open};
}

}  // namespace

void ContactStudyCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "contact-study",
      "Run a contact task monolithically and with every coupling at every interface stiffness K_i; report "
      "stability, RMS tool errors and jams");
  cmd->add_option("task", task,
                  "The contact task: landing, insertion, or a scenario file with a [contact] task (its "
                  "duration, [cosim] H and h_M are the study's)")
      ->required();
  cmd->add_option("--out", out, "Write the table as CSV: coupling,Ki,stable,rms_pos,rms_vel,jammed,jam_depth")
      ->required()
      ->check(non_empty_path());
  // Each K_i in the range of the scenario key contact.interface_stiffness, as `run --Ki` takes it.
  add_number_list(*cmd, "--Ki", stiffnesses,
                  "Comma-separated interface stiffnesses K_i [N/m] (default 1e2,1e3,1e5,1e7,1e8,1e9)",
                  stiffness_range())
      ->default_str("");  // empty: the study's own list (sim/contact/contact_study.h)
  add_jobs_option(*cmd, jobs);
}

namespace {

// The task's name: TASK itself, or the [contact] task of the scenario file TASK, whose [run]
// duration, [cosim] H and h_M then set the study's (its coupling and K_i are the study's to vary).
std::string study_task(const std::string& task, const std::string& out,
                       sim::contact::ContactStudySettings& settings) {
  if (sim::contact::contact_task(task)) return task;
  if (task.size() < 5 || task.compare(task.size() - 5, 5, ".toml") != 0) {
    throw io::InputError("contact-study: TASK must be one of " + sim::contact::contact_task_names() +
                         " or a scenario file (.toml) with a [contact] task, not '" + task + "'");
  }
  const scenario::Scenario s = scenario::load_scenario(task);
  scenario::validate(s);
  if (!s.contact.task) throw io::InputError(task + ": no [contact] task to study (key 'contact.task')");
  if (s.contact.mode == scenario::ContactMode::kHydraulic) {
    throw io::InputError(task +
                         ": key 'contact.mode' = 'hydraulic': contact-study studies a task in guided mode "
                         "(run the hydraulic mode with hilsim run)");
  }
  io::refuse_same_file(out, "--out", task, "the scenario");
  settings.H = s.cosim.H;
  settings.h = sim::mechanics_step(s.cosim);
  settings.duration = s.cosim.duration;
  return scenario::word_of(scenario::kContactTasks, *s.contact.task);
}

}  // namespace

int ContactStudyCommand::execute() const {
  sim::contact::ContactStudySettings settings;
  if (!stiffnesses.empty()) settings.stiffnesses = stiffnesses;
  const std::string name = study_task(task, out, settings);
  return run_contact_study(name, settings, out, resolve_jobs(jobs));
}

}  // namespace hilsim::tools
