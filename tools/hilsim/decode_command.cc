#include "tools/hilsim/decode_command.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <span>

#include "hil/can_frames.h"
#include "hil/default_messages.h"
#include "hil/j1939_joystick.h"
#include "hil/signal.h"
#include "tools/can/candump_file.h"
#include "tools/can/sensor_frames.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/atomic_file.h"
#include "tools/io/csv_table.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

void DecodeCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "decode", "Decode a candump log by hilsim's signals (commands, sensors, status, BJM1, error frames)");
  cmd->add_option("--candump", candump, "The candump log (candump -l file or candump -L output)")
      ->required()
      ->check(non_empty_path());
  CLI::Option* by_count =
      cmd->add_option("--actuators", actuators, "The default mapping for 1 or 2 actuators (default 1)")
          ->check(CLI::IsMember({1, 2}));
  cmd->add_option("--scenario", scenario,
                  "Decode by this scenario's signal mapping ([[messages]]) and actuators instead (not with "
                  "--actuators)")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile)
      ->excludes(by_count);
  cmd->add_option("--csv", csv,
                  "Write the sensor frames as CSV, one row per status frame (timestamp, then every signal)")
      ->check(non_empty_path());
  cmd->add_option(
         "--compare", compare,
         "Compare the sensor frames with this trajectory CSV of the same run (hilsim run --out) at its "
         "communication points, and print the largest differences")
      ->check(non_empty_path());
  cmd->add_flag("--quiet", quiet, "Do not print the frames, only the summary");
}

namespace {

std::string describe_axis(const char* name, const hil::AxisState& a) {
  char buf[96];
  if (!a.valid) {
    std::snprintf(buf, sizeof buf, "%s invalid (%s)", name, hil::to_string(a.error));
  } else if (a.neutral) {
    std::snprintf(buf, sizeof buf, "%s neutral", name);
  } else {
    std::snprintf(buf, sizeof buf, "%s %s %.1f %%", name, a.negative ? "negative" : "positive",
                  a.position_percent);
  }
  return buf;
}

// One frame's meaning, e.g. "HilsimCommand: kappa_1 = 0.45, kappa_2 = 0".
std::string describe(const hil::CandumpRecord& r, const std::vector<hil::MessageSpec>& messages) {
  const hil::Frame& f = r.frame;
  if (r.error_frame) {
    std::string s = "error frame:";
    for (int bit = 0; bit < hil::kErrorClassBits; ++bit) {
      if (f.id & (1u << bit)) s += std::string(" ") + hil::error_class_name(bit);
    }
    return s;
  }
  if (f.rtr) return "remote request (RTR)";
  if (hil::is_bjm1(f)) {
    const hil::Bjm1Decode d = hil::decode_bjm1(f);
    char head[48];
    std::snprintf(head, sizeof head, "BJM1 from 0x%02X: ", d.source_address);
    if (!d.ok()) return head + std::string(hil::to_string(d.error));
    return head + describe_axis("x", d.x) + ", " + describe_axis("y", d.y);
  }
  for (const hil::MessageSpec& m : messages) {
    if (m.id != f.id || m.extended != f.extended) continue;
    if (f.length < m.length) return m.name + ": too short (" + std::to_string(f.length) + " bytes)";
    std::string s = m.name + ":";
    const std::span<const std::uint8_t> data(f.data.data(), f.length);
    for (std::size_t i = 0; i < m.signals.size(); ++i) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s %s = %.10g%s%s", i ? "," : "", m.signals[i].name.c_str(),
                    hil::decode(m.signals[i], data), m.signals[i].unit.empty() ? "" : " ",
                    m.signals[i].unit.c_str());
      s += buf;
    }
    return s;
  }
  return "not in hilsim's mapping";
}

