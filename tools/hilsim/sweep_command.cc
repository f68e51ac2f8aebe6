#include "tools/hilsim/sweep_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <utility>

#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/jobs_flag.h"
#include "tools/hilsim/run_command.h"
#include "tools/io/atomic_file.h"
#include "tools/io/csv_table.h"
#include "tools/io/input_error.h"
#include "tools/run/stop_on_signals.h"
#include "tools/study/job_pool.h"
#include "tools/study/stability_sweep.h"
#include "tools/study/sweep_csv.h"
#include "tools/study/sweep_parts.h"

namespace hilsim::tools {

void SweepCommand::add_to(CLI::App& parent) {
  command = parent.add_subcommand("sweep",
                                  "Run a list of macro steps H and report accuracy and stability for each");
  flags.add_to(*command);
  // The sweep's own list replaces the single --H of run.
  command->remove_option(command->get_option("--H"));
  add_number_list(*command, "--H", H_list,
                  "Comma-separated macro steps H [s] (default: 1 ms to 70 ms every 1 ms)",
                  positive_range())
      ->default_str("");  // empty: the 70 steps of the description (execute), not a list to show
  add_jobs_option(*command, jobs);
  command
      ->add_option(
          "--out", out,
          "Write the table as CSV, one row per H: H,max_ds1,t_max_ds1,max_dp1,t_max_dp1,max_dfh,t_max_dfh,"
          "max_dp2,t_max_dp2,p_min,p_max,points_compared,stable,diverged; with --shard, the part file")
      ->check(non_empty_path());
  command->add_option(
      "--shard", shard,
      "K/N: run only part K of N of the H list (every N-th H from the K-th) and write it to --out as "
      "a part for --merge");
  command
      ->add_option("--merge", merge,
                   "Part files (written with --shard K/N) to join into the sweep's CSV at --out, exactly the "
                   "bytes of the whole sweep's --out")
      ->expected(1, -1)
      ->check(non_empty_path())
      ->check(CLI::Validator(
          [](std::string& part) -> std::string {
            // CLI11 gives --merge the words after it even when they are options: "--merge --out m.csv".
            if (part.size() > 1 && part[0] == '-') {
              return "'" + part +
                     "' is an option, not a part file; name the part files (written with --shard "
                     "K/N) after --merge";
            }
            return "";
          },
          ""));
}

namespace {

std::vector<double> sorted_H_list(std::vector<double> list) {
  if (list.empty()) {
    for (int ms = 1; ms <= 70; ++ms) list.push_back(ms * 1e-3);
  }
  std::sort(list.begin(), list.end());
  return list;
}

// The sweep's reference and how it is named: the scenario's file, or a fine p-s run.
std::pair<sim::ReferenceCurve, std::string> sweep_reference(const scenario::Scenario& s,
                                                            const RunInputs& in) {
  if (const auto loaded = load_reference(s)) return {*loaded, *s.reference};
  return {computed_reference(s, in), "a p-s run at H = h_H = 0.05 ms (no reference file for this manoeuvre)"};
}

// The table's header and rows, then the file replaced.
void write_sweep_csv(io::AtomicOutputFile& csv, const std::vector<SweepPoint>& points) {
  csv.stream() << kSweepCsvHeader << '\n';
  for (const SweepPoint& p : points) csv.stream() << sweep_csv_row(p);
  csv.commit();
}

}  // namespace

namespace {

// An interrupted sweep's note, on stderr as the report's (seen when the table goes to a file); 4.
int say_interrupted(const SweepResult& sweep, std::size_t runs, const std::optional<std::string>& out) {
  std::fflush(stdout);
  char done[160] = "before its first run ended";
  if (!sweep.points.empty()) {
    std::snprintf(done, sizeof done, "after %zu of %zu runs; the table is partial (H up to %g s)",
                  sweep.points.size(), runs, sweep.points.back().H);
  }
  std::fprintf(stderr, "hilsim sweep: interrupted by a signal %s%s\n", done,
               out ? (", and --out " + *out + " is not written").c_str() : "");
  return 4;
}

}  // namespace

int SweepCommand::execute() const {
  if (!merge.empty()) return execute_merge();
  if (shard && !out)
    throw io::InputError("--shard " + *shard + " writes a part of the sweep: name its file with --out");
  const std::optional<SweepShard> part =
      shard ? std::optional<SweepShard>(parse_shard(*shard)) : std::nullopt;
  const std::vector<double> all_H = sorted_H_list(H_list);
  // The scenario is validated at the list's smallest H (the default H may not fit a large h_H).
  ScenarioFlags at_first_H = flags;
  at_first_H.H = all_H.front();
  scenario::Scenario s = at_first_H.resolve();
  flags.refuse_flags_of_other_couplings(s.cosim.coupling);
  if (out) refuse_outputs_over_inputs(s, flags.scenario_path, {{*out, "--out"}});
  const RunInputs in = prepare_run(s);
  // Every H must fit the hydraulic step: check them all before running any.
  for (double H : all_H) {
    scenario::Scenario probe = s;
    probe.cosim.H = H;
    probe.source = "--H " + std::to_string(H);
    scenario::validate(probe);
  }
  std::vector<double> list = all_H;
  if (part) {
    list.clear();
    for (std::size_t i : shard_positions(all_H.size(), *part)) list.push_back(all_H[i]);
  }
  // Opened before the runs so that an unwritable output fails at once.
  std::optional<io::AtomicOutputFile> csv;
  if (out) csv.emplace(*out);
  const auto [reference, reference_name] = sweep_reference(s, in);
  std::printf("sweep: manoeuvre %s, %d actuator(s), %s, mechanics %s, h_H = %g s (%s), %g s; reference: %s\n",
              scenario::describe(s.manoeuvre).c_str(), in.cylinders(), scenario::describe(s.cosim).c_str(),
              std::string(sim::to_string(s.cosim.mechanics)).c_str(), s.cosim.h_hyd,
              std::string(sim::to_string(s.cosim.hydraulics_integrator)).c_str(), s.cosim.duration,
              reference_name.c_str());
  if (part) std::printf("part %d/%d: %zu of the %zu H\n", part->k, part->n, list.size(), all_H.size());
  // The pressure bound is the machine's: 20 MPa for the benchmark's 7.6 MPa supply, scaled with its own.
  std::printf("stable: finite, max |ds1| < 5 cm, 0 < every chamber pressure < %g MPa\n",
              *in.model->limits.diverged_pressure * 1e-6);
  std::fputs(sweep_table_header().c_str(), stdout);
  const StopOnSignals signals;  // SIGINT/SIGTERM end the sweep after the runs under way, saying so
  const SweepResult sweep = sweep_macro_steps(
      s, in, reference, list, false,
      [](const SweepPoint& p) {
        std::fputs(sweep_table_line(p).c_str(), stdout);
        std::fflush(stdout);
      },
      &stop_flag(), resolve_jobs(jobs));
  if (sweep.interrupted) return say_interrupted(sweep, list.size(), out);
  if (csv) {
    if (part) csv->stream() << sweep_part_preamble(*part, sweep_key(s, all_H), all_H.size());
    write_sweep_csv(*csv, sweep.points);
    if (part) {
      std::printf("part %d/%d of the sweep: %zu rows written to %s\n", part->k, part->n, sweep.points.size(),
                  out->c_str());
    } else {
      std::printf("sweep table: %zu rows written to %s\n", sweep.points.size(), out->c_str());
    }
  }
  // A part's runs alone do not decide the largest stable H: the merge does.
  if (!part) std::fputs(largest_stable_line(sweep.largest_stable_H).c_str(), stdout);
  return 0;
}

int SweepCommand::execute_merge() const {
  // The settings of the sweep are in its parts: flags that would change it have no effect here.
  for (const CLI::Option* option : command->get_options()) {
    const std::string name = option->get_name();
    if (option->count() > 0 && name != "--merge" && name != "--out") {
      throw io::InputError(name + " has no effect with --merge: the parts carry the sweep they belong to");
    }
  }
  if (!out) throw io::InputError("--merge writes the joined sweep to --out FILE.csv: name it");
  for (const std::string& path : merge) io::refuse_same_file(*out, "--out", path, "the part");
  const MergedSweep merged = merge_sweep_parts(merge);
  io::write_file_atomically(*out, merged.csv);
  std::printf("merged %d parts of a sweep of %zu H: %zu rows written to %s\n", merged.parts, merged.runs,
              merged.runs, out->c_str());
  std::istringstream text(merged.csv);
  std::vector<SweepPoint> points;
  for (const std::vector<double>& row : io::read_numeric_csv(text, *out).rows) {
    points.push_back(sweep_point_from_row(row));
  }
  std::fputs(sweep_table_header().c_str(), stdout);
  for (const SweepPoint& p : points) std::fputs(sweep_table_line(p).c_str(), stdout);
  std::fputs(largest_stable_line(largest_stable_H(points)).c_str(), stdout);
  return 0;
}

}  // namespace hilsim::tools
