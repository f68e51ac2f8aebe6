// The section of `hilsim report` on the rod of Naya et al. 2011, §4–5 (config/machines/naya2011_rod.toml,
// its eq. (38) in config/manoeuvres/naya2011_eq38.csv): the unified (monolithic) method of the machine
// model at Δt = 10, 5 and 1 ms against a run at 0.1 ms and a fine p-s co-simulation (H = 1 ms,
// h_H = 0.05 ms); per step the Newton iterations, the constraint violation and the energy balance; the
// largest stable forward-Euler hydraulic step of the p-s co-simulation. Measured, not tuned: the table
// sets each figure beside the paper's statement. Writes naya_unified.csv (t, s, p1, p2 and the
// iterations of every run, at the 10 ms grid) for plot_report.py's Figs. 3–5 (s, the pressures, the
// Newton iterations).
#pragma once

#include <ostream>
#include <string>

namespace hilsim::tools {

void write_naya_section(std::ostream& md, const std::string& out_dir);

// The Markdown that shows the section's figures, once plot_report.py has drawn them into out_dir.
std::string naya_figures_markdown(const std::string& out_dir);

}  // namespace hilsim::tools
