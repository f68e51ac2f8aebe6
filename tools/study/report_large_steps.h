// The section of `hilsim report` on large macro steps: every coupling (f-s, p-s, RIM, two-way with
// and without the κ preview) on M1 and M2, one and two actuators, h_H = 0.2 ms, against a fine p-s
// run (H = h_M = h_H = 0.05 ms): max |Δs1| at the communication points at H = 10, 20, 50, 100 ms and
// the largest stable H on a grid to 1 s; the floor under the two-way coupling (the same scheme at
// H = h_M, where the mechanics' own step is all the error); the order of its error in H on M1; and the
// trajectories at H = 100 ms for the plots (tools/report/plot_report.py).
#pragma once

#include <atomic>
#include <ostream>
#include <string>

namespace hilsim::tools {

// Writes the section's Markdown to `md` and its CSVs to `out_dir`, `workers` runs at once. Returns
// false when `stop` ended it early (the section is then incomplete).
bool write_large_step_section(std::ostream& md, const std::string& out_dir, int workers,
                              const std::atomic<bool>* stop);

}  // namespace hilsim::tools
