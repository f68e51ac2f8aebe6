// The table of `hilsim sweep --out FILE.csv`: one row per macro step H, in increasing H, with every
// figure of the printed table and the rest of the verdict. Units: H [s], max_ds1 [m] and its time
// [s], max_dp1 [Pa], max_dfh [N], max_dp2 [Pa] (0 without p2 in the reference) and their times [s],
// p_min and p_max [Pa] over both chambers (of both actuators), points_compared [-], stable and
// diverged 1 or 0. A diverged run's deviations are inf. Numbers in the shortest form that reads
// back to the same double (io::CsvRow).
#pragma once

#include <string>
#include <vector>

#include "tools/study/stability_sweep.h"

namespace hilsim::tools {

inline constexpr const char* kSweepCsvHeader =
    "H,max_ds1,t_max_ds1,max_dp1,t_max_dp1,max_dfh,t_max_dfh,max_dp2,t_max_dp2,p_min,p_max,points_compared,"
    "stable,diverged";

// The row of one run, with its '\n'.
std::string sweep_csv_row(const SweepPoint& point);

// The run a row describes, as far as the row holds it (a round trip of sweep_csv_row).
SweepPoint sweep_point_from_row(const std::vector<double>& row);

// The line the sweep prints for a run, with its '\n'; and the table's header line.
std::string sweep_table_line(const SweepPoint& point);
std::string sweep_table_header();

// The largest H up to which every run of `points` (in increasing H) is stable [s]; 0 if none.
double largest_stable_H(const std::vector<SweepPoint>& points);
// The sentence the sweep ends with, naming that H.
std::string largest_stable_line(double largest_stable_H);

}  // namespace hilsim::tools
