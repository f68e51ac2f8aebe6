#include "tools/io/trajectory_files.h"

#include <cmath>
#include <sstream>

#include "tools/io/csv_row.h"
#include "tools/io/csv_table.h"
#include "tools/io/input_error.h"

namespace hilsim::io {

namespace {

// The first `count` values of a row into a line (io::CsvRow: shortest round-trip, one write).
void add_values(CsvRow& line, const TrajectoryRow& values, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) line.add(values.values[i]);
}

// t, kappa, s1, s1dot, p1, p2, fh, theta1, theta2: the columns every trajectory CSV starts with.
constexpr std::size_t kSampleColumns = 9;

}  // namespace

std::string trajectory_header(int actuators, bool tool_columns) {
  std::string header = kTrajectoryHeader;
  if (actuators == 2) header += std::string(",") + kSecondActuatorHeader;
  header += ",dE,Ebal";
  if (tool_columns) header += std::string(",") + kToolHeader;
  return header + '\n';
}

TrajectoryRow trajectory_row(const sim::Sample& s, int actuators, bool tool_columns) {
  TrajectoryRow row;
  const auto add = [&row](double v) { row.values[row.size++] = v; };
  for (double v : {s.t, s.cyl[0].kappa, s.cyl[0].s, s.cyl[0].s_dot, s.cyl[0].p1, s.cyl[0].p2, s.cyl[0].f_h,
                   s.theta[0], s.theta[1]})
    add(v);
  if (actuators == 2) {
    for (double v : {s.cyl[1].s, s.cyl[1].s_dot, s.cyl[1].p1, s.cyl[1].p2, s.cyl[1].f_h, s.cyl[1].kappa})
      add(v);
  }
  add(s.dE);
  add(s.E_balance);
  if (tool_columns) {
    for (double v : {s.tool_x, s.tool_y, s.tool_theta, s.tool_xdot, s.tool_ydot, s.tool_thetadot,
                     static_cast<double>(s.contacts), s.normal_force})
      add(v);
  }
  return row;
}

std::vector<std::string> trajectory_columns(int actuators) {
  const std::string header = trajectory_header(actuators);
  std::vector<std::string> columns;
  std::istringstream names(header.substr(0, header.size() - 1));
  for (std::string name; std::getline(names, name, ',');) columns.push_back(name);
  return columns;
}

std::size_t max_trajectory_row_bytes(int actuators, bool tool_columns) {
  // A row's values (TrajectoryRow), each with its ',' or '\n'.
  return trajectory_row(sim::Sample{}, actuators, tool_columns).size * (kMaxDoubleBytes + 1);
}

char* put_trajectory_rows(char* at, std::span<const sim::Sample> samples, int actuators, bool tool_columns) {
  for (const sim::Sample& s : samples) {
    const TrajectoryRow row = trajectory_row(s, actuators, tool_columns);
    at = put_csv_line(at, std::span(row.values).first(row.size));
  }
  return at;
}

std::string trajectory_csv(std::span<const sim::Sample> samples, int actuators, bool tool_columns) {
  std::string csv = trajectory_header(actuators, tool_columns);
  const std::size_t header_bytes = csv.size();
  csv.resize(header_bytes + samples.size() * max_trajectory_row_bytes(actuators, tool_columns));
  const char* end = put_trajectory_rows(csv.data() + header_bytes, samples, actuators, tool_columns);
  csv.resize(static_cast<std::size_t>(end - csv.data()));
  return csv;
}

void write_monolithic_row(std::ostream& out, const sim::Sample& s, double violation, int iterations) {
  CsvRow line;
  add_values(line, trajectory_row(s, 1), kSampleColumns);
  line.add(violation);
  line.add(iterations);
  line.write_to(out);
}

sim::ReferenceCurve read_reference(const std::string& path) {
  const CsvTable table =
      read_numeric_csv(path, {"t", "time", "pos_7", "s1", "p_1", "p1", "F", "fh", "p_2", "p2"});
  const std::size_t t = table.column({"t", "time"});
  const std::size_t s1 = table.column({"pos_7", "s1"});
  const std::size_t p1 = table.column({"p_1", "p1"});
  const std::size_t f_h = table.column({"F", "fh"});
  const int p2 = table.find_column({"p_2", "p2"});  // optional
  sim::ReferenceCurve ref;
  for (const auto& row : table.rows) {
    ref.t.push_back(row[t]);
    ref.s1.push_back(row[s1]);
    ref.p1.push_back(row[p1]);
    ref.f_h.push_back(row[f_h]);
    if (p2 >= 0) ref.p2.push_back(row[static_cast<std::size_t>(p2)]);
  }
  return ref;
}

namespace {

std::string table_kappa_name(const CsvTable& table, std::size_t column) {
  return column < table.header.size() ? table.header[column] : std::string("kappa");
}

// The κ(t) points of columns t and kappa of `table`, checked row by row.
std::vector<sim::TableManoeuvre::Point> kappa_points(const CsvTable& table, const std::string& path,
                                                     std::size_t t, std::size_t kappa) {
  std::vector<sim::TableManoeuvre::Point> points;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const double ti = table.rows[i][t];
    const double ki = table.rows[i][kappa];
    const std::string where = path + ":" + std::to_string(table.line_numbers[i]) + ": ";
    if (!std::isfinite(ti)) throw InputError(where + "time is not a finite number");
    if (!(ki >= 0.0 && ki <= 1.0)) {
      std::ostringstream msg;
      msg << where << table_kappa_name(table, kappa) << " = " << ki
          << " is outside the accepted range [0, 1]";
      throw InputError(msg.str());
    }
    if (!points.empty() && !(ti > points.back().t)) {
      std::ostringstream msg;
      msg << where << "time " << ti << " s must be greater than the previous row's " << points.back().t
          << " s";
      throw InputError(msg.str());
    }
    points.push_back({ti, ki});
  }
  return points;
}

}  // namespace

std::vector<sim::TableManoeuvre::Point> read_kappa_table(const std::string& path) {
  const CsvTable table = read_numeric_csv(path);
  std::size_t t = 0, kappa = 1;
  if (!table.header.empty()) {
    t = table.column({"t", "time"});
    kappa = table.column({"kappa", "κ"});
  } else if (table.rows.front().size() < 2) {
    throw InputError(path + ": a κ table needs two columns, time [s] and kappa [-]");
  }
  return kappa_points(table, path, t, kappa);
}

std::optional<std::vector<sim::TableManoeuvre::Point>> read_second_kappa(const std::string& path) {
  const CsvTable table = read_numeric_csv(path);
  if (table.header.empty()) return std::nullopt;
  const int kappa_2 = table.find_column({"kappa_2", "κ_2"});
  if (kappa_2 < 0) return std::nullopt;
  return kappa_points(table, path, table.column({"t", "time"}), static_cast<std::size_t>(kappa_2));
}

}  // namespace hilsim::io
