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
#include "tools/io/csv_row.h"
#include "tools/io/input_error.h"
#include "tools/run/stop_on_signals.h"
#include "tools/scenario/scenario.h"
#include "tools/scenario/scenario_keys.h"
#include "tools/scenario/setting_words.h"
#include "tools/study/contact_study_csv.h"
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

void print_table_line(const sim::contact::ContactStudyRow& row) {
  char ki[32] = "rigid";
  if (!is_monolithic(row)) std::snprintf(ki, sizeof ki, "%.0e", row.run_case.stiffness);
  char depth[32] = "-";
  if (row.jammed) std::snprintf(depth, sizeof depth, "%.4f", row.jam_depth);
  std::printf("%-17s %9s %6d %12.4e %13.4e %6d %13s\n", coupling_name(row).c_str(), ki, row.stable ? 1 : 0,
              row.error.rms_position, row.error.rms_velocity, row.jammed ? 1 : 0, depth);
  std::fflush(stdout);
}

void print_preamble(const std::string& task, const sim::contact::ContactStudySettings& s, double duration) {
  std::printf(
      "contact study: %s, %g s; the monolithic run (rigid weld) and %zu couplings at %zu K_i, D_i/K_i = %g "
      "s, "
      "angular stiffness and damping a tenth of the linear, H = %g ms, h = %g ms\n",
      task.c_str(), duration, s.couplings.size(), s.stiffnesses.size(), s.damping_ratio, s.H * 1e3,
      s.h * 1e3);
  std::printf(
      "stable: finite and healthy to the end, the tool within %g m of the crane's base; errors of "
      "the tool against the monolithic run\n",
      s.runaway_distance);
  std::printf("%-17s %9s %6s %12s %13s %6s %13s\n", "coupling", "Ki [N/m]", "stable", "rms_pos [m]",
              "rms_vel [m/s]", "jammed", "jam_depth [m]");
}

}  // namespace

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
  std::optional<sim::contact::ContactStudy> study;
  try {
    study.emplace([name] { return *sim::contact::contact_task(name); }, settings);
  } catch (const std::invalid_argument& e) {
    throw io::InputError(std::string("contact-study: ") + e.what());
  }
  io::AtomicOutputFile csv(out);  // opened before the runs: an unwritable output fails at once
  csv.stream() << kContactStudyCsvHeader << '\n';
  print_preamble(name, settings, settings.duration.value_or(sim::contact::contact_task(name)->duration));
  const StopOnSignals signals;  // SIGINT/SIGTERM end the study after the runs under way, saying so
  const auto take = [&](std::size_t i, sim::contact::ContactStudyRun&& run) {
    const sim::contact::ContactStudyRow row = study->take(i, std::move(run));
    print_table_line(row);
    write_contact_study_csv_row(row, csv.stream());
    return true;
  };
  const std::size_t taken = run_in_order<sim::contact::ContactStudyRun>(
      resolve_jobs(jobs), study->size(), [&](std::size_t i) { return study->run(i); }, take, &stop_flag());
  if (taken < study->size()) {
    std::printf(
        "contact study: interrupted by a signal after %zu of %zu runs; the table above is partial and "
        "--out is not written\n",
        taken, study->size());
    return 4;
  }
  csv.commit();
  std::printf("contact study table: %zu rows written to %s\n", taken, out.c_str());
  return 0;
}

}  // namespace hilsim::tools
