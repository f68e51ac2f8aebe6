#include "tools/study/contact_study_run.h"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/run/stop_on_signals.h"
#include "tools/study/contact_study_csv.h"
#include "tools/study/job_pool.h"

namespace hilsim::tools {

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

int run_contact_study(const std::string& name, const sim::contact::ContactStudySettings& settings,
                      const std::string& out, int workers) {
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
      workers, study->size(), [&](std::size_t i) { return study->run(i); }, take, &stop_flag());
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
