// The proportional valve and the pump's line in a run, against closed forms (the valve's and the
// supply's formulas alone are tests/sim/valve_supply_test.cc's): the LIM crane with a closed-centre
// valve instead of its own,
//  - centred, holds its load and drifts only by the spool's leakage: with equal areas A, the leakage
//    conductance G per edge and the load F, each chamber's flow is G (p_s + p_T − 2 p_i), so at rest
//    p1 + p2 = p_s + p_T, p2 − p1 = F/A and the cylinder creeps at ṡ = −G F / A²;
//  - on a pump with a relief valve, never above cracking plus its override (where the relief valve
//    takes the whole pump flow), and at rest with the flows balanced: Q_pump = Q_relief(p_s) + the
//    leakage the closed spool draws, G (2 p_s − p1 − p2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "tests/tools/binary_harness.h"
#include "tools/io/csv_table.h"

namespace hilsim {
namespace {

namespace fs = std::filesystem;

constexpr double kLeakageConductance = 1e-6 / 10e6;  // G [m³/(s·Pa)]: 1e-6 m³/s at 10 MPa per edge
constexpr double kArea = 0.0065;                     // [m²]
constexpr double kLoad = 8829.0;                     // [N], the crane's at rest

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// The shipped crane with a closed-centre valve (and, with `pump`, on a pump with a relief valve).
fs::path crane_file(bool pump) {
  std::string t = test::slurp(std::string(HILSIM_SOURCE_DIR) + "/config/machines/lim_crane.toml");
  t = replaced(
      t, "valve = \"open_centre\"\nvalve_area = 5e-4\ndischarge_coefficient = 0.67",
      "valve = \"proportional\"\nnominal_flow = 2e-4\nnominal_pressure_drop = 1e6\noverlap = 0.1\n"
      "natural_frequency = 20\ndamping_ratio = 0.7\nleakage_flow = 1e-6\nleakage_pressure_drop = 10e6\n"
      "laminar_pressure_drop = 0.1e6");
  if (pump) {
    t = replaced(t, "type = \"constant\"\npressure = 7.6e6\ntank_pressure = 0.1e6",
                 "type = \"pump\"\ntank_pressure = 0.1e6\npump_flow = 1e-4\nline_volume = 1e-3\n"
                 "relief_pressure = 10e6\nrelief_override = 0.5e6");
    t += "\n[[sensors]]\nname = \"p_s\"\nkind = \"supply_pressure\"\ntarget = \"pump\"\n";
  }
  const fs::path path = test::temp_path(pump ? "valve_pump" : "valve_hold", ".toml");
  std::ofstream(path) << t;
  return path;
}

io::CsvTable run(const fs::path& machine, const std::string& table, double duration) {
  const fs::path commands = test::temp_path("valve_commands", ".csv"),
                 out = test::temp_path("valve_run", ".csv");
  std::ofstream(commands) << table;
  const test::Outcome o = test::run_hilsim(
      "valve_run", "run --quiet --hH 1e-4 --duration " + std::to_string(duration) + " --machine " +
                       machine.string() + " --manoeuvre " + commands.string() + " --out " + out.string());
  EXPECT_EQ(o.status, 0) << o.err;
  io::CsvTable csv = io::read_numeric_csv(out.string());
  fs::remove(commands);
  fs::remove(out);
  fs::remove(machine);
  return csv;
}

const std::vector<double>& row_at(const io::CsvTable& csv, double t) {
  const std::size_t c = csv.column({"t"});
  return *std::min_element(csv.rows.begin(), csv.rows.end(), [&](const auto& a, const auto& b) {
    return std::abs(a[c] - t) < std::abs(b[c] - t);
  });
}

TEST(ValveInARun, ACentredClosedCentreValveHoldsTheLoadDriftingOnlyByItsLeakage) {
  const io::CsvTable csv = run(crane_file(false), "t,cylinder1\n0,0\n20,0\n", 20.0);
  const std::size_t s = csv.column({"s1"});
  const double drift = (row_at(csv, 20.0)[s] - row_at(csv, 10.0)[s]) / 10.0;  // [m/s]
  const double closed_form = -kLeakageConductance * kLoad / (kArea * kArea);  // −2.09e-5 m/s
  EXPECT_NEAR(drift, closed_form, 0.01 * std::abs(closed_form));              // measured 0.11 % apart
}

TEST(SupplyInARun, APumpsLineStaysUnderCrackingPlusOverrideAndBalancesItsFlows) {
  // At rest, the spool opened to lift for 2 s, closed again at once: the line recharges.
  const io::CsvTable csv = run(crane_file(true), "t,cylinder1\n0,0\n1,0\n1.2,0.6\n3,0.6\n3.05,0\n8,0\n", 8.0);
  const std::size_t ps = csv.column({"p_s"}), p1 = csv.column({"p1"}), p2 = csv.column({"p2"});
  double highest = 0.0;
  for (const auto& row : csv.rows) highest = std::max(highest, row[ps]);
  EXPECT_LE(highest, 10.5e6);            // cracking 10 MPa + the 0.5 MPa override
  EXPECT_LT(row_at(csv, 2.5)[ps], 5e6);  // the open spool draws the line down
  const std::vector<double>& end = row_at(csv, 8.0);
  const double leakage = kLeakageConductance * (2.0 * end[ps] - end[p1] - end[p2]);  // [m³/s]
  const double balanced = 10e6 + 0.5e6 * (1.0 - leakage / 1e-4);  // Q_relief(p_s) = Q_pump − leakage
  EXPECT_NEAR(end[ps], balanced, 1e3);                            // [Pa]
}

}  // namespace
}  // namespace hilsim