// The contact force against the nearest normal_force of the tool's steps it may hold
// (sensor_frames.h), and how often each of them was the only one that matched.
void print_contact_deviation(const SensorDeviation& d, double resolution) {
  std::printf(
      "  contact: max |dF| = %.3e N (resolution %g N) against normal_force at the nearest of t_{n-2} .. "
      "t_{n+1}; nonzero at %zu points; the tool's step held: t_{n-2} %zu, t_{n-1} %zu, t_n %zu, t_{n+1} %zu "
      "(%zu points alike at several, %zu at none, %zu without a force yet)\n",
      d.contact_force, resolution, d.contact_nonzero, d.contact_step[0], d.contact_step[1], d.contact_step[2],
      d.contact_step[3], d.contact_alike, d.contact_none, d.contact_unknown);
}

// The sensor rows against the run's trajectory CSV at `path` (sensor_frames.h): the largest
// differences, per actuator and for the contact force.
void print_comparison(const SensorTable& table, const std::string& path) {
  const SensorDeviation d = compare_with_trajectory(table, io::read_numeric_csv(path));
  if (d.matched == 0) {
    throw io::InputError(path +
                         ": no status frame's sim_time falls on a communication point of the trajectory");
  }
  std::printf(
      "against %s at %zu communication points: max |ds1| = %.3e m (resolution %g m), "
      "max |dp1| = %.1f Pa, max |dp2| = %.1f Pa (resolution %g Pa)\n",
      path.c_str(), d.matched, d.s, table.resolution("s_1"), d.p1, d.p2, table.resolution("p1_1"));
  if (d.second_actuator) {
    std::printf("  actuator 2: max |ds2| = %.3e m, max |dp1_2| = %.1f Pa, max |dp2_2| = %.1f Pa\n", d.s_2,
                d.p1_2, d.p2_2);
  }
  for (const SensorDeviation::Actuator& f : d.further) {
    const std::string k = std::to_string(f.actuator);
    std::printf(
        "  actuator %s: max |ds%s| = %.3e m (resolution %g m), max |dp1_%s| = %.1f Pa, max |dp2_%s| = %.1f "
        "Pa "
        "(resolution %g Pa)\n",
        k.c_str(), k.c_str(), f.s, table.resolution("s_" + k), k.c_str(), f.p1, k.c_str(), f.p2,
        table.resolution("p1_" + k));
  }
  for (const SensorDeviation::Named& n : d.named) {
    std::printf(
        "  named sensor %s: max |d%s| = %.4g (resolution %g) against its column at the nearest of t_n, "
        "t_{n-1}, t_{n-2}\n",
        n.name.c_str(), n.name.c_str(), n.max, n.resolution);
  }
  if (d.contact) print_contact_deviation(d, table.resolution("contact_force"));
}

}  // namespace

int DecodeCommand::execute() const {
  // A directory opens like a file and fails only at the first read ("reading the file failed").
  std::error_code ec;
  if (std::filesystem::is_directory(candump, ec)) {
    throw io::InputError("--candump " + candump + ": is a directory, not a candump log");
  }
  const std::vector<hil::CandumpRecord> records = read_candump_file(candump);
  std::vector<hil::MessageSpec> messages = hil::default_messages(actuators);
  if (scenario) {
    const scenario::Scenario s = scenario::load_scenario(*scenario);
    scenario::validate(s);
    messages = scenario::signal_mapping(s);
  }
  SensorTable table(hil::sensor_messages(messages));
  for (const hil::CandumpRecord& r : records) {
    if (!r.error_frame) table.add(r.timestamp_us, r.frame);
    if (!quiet) std::printf("%s  %s\n", hil::format_candump_line(r).c_str(), describe(r, messages).c_str());
  }
  std::printf("%zu frames, %zu sensor rows (status frames)\n", records.size(), table.rows().size());
  if (csv) {
    io::refuse_same_file(*csv, "--csv", candump, "the candump log");
    if (compare) io::refuse_same_file(*csv, "--csv", *compare, "the trajectory to compare with (--compare)");
    io::AtomicOutputFile file(*csv);
    write_sensor_rows(table, file.stream());
    file.commit();
    std::printf("sensor rows written to %s\n", csv->c_str());
  }
  if (compare) print_comparison(table, *compare);
  return 0;
}

}  // namespace hilsim::tools
