// Files of trajectories and valve inputs: the hilsim output CSV, reference curves (the LIM
// benchmark files or a previous hilsim output) and κ(t) tables.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "sim/analysis/trajectory.h"
#include "sim/machine/machine_model.h"
#include "sim/manoeuvre/valve_command.h"

namespace hilsim::io {

// The header of every trajectory CSV hilsim writes; units: s, -, m, m/s, Pa, Pa, N, rad, rad; with two
// actuators then m, m/s, Pa, Pa, N, - for actuator 2; last the coupling-error energy dE [J] and the
// system energy balance Ebal [J].
inline constexpr const char* kTrajectoryHeader = "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2";
inline constexpr const char* kSecondActuatorHeader = "s2,s2dot,p1_2,p2_2,fh_2,kappa_2";
// A contact task's (sim/contact/) then: the tool's pose [m, m, rad] and velocity [m/s, m/s, rad/s],
// its contacts with a normal force [-] and their total normal force [N].
inline constexpr const char* kToolHeader =
    "tool_x,tool_y,tool_theta,tool_xdot,tool_ydot,tool_thetadot,contacts,normal_force";

// What a trajectory CSV has columns for. Built from an actuator count (implicitly: the LIM crane's
// columns above, as they have always been) or from a machine (of()): then t, cylinder 1's kappa,
// s1, s1dot, p1, p2, fh, every body's angle theta1..thetaB [rad], for each further cylinder k its
// sk, skdot, p1_k, p2_k, fh_k, kappa_k (κ or u), then dE, Ebal, then the machine's sensors by
// their names. The LIM crane's machine has the LIM crane's columns.
struct TrajectoryColumns {
  int cylinders = 1;
  int bodies = 2;
  std::vector<std::string> sensors;
  TrajectoryColumns(int actuators) : cylinders(actuators) {}  // NOLINT: an actuator count is the crane's
  static TrajectoryColumns of(const sim::machine::MachineModel& model);
};

// The header line, with its '\n'.
std::string trajectory_header(const TrajectoryColumns& columns, bool tool_columns = false);

// The values of one row, in the order of the header's columns: 11, or 17 with two actuators, and 8
// more with the tool's columns; a machine's as TrajectoryColumns says.
struct TrajectoryRow {
  std::array<double, 1 + 6 * sim::kMaxSampleCylinders + sim::kMaxSampleBodies + 2 + sim::kMaxSensors + 8>
      values{};
  std::size_t size = 0;
};
TrajectoryRow trajectory_row(const sim::Sample& s, const TrajectoryColumns& columns,
                             bool tool_columns = false);
// The header's column names, in order (the keys of the live telemetry, telemetry_json.h).
std::vector<std::string> trajectory_columns(int actuators);

// The most bytes one row takes (every value in its longest shortest form).
std::size_t max_trajectory_row_bytes(const TrajectoryColumns& columns, bool tool_columns = false);
// Writes the rows of `samples` at `at`, each value in the shortest form that reads back to the same
// double (byte-stable), and returns the end: the one formatting of every trajectory CSV's rows.
// `at` has room for samples.size() * max_trajectory_row_bytes(actuators, tool_columns) bytes.
char* put_trajectory_rows(char* at, std::span<const sim::Sample> samples, const TrajectoryColumns& columns,
                          bool tool_columns = false);
// The whole CSV of a finished run held in memory: the header line and the rows.
std::string trajectory_csv(std::span<const sim::Sample> samples, const TrajectoryColumns& columns,
                           bool tool_columns = false);

// The monolithic solver's CSV: the same columns, then the constraint violation ‖Φ‖₂ [m²] and the
// Newton iterations of the step that ended at the row (0 at t = 0).
inline constexpr const char* kMonolithicTrajectoryHeader =
    "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,violC,newton_iterations";
void write_monolithic_row(std::ostream& out, const sim::Sample& s, double violation, int iterations);
// A machine file's monolithic CSV: its trajectory columns (TrajectoryColumns::of, dE always 0), then
// violC [m, rad] and newton_iterations; the header with its '\n'.
std::string monolithic_header(const TrajectoryColumns& columns);
void write_monolithic_row(std::ostream& out, const sim::Sample& s, const TrajectoryColumns& columns,
                          double violation, int iterations);

// Reads a reference curve: the LIM reference (columns t, pos_7, p_1, F, and p_2 if present) or a
// hilsim output CSV (columns t, s1, p1, fh, p2). Throws InputError naming the file and the missing column.
sim::ReferenceCurve read_reference(const std::string& path);

// Reads a κ(t) table with columns t|time [s] and kappa [-] (or, without a header, the first two
// columns). Throws InputError naming the file and line of a bad row (κ outside [0, 1], times not
// strictly increasing).
std::vector<sim::TableManoeuvre::Point> read_kappa_table(const std::string& path);
// The second cylinder's κ(t) of such a table, its column kappa_2 [-] (a contact task in hydraulic
// mode drives both cylinders from one table); nullopt for a table without that column or without a
// header. Throws as read_kappa_table.
std::optional<std::vector<sim::TableManoeuvre::Point>> read_second_kappa(const std::string& path);

// A cylinder's column of a command table: its name, and its valve's command range (κ ∈ [0, 1] of
// the open-centre valve, u ∈ [−1, 1] of a proportional one).
struct CommandColumn {
  std::string name;
  double lo = 0.0;
  double hi = 1.0;
};
// Reads a machine's command table: a header line, t|time [s], then one column per cylinder it
// commands, named as the cylinder (the first cylinder's also as kappa, a κ table of one cylinder).
// Entry k: cylinder k's points, or nullopt for a cylinder the table does not command. Throws
// InputError naming the file and line of a bad row, a column that names no cylinder, a table that
// commands none.
std::vector<std::optional<std::vector<sim::TableManoeuvre::Point>>> read_command_table(
    const std::string& path, const std::vector<CommandColumn>& cylinders);

// A machine's valve commands from a command table at `path`: per cylinder, a TableManoeuvre over its
// column in its valve's range (κ ∈ [0, 1], a proportional valve's u ∈ [−1, 1]); null for a cylinder
// without a column. Throws InputError as read_command_table.
std::vector<std::unique_ptr<sim::ValveCommand>> machine_table_commands(
    const sim::machine::MachineModel& model, const std::string& path);

}  // namespace hilsim::io
