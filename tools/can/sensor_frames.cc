#include "tools/can/sensor_frames.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hil/commanded_valve.h"
#include "hil/signal.h"
#include "hil/signal_map.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {

namespace {

constexpr double kSimTimeResolution = 1e-4;  // [s] sim_time's scale in the default mapping

}  // namespace

SensorTable::SensorTable(std::vector<hil::MessageSpec> messages, bool keep_rows)
    : messages_(std::move(messages)), keep_rows_(keep_rows) {
  for (const hil::MessageSpec& m : messages_) {
    first_column_.push_back(columns_.size());
    for (const hil::SignalSpec& s : m.signals) columns_.push_back(s.name);
  }
  current_.assign(columns_.size(), NAN);
}

int SensorTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (columns_[i] == name) return static_cast<int>(i);
  }
  return -1;
}

double SensorTable::resolution(const std::string& name) const {
  for (const hil::MessageSpec& m : messages_) {
    for (const hil::SignalSpec& signal : m.signals) {
      if (signal.name == name) return std::abs(signal.scale);
    }
  }
  return 0.0;
}

bool SensorTable::add(std::int64_t timestamp_us, const hil::Frame& frame) {
  for (std::size_t k = 0; k < messages_.size(); ++k) {
    const hil::MessageSpec& m = messages_[k];
    if (m.id != frame.id || m.extended != frame.extended || frame.rtr || frame.length < m.length) continue;
    const std::span<const std::uint8_t> data(frame.data.data(), frame.length);
    for (std::size_t i = 0; i < m.signals.size(); ++i)
      current_[first_column_[k] + i] = hil::decode(m.signals[i], data);
    if (k + 1 != messages_.size()) return false;
    if (keep_rows_) rows_.push_back({static_cast<double>(timestamp_us) * 1e-6, current_});
    return true;
  }
  return false;
}

namespace {

// One actuator's columns: in the decoded frames and in the trajectory CSV (-1: absent).
struct ActuatorColumns {
  int s = -1, p1 = -1, p2 = -1;     // sensor signals
  int cs = -1, cp1 = -1, cp2 = -1;  // CSV columns
  bool present() const { return s >= 0 && p1 >= 0 && p2 >= 0 && cs >= 0 && cp1 >= 0 && cp2 >= 0; }
};

ActuatorColumns actuator_columns(const SensorTable& table, const io::CsvTable& trajectory, int k) {
  const std::string n = std::to_string(k + 1), sfx = k == 0 ? "" : "_" + n;
  return {table.column("s_" + n),
          table.column("p1_" + n),
          table.column("p2_" + n),
          trajectory.find_column({"s" + n}),
          trajectory.find_column({"p1" + sfx}),
          trajectory.find_column({"p2" + sfx})};
}

double differs(const SensorRow& row, int signal, const std::vector<double>& csv_row, int column) {
  return std::abs(row.values[static_cast<std::size_t>(signal)] - csv_row[static_cast<std::size_t>(column)]);
}

// The contact force of one row, at communication point n of the trajectory, against the rows the
// tool's thread may have been at (the header's reasoning): the nearest one, and which it was.
class ContactComparison final {
 public:
  ContactComparison(const SensorTable& table, const io::CsvTable& trajectory)
      : signal_(table.column("contact_force")),
        column_(trajectory.find_column({"normal_force"})),
        tolerance_(0.5 * table.resolution("contact_force")) {}
  bool present() const { return signal_ >= 0 && column_ >= 0; }

  void add(const SensorRow& row, const io::CsvTable& trajectory, std::int64_t n, SensorDeviation& d) const {
    const double force = row.values[static_cast<std::size_t>(signal_)];
    if (!std::isfinite(force)) {  // no contact message yet in this capture
      ++d.contact_unknown;
      return;
    }
    const auto rows = static_cast<std::int64_t>(trajectory.rows.size());
    double nearest = INFINITY;
    int step = -1, within = 0;
    for (int k = 0; k < kSteps; ++k) {
      const std::int64_t m = n + k + kFirstStep;
      if (m < 0 || m >= rows) continue;
      const double diff = differs(row, signal_, trajectory.rows[static_cast<std::size_t>(m)], column_);
      if (diff <= tolerance_) ++within;
      if (diff < nearest) {
        nearest = diff;
        step = k;
      }
    }
    d.contact_force = std::fmax(d.contact_force, nearest);
    if (force > 0.0) ++d.contact_nonzero;
    if (within > 1) ++d.contact_alike;
    if (within == 1) ++d.contact_step[static_cast<std::size_t>(step)];
    if (within == 0) ++d.contact_none;
  }

