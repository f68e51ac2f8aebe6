#include "tools/study/sweep_csv.h"

#include <cstdio>

#include "tools/io/csv_row.h"

namespace hilsim::tools {

std::string sweep_csv_row(const SweepPoint& p) {
  const sim::TrajectoryDeviation& d = p.verdict.deviation;
  io::CsvRow row;
  for (double v : {p.H, d.s1.value, d.s1.t, d.p1.value, d.p1.t, d.f_h.value, d.f_h.t, d.p2.value, d.p2.t,
                   p.verdict.min_pressure, p.verdict.max_pressure}) {
    row.add(v);
  }
  row.add(static_cast<std::int64_t>(d.points_compared));
  row.add(p.verdict.stable ? 1 : 0);
  row.add(p.diverged ? 1 : 0);
  return std::string(row.text());
}

SweepPoint sweep_point_from_row(const std::vector<double>& r) {
  SweepPoint p;
  sim::TrajectoryDeviation& d = p.verdict.deviation;
  p.H = r.at(0);
  d.s1 = {r.at(1), r.at(2)};
  d.p1 = {r.at(3), r.at(4)};
  d.f_h = {r.at(5), r.at(6)};
  d.p2 = {r.at(7), r.at(8)};
  p.verdict.min_pressure = r.at(9);
  p.verdict.max_pressure = r.at(10);
  d.points_compared = static_cast<std::size_t>(r.at(11));
  p.verdict.stable = r.at(12) != 0.0;
  p.diverged = r.at(13) != 0.0;
  return p;
}

std::string sweep_table_header() {
  char line[128];
  std::snprintf(line, sizeof line, "%10s  %14s  %12s  %12s  %s\n", "H [ms]", "max|ds1| [m]", "p min [MPa]",
                "p max [MPa]", "verdict");
  return line;
}

std::string sweep_table_line(const SweepPoint& p) {
  char line[160];
  std::snprintf(line, sizeof line, "%10.4g  %14.6e  %12.6g  %12.6g  %s\n", p.H * 1e3,
                p.verdict.deviation.s1.value, p.verdict.min_pressure / 1e6, p.verdict.max_pressure / 1e6,
                p.verdict.stable ? "stable" : (p.diverged ? "unstable (diverged)" : "unstable"));
  return line;
}

double largest_stable_H(const std::vector<SweepPoint>& points) {
  double largest = 0.0;
  for (const SweepPoint& p : points) {
    if (!p.verdict.stable) break;
    largest = p.H;
  }
  return largest;
}

std::string largest_stable_line(double H) {
  char line[128];
  if (H > 0.0) {
    std::snprintf(line, sizeof line, "largest H up to which every run is stable: %g ms\n", H * 1e3);
  } else {
    std::snprintf(line, sizeof line,
                  "largest H up to which every run is stable: none (the smallest H is already unstable)\n");
  }
  return line;
}

}  // namespace hilsim::tools
