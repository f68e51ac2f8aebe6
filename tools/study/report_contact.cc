#include "tools/study/report_contact.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "sim/contact/contact_study.h"
#include "tools/io/atomic_file.h"
#include "tools/io/csv_row.h"
#include "tools/study/contact_study_csv.h"
#include "tools/study/job_pool.h"

namespace hilsim::tools {
namespace {

namespace fs = std::filesystem;
using sim::contact::ContactCoupling;

constexpr double kLowStiffness = 1e3;   // the trajectories' soft interface K_i [N/m]
constexpr double kHighStiffness = 1e8;  // and their stiff one
constexpr int kTrajectoryStride = 5;    // every 5th sample (5 ms) of the 1 ms runs

std::string ki_text(double k) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0e", k);
  return text;
}

// The study's runs kept for the trajectories: the monolithic one and every run at the two K_i.
bool kept_for_trajectories(const sim::contact::ContactStudyCase& c) {
  return c.coupling == ContactCoupling::kMonolithic || c.stiffness == kLowStiffness ||
         c.stiffness == kHighStiffness;
}

void write_trajectory(const sim::contact::ContactStudyRun& run, bool insertion, std::ostream& out) {
  const std::string coupling(sim::contact::to_string(run.run_case.coupling));
  for (std::size_t k = 0; k < run.samples.size(); k += kTrajectoryStride) {
    const sim::Sample& s = run.samples[k];
    io::CsvRow line;
    line.add(coupling);
    if (run.run_case.coupling == ContactCoupling::kMonolithic) {
      line.add(std::string_view());
    } else {
      line.add(run.run_case.stiffness);
    }
    line.add(s.t);
    line.add(insertion ? s.tool_y : s.tool_x);
    line.add(insertion ? s.tool_ydot : s.tool_xdot);
    line.write_to(out);
  }
}

// One Markdown table: a row per coupling, a column per K_i; a cell holds the RMS position error [m],
// "unstable", and for the insertion the jam depth [m] or "no jam".
void write_study_table(std::ostream& md, const std::vector<sim::contact::ContactStudyRow>& rows,
                       const sim::contact::ContactStudySettings& s, bool insertion) {
  md << "| coupling |";
  for (double k : s.stiffnesses) md << " K_i = " << ki_text(k) << " |";
  md << "\n|---|";
  for (std::size_t i = 0; i < s.stiffnesses.size(); ++i) md << "---|";
  md << "\n";
  for (std::size_t c = 0; c < s.couplings.size(); ++c) {
    md << "| " << sim::contact::to_string(s.couplings[c]) << " |";
    for (std::size_t k = 0; k < s.stiffnesses.size(); ++k) {
      const sim::contact::ContactStudyRow& row = rows.at(1 + c * s.stiffnesses.size() + k);
      char cell[64];
      if (!row.stable) {
        std::snprintf(cell, sizeof cell, "unstable");
      } else if (!insertion) {
        std::snprintf(cell, sizeof cell, "%.3g", row.error.rms_position);
      } else if (row.jammed) {
        std::snprintf(cell, sizeof cell, "%.3g; jam %.4f", row.error.rms_position, row.jam_depth);
      } else {
        std::snprintf(cell, sizeof cell, "%.3g; no jam", row.error.rms_position);
      }
      md << " " << cell << " |";
    }
    md << "\n";
  }
}

// The study of one task: its table and its two CSVs. False when stopped.
bool study_task(std::ostream& md, const std::string& out_dir, const std::string& task, int workers,
                const std::atomic<bool>* stop) {
  const sim::contact::ContactStudySettings settings;
  sim::contact::ContactStudy study([task] { return *sim::contact::contact_task(task); }, settings);
  const bool insertion = task == "insertion";
  io::AtomicOutputFile table((fs::path(out_dir) / ("contact_study_" + task + ".csv")).string());
  io::AtomicOutputFile paths((fs::path(out_dir) / ("contact_trajectories_" + task + ".csv")).string());
  table.stream() << kContactStudyCsvHeader << '\n';
  paths.stream() << "coupling,Ki,t," << (insertion ? "tool_y,tool_ydot" : "tool_x,tool_xdot") << '\n';
  std::vector<sim::contact::ContactStudyRow> rows;
  const std::size_t taken = run_in_order<sim::contact::ContactStudyRun>(
      workers, study.size(), [&](std::size_t i) { return study.run(i); },
      [&](std::size_t i, sim::contact::ContactStudyRun&& run) {
        if (kept_for_trajectories(run.run_case)) write_trajectory(run, insertion, paths.stream());
        rows.push_back(study.take(i, std::move(run)));
        write_contact_study_csv_row(rows.back(), table.stream());
        return true;
      },
      stop);
  if (taken < study.size()) return false;
  table.commit();
  paths.commit();
  md << "\n### " << (insertion ? "Insertion" : "Landing") << "\n\n";
  if (insertion) {
    md << "The monolithic run (rigid weld) jams " << rows.front().jam_depth
       << " m into the socket. Cells: RMS error of the tool's position [m] against it; jam depth [m].\n\n";
  } else {
    md << "Cells: RMS error of the tool's position [m] against the monolithic run (rigid weld).\n\n";
  }
  write_study_table(md, rows, settings, insertion);
  return true;
}

}  // namespace

bool write_contact_section(std::ostream& md, const std::string& out_dir, int workers,
                           const std::atomic<bool>* stop) {
  md << "\n## Contact: the four couplings of Peiret et al. (contact tasks)\n\n"
     << "The crane's arm with a wrist and its tool (`hilsim contact-study`), H = h = 1 ms, D_i/K_i = 1e-4 s, "
        "angular stiffness and damping a tenth of the linear; unstable: not finite or healthy to the end, "
        "or the tool over 100 m from the crane's base.\n";
  for (const char* task : {"landing", "insertion"}) {
    std::fprintf(stderr, "report: contact study, %s\n", task);
    if (!study_task(md, out_dir, task, workers, stop)) return false;
  }
  md << "\n### The cost of the reduced model\n\n"
        "Timed by the benchmark, not here (the report's files are the same bytes on every run): "
        "`hilsim-bench-cosim` prints the contact step's cost and the tool side's model generation by its "
        "number of active constraints; with `--model-cost-csv DIR/contact_model_cost.csv` it writes every "
        "step's, which the plots of this report then include (after Peiret et al. (contact tasks), Fig. "
        "9).\n";
  return true;
}

std::string contact_figures_markdown(const std::string& out_dir) {
  const bool cost = fs::exists(fs::path(out_dir) / "contact_model_cost.png");
  return "\n## Contact figures\n\n"
         "Landing (after Peiret et al. (contact tasks), Fig. 4): the tool along the slide\n\n"
         "![landing](contact_landing.png)\n\n"
         "Insertion (Fig. 6): the tool along the push\n\n![insertion](contact_insertion.png)\n\n"
         "RMS errors against K_i (Fig. 7)\n\n![rms](contact_rms.png)\n" +
         std::string(cost ? "\nModel generation against active constraints (Fig. "
                            "9)\n\n![cost](contact_model_cost.png)\n"
                          : "");
}

}  // namespace hilsim::tools