 private:
  static constexpr int kFirstStep = -2;  // t_{n−2} .. t_{n+1}
  static constexpr int kSteps = 4;
  int signal_;
  int column_;
  double tolerance_;  // [N] half a resolution step
};

// The named sensors' signals that have a CSV column of the same name: (signal, column) pairs.
std::vector<std::pair<int, int>> named_columns(const SensorTable& table, const io::CsvTable& trajectory,
                                               SensorDeviation& d) {
  std::vector<std::pair<int, int>> pairs;
  for (const std::string& name : table.columns()) {
    if (hil::is_builtin_sensor_signal(name)) continue;
    const int column = trajectory.find_column({name});
    if (column < 0) continue;
    pairs.emplace_back(table.column(name), column);
    d.named.push_back({name, 0.0, table.resolution(name)});
  }
  return pairs;
}

// Row n's named values against t_n, t_{n−1}, t_{n−2}: the nearest (the writer thread's lag).
void add_named(const SensorRow& row, const io::CsvTable& trajectory, std::size_t n,
               const std::vector<std::pair<int, int>>& pairs, SensorDeviation& d) {
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (!std::isfinite(row.values[static_cast<std::size_t>(pairs[i].first)])) continue;
    double nearest = INFINITY;
    for (std::size_t lag = 0; lag <= 2 && lag <= n; ++lag)
      nearest = std::fmin(nearest, differs(row, pairs[i].first, trajectory.rows[n - lag], pairs[i].second));
    d.named[i].max = std::fmax(d.named[i].max, nearest);
  }
}

}  // namespace

SensorDeviation compare_with_trajectory(const SensorTable& table, const io::CsvTable& trajectory) {
  const int sim_time = table.column("sim_time");
  const ActuatorColumns a1 = actuator_columns(table, trajectory, 0),
                        a2 = actuator_columns(table, trajectory, 1);
  if (sim_time < 0 || a1.s < 0 || a1.p1 < 0 || a1.p2 < 0) {
    throw io::InputError("the sensor frames lack one of sim_time, s_1, p1_1, p2_1");
  }
  for (const char* name : {"s1", "p1", "p2"}) trajectory.column({name});  // throws naming a missing column
  const std::size_t ct = trajectory.column({"t"});
  if (trajectory.rows.size() < 2) throw io::InputError(trajectory.path + ": fewer than two rows");
  const double t0 = trajectory.rows[0][ct];
  const double H = trajectory.rows[1][ct] - t0;
  const ContactComparison contact(table, trajectory);
  SensorDeviation d;
  d.second_actuator = a2.present();
  d.contact = contact.present();
  const std::vector<std::pair<int, int>> named = named_columns(table, trajectory, d);
  std::vector<ActuatorColumns> further;
  for (int k = 2; k < hil::kMaxActuators; ++k) {
    const ActuatorColumns a = actuator_columns(table, trajectory, k);
    if (!a.present()) break;
    further.push_back(a);
    d.further.push_back({k + 1, 0.0, 0.0, 0.0});
  }
  for (const SensorRow& row : table.rows()) {
    const double t = row.values[static_cast<std::size_t>(sim_time)];
    if (!std::isfinite(t)) continue;
    const double n = std::round((t - t0) / H);
    if (n < 1 || n >= static_cast<double>(trajectory.rows.size())) continue;
    if (std::abs(t0 + n * H - t) >= 0.5 * kSimTimeResolution) continue;
    const std::vector<double>& now = trajectory.rows[static_cast<std::size_t>(n)];
    const std::vector<double>& before = trajectory.rows[static_cast<std::size_t>(n) - 1];
    ++d.matched;
    d.s = std::fmax(d.s, differs(row, a1.s, before, a1.cs));
    d.p1 = std::fmax(d.p1, differs(row, a1.p1, now, a1.cp1));
    d.p2 = std::fmax(d.p2, differs(row, a1.p2, now, a1.cp2));
    if (d.contact) contact.add(row, trajectory, static_cast<std::int64_t>(n), d);
    add_named(row, trajectory, static_cast<std::size_t>(n), named, d);
    for (std::size_t i = 0; i < further.size(); ++i) {
      SensorDeviation::Actuator& f = d.further[i];
      f.s = std::fmax(f.s, differs(row, further[i].s, before, further[i].cs));
      f.p1 = std::fmax(f.p1, differs(row, further[i].p1, now, further[i].cp1));
      f.p2 = std::fmax(f.p2, differs(row, further[i].p2, now, further[i].cp2));
    }
    if (!d.second_actuator) continue;
    d.s_2 = std::fmax(d.s_2, differs(row, a2.s, before, a2.cs));
    d.p1_2 = std::fmax(d.p1_2, differs(row, a2.p1, now, a2.cp1));
    d.p2_2 = std::fmax(d.p2_2, differs(row, a2.p2, now, a2.cp2));
  }
  return d;
}

namespace {

// The shortest text that reads back to the same double.
std::string shortest(double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

}  // namespace

void write_sensor_rows(const SensorTable& table, std::ostream& out) {
  out << "timestamp";
  for (const std::string& c : table.columns()) out << "," << c;
  out << "\n";
  for (const SensorRow& row : table.rows()) {
    char stamp[32];  // microseconds, as candump writes them (a double's shortest form would show its
                     // rounding)
    std::snprintf(stamp, sizeof stamp, "%.6f", row.timestamp_s);
    out << stamp;
    for (const double v : row.values) out << "," << shortest(v);
    out << "\n";
  }
}

}  // namespace hilsim::tools
