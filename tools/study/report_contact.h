// The section of `hilsim report` on contact (Peiret et al. (contact tasks), §7–8, Figs. 4, 6, 7 and 9) for
// hilsim's two contact tasks (sim/contact/contact_tasks.h): for the landing and the insertion, the
// study (sim/contact/contact_study.h: the monolithic run, every coupling at K_i = 1e2 … 1e9 N/m) as
// tables and as contact_study_TASK.csv (Fig. 7: RMS errors against K_i); the tool's trajectories of
// every coupling at K_i = 1e3 and 1e8 N/m beside the monolithic run's, every 5th sample, as
// contact_trajectories_TASK.csv (Figs. 4 and 6: coupling,Ki,t,position,velocity, the position and
// velocity along the landing's slide (x) and along the insertion's push (y)). The cost of the model
// generation by active constraints (Fig. 9) is a measurement, made by hilsim-bench-cosim
// --model-cost-csv DIR/contact_model_cost.csv: the report only plots it when there, so that its own
// files are the same bytes on every run. tools/report/plot_report.py draws the figures.
#pragma once

#include <atomic>
#include <ostream>
#include <string>

namespace hilsim::tools {

// Writes the section's Markdown to `md` and its CSVs to `out_dir`, `workers` runs at once. Returns
// false when `stop` ended it early (the section is then incomplete).
bool write_contact_section(std::ostream& md, const std::string& out_dir, int workers,
                           const std::atomic<bool>* stop);

// The Markdown that shows the section's figures, once plot_report.py has drawn them into out_dir.
std::string contact_figures_markdown(const std::string& out_dir);

}  // namespace hilsim::tools
