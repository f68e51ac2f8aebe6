// Machines described in files, in the loop over UDP on this machine's loopback: the controller
// emulator (`hilsim controller`) drives the excavator's three closed-centre valves from its dig cycle
// into a paced run (--realtime), the recording replays bit for bit, and every cylinder's sensor
// values in the datagrams equal the run's CSV within half a resolution step of the mapping generated
// from the machine. A [[messages]] mapping too narrow for the excavator's strokes is refused at start,
// naming the signal; run with it anyway (narrow_signals = "warn"), every clipped value is counted.
// The six-cylinder fixture (tests/tools/data/six_cylinders.toml: three benchmark valves, three
// closed-centre ones) takes six command signals, each valve under its own watchdog, recorded and
// replayed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "hil/default_messages.h"
#include "hil/signal.h"
#include "tests/tools/binary_harness.h"
#include "tests/tools/controller_emulator.h"
#include "tools/io/csv_table.h"
#include "tools/scenario/scenario.h"

namespace hilsim::test {
namespace {

namespace fs = std::filesystem;

const std::string kSource = HILSIM_SOURCE_DIR;

// A UDP scenario of `machine` (relative to the source tree, or absolute) driven by `table`, on ports port and
// port + 1; `hil`: more keys of [hil]; `extra`: more TOML at the end.
std::string udp_scenario(const std::string& tag, const std::string& machine, const std::string& table,
                         int port, double duration, const std::string& hil = "",
                         const std::string& extra = "",
                         const std::string& steps = "H = 1e-3\nh_hyd = 1e-4\n") {
  const fs::path p = temp_path(tag, ".toml");
  const std::string machine_path = machine.front() == '/' ? machine : kSource + "/" + machine;
  std::ofstream(p) << "machine = \"" << machine_path << "\"\n"
                   << "[run]\nduration = " << duration << "\n"
                   << "[manoeuvre]\nkind = \"table\"\nfile = \"" << kSource << "/" << table << "\"\n"
                   << "[cosim]\ncoupling = \"ps\"\n"
                   << steps << "hydraulics_integrator = \"trapezoidal\"\n"
                   << "[limits]\nenabled = true\n"
                   << "[hil]\ninput = \"udp\"\nwatchdog_timeout = 0.05\n"
                   << hil << "[udp]\nlisten = \"127.0.0.1:" << port
                   << "\"\nsend_to = \"127.0.0.1:" << port + 1 << "\"\n"
                   << extra;
  return p.string();
}

// The trajectory's column of cylinder k's quantity: s1, p1, p2 for the first, s2, p1_2, p2_2 after.
std::string csv_column(const std::string& quantity, int k) {
  if (quantity == "s") return "s" + std::to_string(k);
  return k == 1 ? quantity : quantity + "_" + std::to_string(k);
}

struct Deviation {
  int matched = 0;
  double worst = 0.0;  // the largest |sensor − CSV| in half resolution steps
  std::string where;
};

// Every sensor row whose sim_time falls on a communication point t_n (n ≥ 1) against the CSV: s_k
// is the length the micro step used, the mechanics' y(t_{n−1}); p1_k and p2_k the hydraulic state at
// t_n (tools/can/sensor_frames.h).
Deviation compare(const io::CsvTable& sensors, const io::CsvTable& run,
                  const std::vector<hil::MessageSpec>& map, int cylinders) {
  Deviation d;
  const std::size_t sim_time = sensors.column({"sim_time"});
  const double H = run.rows[1][0] - run.rows[0][0];
  for (const std::vector<double>& row : sensors.rows) {
    const double n = std::round(row[sim_time] / H);
    if (n < 1 || n >= static_cast<double>(run.rows.size()) || std::abs(n * H - row[sim_time]) > 2.5e-5)
      continue;
    ++d.matched;
    for (int k = 1; k <= cylinders; ++k) {
      for (const char* quantity : {"s", "p1", "p2"}) {
        const std::string signal = std::string(quantity) + "_" + std::to_string(k);
        double half_step = 0.0;
        for (const hil::MessageSpec& m : map) {
          for (const hil::SignalSpec& s : m.signals) {
            if (s.name == signal) half_step = 0.5 * std::abs(s.scale);
          }
        }
        const std::size_t at = static_cast<std::size_t>(n) - (quantity[0] == 's' ? 1 : 0);
        const double csv = run.rows[at][run.column({csv_column(quantity, k)})];
        const double steps = std::abs(row[sensors.column({signal})] - csv) / half_step;
        if (steps > d.worst) {
          d.worst = steps;
          d.where = signal + " at t = " + std::to_string(row[sim_time]);
        }
      }
    }
  }
  return d;
}

// The machine's named sensors (tip_x, tip_y, p_pump, boom_angle of the excavator's file) go out as
// the writer thread assembles them: each sensor row holds the values of one communication point t_m
// at most `max_lag` points before the newest one its sim_time has reached, all four from the same
// row of the CSV and within half a resolution step of it. How far behind they are depends on how
// soon the (not real-time) writer thread runs: printed, and bounded here only loosely.
struct NamedDeviation {
  int rows = 0;       // sensor rows with a named value
  int unmatched = 0;  // rows no CSV row within the lag explains
  int worst_lag = 0;  // [communication points]
};
NamedDeviation compare_named(const io::CsvTable& sensors, const io::CsvTable& run,
                             const std::vector<hil::MessageSpec>& map, const std::vector<std::string>& names,
                             int max_lag) {
  NamedDeviation d;
  const std::size_t sim_time = sensors.column({"sim_time"});
  const double H = run.rows[1][0] - run.rows[0][0];
  std::vector<double> half_step;
  for (const std::string& name : names) {
    for (const hil::MessageSpec& m : map) {
      for (const hil::SignalSpec& s : m.signals) {
        if (s.name == name) half_step.push_back(0.5 * std::abs(s.scale) * (1.0 + 1e-9));
      }
    }
  }
  EXPECT_EQ(half_step.size(), names.size()) << "a named sensor without its signal in the mapping";
  for (const std::vector<double>& row : sensors.rows) {
    const auto newest = static_cast<long>(std::floor(row[sim_time] / H + 1e-6));
    if (newest < max_lag || newest >= static_cast<long>(run.rows.size())) continue;
    ++d.rows;
    int lag = -1;
    for (int l = 0; l <= max_lag && lag < 0; ++l) {
      const std::vector<double>& at = run.rows[static_cast<std::size_t>(newest - l)];
      bool all = true;
      for (std::size_t i = 0; i < names.size(); ++i)
        all = all && std::abs(row[sensors.column({names[i]})] - at[run.column({names[i]})]) <= half_step[i];
      if (all) lag = l;
    }
    if (lag < 0) ++d.unmatched;
    d.worst_lag = std::max(d.worst_lag, lag);
  }
  return d;
}

TEST(MachineHil, TheExcavatorOverUdpIsPacedRecordedReplayedAndItsSensorsAreTheCsvs) {
  const int port = 48110;
  // Sensor datagrams after every micro step (10 kHz): the run and the emulator keep one clock, so at
  // 1 kHz the datagrams' sim_time would keep one phase to the communication points, where the CSV is.
  const std::string s =
      udp_scenario("excavator_udp", "config/machines/excavator.toml",
                   "config/manoeuvres/excavator_dig_cycle.csv", port, 2.5, "output_rate = 10000\n");
  const std::string live = temp_path("excavator_udp", "_live.csv").string();
  const std::string rec = temp_path("excavator_udp", ".rec").string();
  const std::string rep = temp_path("excavator_udp", "_rep.csv").string();
  const std::string sensors = temp_path("excavator_udp", "_sensors.csv").string();
  Controller controller(s + " --sensors " + sensors);
  const Outcome run =
      run_hilsim("excavator_udp", "run " + s + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  ASSERT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  EXPECT_NE(
      controller_out.find("controller: drives u_1, u_2 in 0x100 HilsimCommand; u_3 in 0x101 HilsimCommand2"),
      std::string::npos)
      << controller_out;
  for (int k = 1; k <= 3; ++k) {
    const std::string a = "actuator " + std::to_string(k) + ": ";
    EXPECT_NE(run.out.find(a + "watchdog: "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find(a + "commands: none applied"), std::string::npos) << run.out;
  }
  EXPECT_EQ(run.out.find("clipped"), std::string::npos) << run.out;  // the generated mapping holds it all

  const Outcome replay = run_hilsim("excavator_udp", "replay " + rec + " --live " + live + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_NE(replay.out.find("verified: bit for bit"), std::string::npos) << replay.out;
  EXPECT_EQ(slurp(live), slurp(rep));

  const std::vector<hil::MessageSpec> map = scenario::signal_mapping(scenario::load_scenario(s));
  const Deviation d = compare(io::read_numeric_csv(sensors), io::read_numeric_csv(live), map, 3);
  std::printf(
      "excavator sensors against the CSV at %d communication points: largest difference %.3f half "
      "resolution steps (%s)\n",
      d.matched, d.worst, d.where.c_str());
  EXPECT_GT(d.matched, 500);
  EXPECT_LE(d.worst, 1.0 + 1e-6) << d.where;
  const NamedDeviation named = compare_named(io::read_numeric_csv(sensors), io::read_numeric_csv(live), map,
                                             {"tip_x", "tip_y", "p_pump", "boom_angle"}, 100);
  std::printf(
      "excavator named sensors: %d sensor rows, each within half a resolution step of the CSV at most %d "
      "communication points before its sim_time (%d unexplained)\n",
      named.rows, named.worst_lag, named.unmatched);
  EXPECT_GT(named.rows, 2000);
  EXPECT_EQ(named.unmatched, 0);
  for (const std::string& p : {s, live, rec, rep, sensors}) fs::remove(p);
}

// The crane's sensor message for cylinder 1 (s_1 up to 1.3107 m) and commands for the excavator.
const char* kCraneSizedMapping = R"(
[[messages]]
name = "Command"
id = 0x100
length = 8
direction = "command"
[[messages.signals]]
name = "e2e_crc"
start_bit = 0
length = 8
[[messages.signals]]
name = "e2e_counter"
start_bit = 8
length = 4
[[messages.signals]]
name = "u_1"
start_bit = 16
length = 16
signed = true
scale = 4e-5
min = -1.0
max = 1.0
[[messages.signals]]
name = "u_2"
start_bit = 32
length = 16
signed = true
scale = 4e-5
min = -1.0
max = 1.0
[[messages.signals]]
name = "u_3"
start_bit = 48
length = 16
signed = true
scale = 4e-5
min = -1.0
max = 1.0
[[messages]]
name = "Boom"
id = 0x200
length = 8
direction = "sensor"
[[messages.signals]]
name = "s_1"
start_bit = 0
length = 16
scale = 2e-5
max = 1.3107
unit = "m"
[[messages.signals]]
name = "sim_time"
start_bit = 16
length = 32
scale = 1e-4
max = 429496.7295
)";

TEST(MachineHil, AMappingTooNarrowForTheStrokeIsRefusedAtStartNamingTheSignal) {
  const std::string s =
      udp_scenario("excavator_narrow", "config/machines/excavator.toml",
                   "config/manoeuvres/excavator_dig_cycle.csv", 48120, 0.5, "", kCraneSizedMapping);
  const Outcome run = run_hilsim("excavator_narrow", "run " + s + " --realtime");
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_NE(
      run.err.find("[[messages]]: message 'Boom': signal 's_1' holds [0, 1.3107] m, but cylinder 'boom' "
                   "reaches ["),
      std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("narrow_signals = \"warn\""), std::string::npos) << run.err;
  EXPECT_EQ(run.out.find("simulated"), std::string::npos) << "nothing ran";
  fs::remove(s);
}

TEST(MachineHil, RunWithANarrowMappingEveryClippedValueIsCounted) {
  const std::string s = udp_scenario("excavator_clip", "config/machines/excavator.toml",
                                     "config/manoeuvres/excavator_dig_cycle.csv", 48130, 0.3,
                                     "narrow_signals = \"warn\"\n", kCraneSizedMapping);
  const Outcome run = run_hilsim("excavator_clip", "run " + s + " --realtime");
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("signal 's_1' holds [0, 1.3107] m, but cylinder 'boom' reaches"), std::string::npos)
      << run.out;
  // The boom's cylinder is longer than 1.3107 m from its first micro step (2.508 m at rest): every
  // datagram clips it.
  const std::size_t at = run.out.find("udp: sensor signal s_1: ");
  ASSERT_NE(at, std::string::npos) << run.out;
  const long long clipped = std::atoll(run.out.c_str() + at + std::string("udp: sensor signal s_1: ").size());
  EXPECT_GT(clipped, 100) << run.out.substr(at, 120);
  EXPECT_NE(run.out.find("value(s) clipped to [0, 1.3107] m (the farthest 2.5", at), std::string::npos)
      << run.out.substr(at, 120);
  fs::remove(s);
}

// The recording keeps the machine file whole: after the run the file is changed, and the replay
// still simulates the machine that ran.
TEST(MachineHil, SixCylindersTakeSixCommandSignalsEachUnderItsOwnWatchdogRecordedAndReplayed) {
  const int port = 48140;
  const fs::path machine = temp_path("six_udp", "_machine.toml");
  fs::copy_file(kSource + "/tests/tools/data/six_cylinders.toml", machine,
                fs::copy_options::overwrite_existing);
  // The steps of tests/tools/many_cylinders_test.cc, at which every coupling holds this machine.
  const std::string s =
      udp_scenario("six_udp", machine.string(), "tests/tools/data/six_cylinders_commands.csv", port, 1.0, "",
                   "", "H = 2e-4\nh_hyd = 5e-5\n");
  const std::string live = temp_path("six_udp", "_live.csv").string();
  const std::string rec = temp_path("six_udp", ".rec").string();
  const std::string rep = temp_path("six_udp", "_rep.csv").string();
  // The emulator stops sending at 0.6 s: every valve's watchdog takes it to its safe command.
  Controller controller(s + " --stop-after 0.6");
  const Outcome run = run_hilsim("six_udp", "run " + s + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  ASSERT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  EXPECT_NE(
      controller_out.find("kappa_1, kappa_2 in 0x100 HilsimCommand; kappa_3, u_4 in 0x101 HilsimCommand2; "
                          "u_5, u_6 in 0x102 HilsimCommand3"),
      std::string::npos)
      << controller_out;
  for (int k = 1; k <= 6; ++k) {
    const std::string a = "actuator " + std::to_string(k) + ": ";
    EXPECT_NE(run.out.find(a + "watchdog: "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" after a command expired", run.out.find(a + "watchdog: ")), std::string::npos);
    EXPECT_EQ(run.out.find(a + "commands: none applied"), std::string::npos) << run.out;
  }
  // The closed-centre valves fall back to neutral.
  EXPECT_NE(run.out.find("actuator 6: watchdog: 2 trip(s) to u = 0.00000000"), std::string::npos) << run.out;
  EXPECT_NE(slurp(rec).find("\nmachine-lines "), std::string::npos);
  std::ofstream(machine) << "name = \"not the machine that ran\"\n";
  const Outcome replay = run_hilsim("six_udp", "replay " + rec + " --live " + live + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_EQ(slurp(live), slurp(rep));
  for (const std::string& p : {s, live, rec, rep, machine.string()}) fs::remove(p);
}

// `hilsim frame` writes every valve's command in the generated frames: u = 0.3 is raw 2 400 000 =
// 0x249F00 at bytes 2 to 4, little-endian; an unset closed-centre valve is neutral.
TEST(MachineHil, TheFrameCommandWritesEveryValvesCommandInItsRange) {
  const std::string excavator = kSource + "/config/scenarios/hil_excavator_udp.toml";
  const Outcome ok = run_hilsim("frame_valves", "frame " + excavator + " --valve 1=0.3 --valve 3=-0.2");
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.out, "100#9600009F24000000\n101#F5000096E7000000\n");
  const Outcome range = run_hilsim("frame_valves", "frame " + excavator + " --valve 3=-1.5");
  EXPECT_EQ(range.status, 2);
  EXPECT_NE(range.err.find("--valve '3=-1.5': valve 3 takes u in [-1, 1]"), std::string::npos) << range.err;
  for (const char* bad : {"3=", "3=abc", "3=0.5x"}) {
    const Outcome r = run_hilsim("frame_valves", "frame " + excavator + " --valve " + bad);
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out;
    EXPECT_NE(r.err.find("expected K=VALUE"), std::string::npos) << r.err;
  }
  const Outcome missing = run_hilsim("frame_valves", "frame " + excavator + " --valve 4=0.1");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("K a valve 1 to 3"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace hilsim::test
