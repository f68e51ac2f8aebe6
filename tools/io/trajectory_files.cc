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

TrajectoryColumns TrajectoryColumns::of(const sim::machine::MachineModel& model) {
  TrajectoryColumns c(model.cylinder_count());
  c.bodies = model.coordinates();
  for (const sim::machine::Sensor& sensor : model.sensors) c.sensors.push_back(sensor.name);
  return c;
}

std::string trajectory_header(const TrajectoryColumns& c, bool tool_columns) {
  std::string header = "t,kappa,s1,s1dot,p1,p2,fh";
  for (int b = 1; b <= c.bodies; ++b) header += ",theta" + std::to_string(b);
  for (int k = 2; k <= c.cylinders; ++k) {
    const std::string n = std::to_string(k);
    header += ",s" + n + ",s" + n + "dot,p1_" + n + ",p2_" + n + ",fh_" + n + ",kappa_" + n;
  }
  header += ",dE,Ebal";
  for (const std::string& name : c.sensors) header += "," + name;
  if (tool_columns) header += std::string(",") + kToolHeader;
  return header + '\n';
}

TrajectoryRow trajectory_row(const sim::Sample& s, const TrajectoryColumns& c, bool tool_columns) {
  TrajectoryRow row;
  const auto add = [&row](double v) { row.values[row.size++] = v; };
  for (double v : {s.t, s.cyl[0].kappa, s.cyl[0].s, s.cyl[0].s_dot, s.cyl[0].p1, s.cyl[0].p2, s.cyl[0].f_h})
    add(v);
  for (int b = 0; b < c.bodies; ++b) add(s.theta[static_cast<std::size_t>(b)]);
  for (int k = 1; k < c.cylinders; ++k) {
    const sim::CylinderSample& y = s.cyl[static_cast<std::size_t>(k)];
    for (double v : {y.s, y.s_dot, y.p1, y.p2, y.f_h, y.kappa}) add(v);
  }
  add(s.dE);
  add(s.E_balance);
  for (std::size_t i = 0; i < c.sensors.size(); ++i) add(s.sensor[i]);
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

std::size_t max_trajectory_row_bytes(const TrajectoryColumns& columns, bool tool_columns) {
  // A row's values (TrajectoryRow), each with its ',' or '\n'.
  return trajectory_row(sim::Sample{}, columns, tool_columns).size * (kMaxDoubleBytes + 1);
}

char* put_trajectory_rows(char* at, std::span<const sim::Sample> samples, const TrajectoryColumns& columns,
                          bool tool_columns) {
  for (const sim::Sample& s : samples) {
    const TrajectoryRow row = trajectory_row(s, columns, tool_columns);
    at = put_csv_line(at, std::span(row.values).first(row.size));
  }
  return at;
}

std::string trajectory_csv(std::span<const sim::Sample> samples, const TrajectoryColumns& columns,
                           bool tool_columns) {
  std::string csv = trajectory_header(columns, tool_columns);
  const std::size_t header_bytes = csv.size();
  csv.resize(header_bytes + samples.size() * max_trajectory_row_bytes(columns, tool_columns));
  const char* end = put_trajectory_rows(csv.data() + header_bytes, samples, columns, tool_columns);
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

std::string monolithic_header(const TrajectoryColumns& columns) {
  std::string header = trajectory_header(columns);
  header.pop_back();  // its '\n'
  return header + ",violC,newton_iterations\n";
}

void write_monolithic_row(std::ostream& out, const sim::Sample& s, const TrajectoryColumns& columns,
                          double violation, int iterations) {
  CsvRow line;
  const TrajectoryRow row = trajectory_row(s, columns);
  add_values(line, row, row.size);
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
                                                     std::size_t t, std::size_t kappa, double lo = 0.0,
                                                     double hi = 1.0) {
  std::vector<sim::TableManoeuvre::Point> points;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const double ti = table.rows[i][t];
    const double ki = table.rows[i][kappa];
    const std::string where = path + ":" + std::to_string(table.line_numbers[i]) + ": ";
    if (!std::isfinite(ti)) throw InputError(where + "time is not a finite number");
    if (!(ki >= lo && ki <= hi)) {
      std::ostringstream msg;
      msg << where << table_kappa_name(table, kappa) << " = " << ki << " is outside the accepted range ["
          << lo << ", " << hi << "]";
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

std::vector<std::optional<std::vector<sim::TableManoeuvre::Point>>> read_command_table(
    const std::string& path, const std::vector<CommandColumn>& cylinders) {
  const CsvTable table = read_numeric_csv(path);
  if (table.header.empty()) {
    throw InputError(path +
                     ": a command table needs a header line: t, then a column per cylinder, named as "
                     "the cylinder");
  }
  const std::size_t t = table.column({"t", "time"});
  std::vector<std::optional<std::vector<sim::TableManoeuvre::Point>>> out(cylinders.size());
  bool any = false;
  for (std::size_t k = 0; k < cylinders.size(); ++k) {
    std::vector<std::string> names = {cylinders[k].name};
    if (k == 0) names.insert(names.end(), {"kappa", "κ"});  // a one-cylinder table of old
    const int c = table.find_column(names);
    if (c < 0) continue;
    // Two columns for one cylinder (its name twice, or its name and kappa): which one is meant?
    CsvTable rest = table;
    rest.header[static_cast<std::size_t>(c)].clear();
    if (rest.find_column(names) >= 0) {
      throw InputError(path + ": two columns command cylinder '" + cylinders[k].name + "' (" +
                       table.header[static_cast<std::size_t>(c)] + " and " +
                       table.header[static_cast<std::size_t>(rest.find_column(names))] + "): keep one");
    }
    out[k] = kappa_points(table, path, t, static_cast<std::size_t>(c), cylinders[k].lo, cylinders[k].hi);
    any = true;
  }
  for (const std::string& name : table.header) {  // a column that names no cylinder is a mistake
    CsvTable one;
    one.header = {name};
    bool known = name == table.header[t];
    for (std::size_t k = 0; k < cylinders.size() && !known; ++k) {
      known = one.find_column({cylinders[k].name}) == 0 || (k == 0 && one.find_column({"kappa", "κ"}) == 0);
    }
    if (!known) {
      std::string list;
      for (const CommandColumn& c : cylinders) list += (list.empty() ? "" : ", ") + c.name;
      throw InputError(path + ": column '" + name + "' names no cylinder of the machine (cylinders: " + list +
                       ")");
    }
  }
  if (!any) throw InputError(path + ": no column names a cylinder of the machine");
  return out;
}

std::vector<std::unique_ptr<sim::ValveCommand>> machine_table_commands(
    const sim::machine::MachineModel& model, const std::string& path) {
  std::vector<CommandColumn> columns;
  for (const sim::machine::Cylinder& c : model.cylinders) {
    const bool proportional = c.valve.type == sim::machine::ValveDescription::Type::kProportional;
    columns.push_back({c.name, proportional ? -1.0 : 0.0, 1.0});
  }
  auto tables = read_command_table(path, columns);
  std::vector<std::unique_ptr<sim::ValveCommand>> commands(columns.size());
  for (std::size_t k = 0; k < columns.size(); ++k) {
    if (tables[k])
      commands[k] =
          std::make_unique<sim::TableManoeuvre>(std::move(*tables[k]), columns[k].lo, columns[k].hi);
  }
  return commands;
}

}  // namespace hilsim::io
