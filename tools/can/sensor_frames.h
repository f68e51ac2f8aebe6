// hilsim's sensor frames read back (from a candump log of a run): the frame of the last sensor
// message (the status frame 0x2F0 in the default mapping) closes a row holding the newest value of
// every sensor signal, because the bridges send each snapshot as its frames in mapping order; and
// those rows against the run's trajectory CSV. Used by `hilsim decode` and `hilsim controller`.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "hil/frame.h"
#include "hil/message.h"
#include "tools/io/csv_table.h"

namespace hilsim::tools {

struct SensorRow {
  double timestamp_s = 0.0;    // [s] the status frame's receive time (candump timestamp)
  std::vector<double> values;  // one per column, in signal units
};

class SensorTable final {
 public:
  // `messages`: the sensor messages of the mapping (hil::sensor_messages). Without `keep_rows`
  // only the newest row is held (latest()), for readers that run for hours.
  explicit SensorTable(std::vector<hil::MessageSpec> messages, bool keep_rows = true);
  // Feeds one frame; true when it was the last sensor message's and closed a row. Other ids are
  // ignored.
  bool add(std::int64_t timestamp_us, const hil::Frame& frame);
  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<SensorRow>& rows() const { return rows_; }
  // The newest value of every column (NaN until its message arrived).
  const std::vector<double>& latest() const { return current_; }
  // The newest value of a column (column(name)), NaN for -1 (no such signal) or before it arrived.
  double latest(int column) const { return column < 0 ? NAN : current_[static_cast<std::size_t>(column)]; }
  // Index of the signal `name`, or -1.
  int column(const std::string& name) const;
  // The signal's resolution, |scale| (one raw step) in its unit; 0 when no sensor message has it.
  double resolution(const std::string& name) const;

 private:
  std::vector<hil::MessageSpec> messages_;
  bool keep_rows_;
  std::vector<std::string> columns_;
  std::vector<std::size_t> first_column_;  // of each message
  std::vector<double> current_;
  std::vector<SensorRow> rows_;
};

// The rows as CSV: a header "timestamp,<signal>,…" (the columns in mapping order), then one line per
// row, the timestamp in seconds with microseconds (as candump writes them) and every value in the
// shortest text that reads back to the same double. What `hilsim decode --csv` and `hilsim
// controller --sensors` write.
void write_sensor_rows(const SensorTable& table, std::ostream& out);

// The largest differences between decoded sensor rows and a trajectory CSV (columns t, s1, p1,
// p2) at the communication points where a row's sim_time falls: |sim_time − n·H| below half the
// sim_time resolution (0.05 ms), H being the CSV's time step. A snapshot reports the micro step
// that ends at sim_time: its pressures are the hydraulic state there (row t_n), its s_1 the
// actuator length the step used, which the mechanics sent at the previous communication point
// (row t_{n−1}; exact with zoh inputs, the default). Rows at t = 0 have no previous point and are
// skipped.
//
// The contact force (frames with contact_force, a CSV with normal_force: a contact task in
// hydraulic mode) is the tool's, which its own thread publishes after each of its micro steps; a
// snapshot holds the newest one when the cylinders' micro step ended. The exchange lets the tool's
// thread be from two communication points behind the cylinders' (they take the arm's y(t_{n−1}),
// which took the tool's y(t_{n−2})) to one ahead (it takes the arm's y(t_n), which needs the
// cylinders' y(t_{n−1}) only), so the force is compared with the nearest of rows t_{n−2} .. t_{n+1}.
// Exact when the tool's step is H (the default h_M = H): the rows then hold every force it published.
struct SensorDeviation {
  std::size_t matched = 0;  // rows compared
  double s = 0.0;           // [m]  max |s_1 − s1(t_{n−1})|
  double p1 = 0.0;          // [Pa] max |p1_1 − p1(t_n)|
  double p2 = 0.0;          // [Pa] max |p2_1 − p2(t_n)|
  // Actuator 2, when the frames carry s_2, p1_2, p2_2 and the CSV s2, p1_2, p2_2.
  bool second_actuator = false;
  double s_2 = 0.0;   // [m]  max |s_2 − s2(t_{n−1})|
  double p1_2 = 0.0;  // [Pa]
  double p2_2 = 0.0;  // [Pa]
  // Actuators 3 and on (a machine file's cylinders), each whose signals and columns are there (s_k,
  // p1_k, p2_k; sk, p1_k, p2_k).
  struct Actuator {
    int actuator = 0;  // 1-based
    double s = 0.0;    // [m]
    double p1 = 0.0;   // [Pa]
    double p2 = 0.0;   // [Pa]
  };
  std::vector<Actuator> further;
  // The contact force, when the frames carry contact_force and the CSV has normal_force.
  bool contact = false;
  double contact_force = 0.0;  // [N] max over the rows of min_k |contact_force − normal_force(t_{n+k})|
                               // (rows with a known force)
  std::size_t contact_nonzero = 0;  // rows whose contact_force is above zero
  // Rows where only row t_{n+k} (k = −2, −1, 0, 1) is within half a resolution step: the tool's step
  // the snapshot held. `contact_alike`: rows where several are (a force that did not change).
  std::array<std::size_t, 4> contact_step{};
  std::size_t contact_alike = 0;
  std::size_t contact_none = 0;     // rows within half a step of none of them
  std::size_t contact_unknown = 0;  // rows without a contact force yet (NaN: the capture began mid-row)
  // A machine file's named sensors (tip_x, p_pump, …): each signal that is a CSV column of the same
  // name. The writer thread publishes them after it assembles point n, so a frame of sim_time t_n
  // may carry the values of t_n, t_{n−1} or t_{n−2} (docs/hil.md): the nearest of those counts.
  struct Named {
    std::string name;
    double max = 0.0;         // max over the rows of min_k |signal − column(t_{n−k})|, k = 0, 1, 2
    double resolution = 0.0;  // the signal's step
  };
  std::vector<Named> named;
};
// Throws io::InputError when a column of actuator 1 is missing in either.
SensorDeviation compare_with_trajectory(const SensorTable& table, const io::CsvTable& trajectory);

}  // namespace hilsim::tools
