// The hardware-in-the-loop loop on this machine's loopback: the controller emulator drives M1's κ
// over UDP into a --realtime run; the trajectory matches the offline M1 run within the timing
// quantisation, and the recording replays byte-identically. Then the sender stops mid-run: the
// watchdog takes κ to the safe value, says so, and the run goes on to its end.
// With two actuators in the RIM coupling the emulator drives both, and that recording replays
// byte-identically too. Both sides follow the scenario's [udp] e2e: datagram version 2 (CRC-32) by
// default, version 1 with "none"; a side that requires the CRC refuses the other's version 1 and
// says so.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/binary_harness.h"
#include "tests/tools/controller_emulator.h"
#include "tools/io/csv_table.h"

namespace hilsim::test {
namespace {

namespace fs = std::filesystem;

// M1 with its steps early (0.5 s and 1.5 s) so that 2.5 s show both; the UDP ports are this test's.
// `e2e`: the [udp] e2e line's value (and the file name's end), unset for the default.
std::string scenario(int port, double watchdog_timeout, const std::string& e2e = "", double duration = 2.5) {
  const fs::path p = temp_path("hil", e2e.empty() ? ".toml" : "_" + e2e + ".toml");
  std::ofstream(p) << "[run]\nduration = " << duration << "\n[cosim]\nH = 1e-3\nh_hyd = 1e-4\n"
                   << "[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n"
                   << "[hil]\ninput = \"udp\"\nwatchdog_timeout = " << watchdog_timeout << "\n"
                   << "[udp]\nlisten = \"127.0.0.1:" << port << "\"\nsend_to = \"127.0.0.1:" << port + 1
                   << "\"\n"
                   << (e2e.empty() ? "" : "e2e = \"" + e2e + "\"\n");
  return p.string();
}

struct Columns {
  std::vector<double> t, kappa, s1, p1;
};

Columns read_csv(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  Columns c;
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string cell;
    std::vector<double> v;
    while (std::getline(ss, cell, ',')) v.push_back(std::stod(cell));
    c.t.push_back(v[0]);
    c.kappa.push_back(v[1]);
    c.s1.push_back(v[2]);
    c.p1.push_back(v[4]);
  }
  return c;
}

TEST(HilLoop, ControllerDrivesM1OverUdpAndTheRecordingReplaysByteIdentically) {
  const int port = 47910;
  const std::string s = scenario(port, 0.1);
  const std::string live = temp_path("hil", "_live.csv").string(),
                    off = temp_path("hil", "_off.csv").string();
  const std::string rec = temp_path("hil", ".rec").string(), rep = temp_path("hil", "_rep.csv").string();
  Controller controller(s + " --to 127.0.0.1:" + std::to_string(port) +
                        " --listen 127.0.0.1:" + std::to_string(port + 1));
  const Outcome run = run_hilsim("hil", "run " + s + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  ASSERT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  EXPECT_NE(run.out.find("0 refused"), std::string::npos) << run.out;
  EXPECT_NE(
      run.out.find("udp: e2e = \"crc32\": sending datagram version 2 (CRC-32), accepting version 2 only"),
      std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("udp: listening on 127.0.0.1:" + std::to_string(port) + "\n"), std::string::npos)
      << run.out;

  ASSERT_EQ(run_hilsim("hil", "run " + s + " --input script --out " + off).status, 0);
  const Columns a = read_csv(live), b = read_csv(off);
  ASSERT_EQ(a.t.size(), b.t.size());
  double ds1 = 0, dp1 = 0, late = 0;
  for (std::size_t i = 0; i < a.t.size(); ++i) {
    ds1 = std::max(ds1, std::abs(a.s1[i] - b.s1[i]));
    dp1 = std::max(dp1, std::abs(a.p1[i] - b.p1[i]));
  }
  // How late the first step arrived: the first row where the live κ left κ0, against the offline one.
  const auto first_change = [](const Columns& c) {
    for (std::size_t i = 1; i < c.t.size(); ++i) {
      if (std::abs(c.kappa[i] - c.kappa[0]) > 1e-6) return c.t[i];
    }
    return -1.0;
  };
  late = first_change(a) - first_change(b);
  std::printf(
      "UDP loop against offline M1: max |ds1| = %.3e m, max |dp1| = %.3e Pa, first step %.1f ms late\n", ds1,
      dp1, late * 1e3);
  // Timing quantisation: commands sent every 1 ms by the sensor datagrams' sim_time, applied at the
  // next micro step after arrival; a few ms of delay (this kernel is not PREEMPT_RT) at the M1
  // ramps' rates move s1 by well under 0.5 mm.
  EXPECT_LT(ds1, 5e-4);
  EXPECT_GE(late, 0.0);
  EXPECT_LT(late, 0.05);

  const Outcome replay = run_hilsim("hil", "replay " + rec + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_EQ(slurp(live), slurp(rep));
  for (const std::string& p : {s, live, off, rec, rep}) fs::remove(p);
}

// f-s at H = 20 ms with the limits on: the crane never leaves its bounds (relief valves, stops),
// but the coupling monitor's error energy passes its limit after M1's first step. The controller
// under test is told: numerical_fault is 0 in every sensor datagram before that communication point
// and 1 in every one after it; the run ends with exit status 3, naming when.
TEST(HilLoop, ANumericallyWrongLiveRunSetsNumericalFaultAndExitsThree) {
  const int port = 48190;
  const fs::path p = temp_path("hil", "_fault.toml");
  std::ofstream(p) << "[run]\nduration = 2.0\n[cosim]\ncoupling = \"fs\"\nH = 0.02\nh_hyd = 1e-4\n"
                   << "[limits]\nenabled = true\n[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n"
                   << "[hil]\ninput = \"udp\"\n[udp]\nlisten = \"127.0.0.1:" << port
                   << "\"\nsend_to = \"127.0.0.1:" << port + 1 << "\"\n";
  const std::string sensors = temp_path("hil", "_fault_sensors.csv").string();
  Controller controller(p.string() + " --sensors " + sensors);
  const Outcome run = run_hilsim("hil", "run " + p.string() + " --realtime --reference none");
  const std::string controller_out = controller.wait();
  ASSERT_EQ(run.status, 3) << run.err << run.out;
  const std::string marker = "numerically wrong from t = ";
  const std::size_t at = run.err.find(marker);
  ASSERT_NE(at, std::string::npos) << run.err;
  const double t_fault = std::stod(run.err.substr(at + marker.size()));
  const io::CsvTable table = io::read_numeric_csv(sensors);
  const std::size_t sim_time = table.column({"sim_time"}), fault = table.column({"numerical_fault"});
  int before = 0, after = 0;
  for (const std::vector<double>& row : table.rows) {
    // The bit goes out from the writer thread's verdict on the point of t_fault, within a few
    // communication points of the hydraulics' own sim_time.
    if (row[sim_time] < t_fault - 1e-9) {
      ++before;
      EXPECT_EQ(row[fault], 0.0) << "sim_time " << row[sim_time];
    } else if (row[sim_time] > t_fault + 0.1) {
      ++after;
      EXPECT_EQ(row[fault], 1.0) << "sim_time " << row[sim_time];
    }
  }
  std::printf("fault at t = %.3f s: %d sensor rows before it, %d after t + 0.1 s\n", t_fault, before, after);
  EXPECT_GT(before, 100);
  EXPECT_GT(after, 100);
  fs::remove(p);
  fs::remove(sensors);
}

TEST(HilLoop, WatchdogTakesOverWhenTheSenderStopsAndTheRunContinues) {
  const int port = 47920;
  const double timeout = 0.05, stop_at = 1.0;
  const std::string s = scenario(port, timeout);
  const std::string live = temp_path("hil", "_live.csv").string(), rec = temp_path("hil", ".rec").string();
  Controller controller(s + " --to 127.0.0.1:" + std::to_string(port) + " --listen 127.0.0.1:" +
                        std::to_string(port + 1) + " --stop-after " + std::to_string(stop_at));
  const Outcome run = run_hilsim("hil", "run " + s + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  ASSERT_EQ(run.status, 0) << run.err << run.out;  // the run continues to its end
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  // One before the first command, one after the last expired.
  EXPECT_NE(run.out.find("watchdog: 2 trip(s)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("1 before the first command, 1 after a command expired"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("active at the end"), std::string::npos) << run.out;
  // Within one hydraulic period (100 us) of the expiry, give or take this kernel's wake-up latency.
  const std::size_t at = run.out.find("took effect at most ");
  ASSERT_NE(at, std::string::npos) << run.out;
  const double delay_us = std::stod(run.out.substr(at + 20));
  std::printf("fall-back delay after the command expired: %.1f us\n", delay_us);
  EXPECT_LT(delay_us, 2000.0);
  // The controller saw the status word say so.
  EXPECT_EQ(controller_out.find("(0 reporting the watchdog active"), std::string::npos) << controller_out;

  // The recording: the last watchdog event, and κ after it.
  std::ifstream in(rec);
  std::string line;
  long long watchdog_step = -1;
  double safe = -1;
  while (std::getline(in, line)) {
    long long m;
    double k;
    char cause[16];
    if (std::sscanf(line.c_str(), "input %lld %lf %15s", &m, &k, cause) == 3 &&
        std::string(cause) == "watchdog") {
      watchdog_step = m;
      safe = k;
    }
  }
  ASSERT_GT(watchdog_step, 0);
  const double t_fallback = static_cast<double>(watchdog_step) * 1e-4;
  std::printf(
      "sender stopped at t = %.3f s; kappa = %.8f (safe) from t = %.4f s, %.1f ms after the timeout\n",
      stop_at, safe, t_fallback, (t_fallback - stop_at - timeout) * 1e3);
  EXPECT_GT(t_fallback, stop_at + timeout - 0.002);
  EXPECT_LT(t_fallback, stop_at + timeout + 0.02);
  const Columns c = read_csv(live);
  for (std::size_t i = 0; i < c.t.size(); ++i) {
    if (c.t[i] > t_fallback) {
      EXPECT_EQ(c.kappa[i], safe) << "t = " << c.t[i];
    }
  }
  EXPECT_NEAR(c.t.back(), 2.5, 1e-9);
  for (const std::string& p : {s, live, rec}) fs::remove(p);
}

// Two actuators in the RIM coupling (the product's main configuration): M1 early as above, and
// actuator 2 on Peiret et al. 2018, eq. (35), both driven by the controller emulator in one command frame.
std::string two_actuator_scenario(int port) {
  const fs::path p = temp_path("hil", "_2.toml");
  std::ofstream(p) << "[run]\nduration = 2.5\n[crane]\nactuators = 2\n"
                   << "[cosim]\ncoupling = \"rim\"\nH = 0.02\nh_hyd = 2e-4\n"
                   << "[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n"
                   << "[hil]\ninput = \"udp\"\n"
                   << "[udp]\nlisten = \"127.0.0.1:" << port << "\"\nsend_to = \"127.0.0.1:" << port + 1
                   << "\"\n";
  return p.string();
}

struct RecordedInput {
  long long micro_step;
  double kappa;
  std::string cause;
  int actuator;    // 1-based, as written
  bool mechanics;  // read by the two-way coupling's mechanics (format 4's last word)
};

// The input lines (formats 2 to 4) of a recording.
std::vector<RecordedInput> read_inputs(const std::string& path) {
  std::ifstream in(path);
  std::vector<RecordedInput> inputs;
  std::string line;
  const std::string mechanics = " mechanics";
  while (std::getline(in, line)) {
    long long m, sequence;
    double k;
    char cause[16];
    int actuator;
    if (std::sscanf(line.c_str(), "input %lld %lf %15s %lld %d", &m, &k, cause, &sequence, &actuator) == 5) {
      const bool by_mechanics =
          line.size() > mechanics.size() &&
          line.compare(line.size() - mechanics.size(), mechanics.size(), mechanics) == 0;
      inputs.push_back({m, k, cause, actuator, by_mechanics});
    }
  }
  return inputs;
}

// The value of a CSV column by name, per row.
std::vector<double> column(const std::string& csv, const std::string& name) {
  std::ifstream in(csv);
  std::string line, cell;
  std::getline(in, line);
  std::stringstream header(line);
  int index = -1;
  for (int i = 0; std::getline(header, cell, ','); ++i) {
    if (cell == name) index = i;
  }
  std::vector<double> values;
  while (index >= 0 && std::getline(in, line)) {
    std::stringstream ss(line);
    for (int i = 0; std::getline(ss, cell, ','); ++i) {
      if (i == index) values.push_back(std::stod(cell));
    }
  }
  return values;
}

std::string sha256_line(const std::string& out) {
  const std::size_t at = out.find("output sha256: ");
  return at == std::string::npos ? "" : out.substr(at + 15, 64);
}

TEST(HilLoop, ControllerDrivesBothActuatorsOverUdpWithRimAndTheRecordingReplaysByteIdentically) {
  const int port = 47930;
  const double h_hyd = 2e-4;  // [s], as in the scenario
  const std::string s = two_actuator_scenario(port);
  const std::string live = temp_path("hil", "_live.csv").string(), rec = temp_path("hil", ".rec").string();
  const std::string rep = temp_path("hil", "_rep.csv").string();
  Controller controller(s + " --to 127.0.0.1:" + std::to_string(port) +
                        " --listen 127.0.0.1:" + std::to_string(port + 1));
  const Outcome run = run_hilsim("hil", "run " + s + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  // A failed run still leaves its recording: the checks on it below say what went wrong.
  EXPECT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  EXPECT_NE(run.out.find("0 refused"), std::string::npos) << run.out;

  // Both actuators took commands from the controller, actuator 2 many (its ramp changes κ2 every ms).
  const std::vector<RecordedInput> inputs = read_inputs(rec);
  long long first_command_2 = -1;
  int commands_1 = 0, commands_2 = 0;
  for (const RecordedInput& i : inputs) {
    if (i.cause != "command") continue;
    if (i.actuator == 1) ++commands_1;
    if (i.actuator == 2 && commands_2++ == 0) first_command_2 = i.micro_step;
  }
  std::printf("recording: %d command input(s) for actuator 1, %d for actuator 2\n", commands_1, commands_2);
  EXPECT_GE(commands_1, 3);  // the first command, and M1's two steps
  EXPECT_GE(commands_2, 100);
  ASSERT_GE(first_command_2, 0);

  // Live κ2 follows the controller's κ2(t) = κ2,0 − 0.0025 min(t, 2 s), not the safe value κ2,0,
  // from the first command on; κ2,0 is the first row's (the equilibrium). The transport delay of a
  // few ms moves κ2 by at most 0.0025/s × 50 ms.
  const std::vector<double> t = column(live, "t"), kappa_2 = column(live, "kappa_2");
  ASSERT_EQ(t.size(), kappa_2.size());
  ASSERT_FALSE(t.empty());
  const double kappa_20 = kappa_2[0], t_first = static_cast<double>(first_command_2) * h_hyd;
  double worst = 0.0;
  int checked = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] <= t_first + 0.05) continue;  // the controller's clock has caught up with sim_time by then
    worst = std::max(worst, std::abs(kappa_2[i] - (kappa_20 - 0.0025 * std::min(t[i], 2.0))));
    ++checked;
  }
  std::printf("kappa_2 against the controller's from t = %.4f s: max |dkappa_2| = %.3e over %d rows\n",
              t_first, worst, checked);
  EXPECT_GT(checked, 100);
  EXPECT_LT(worst, 0.0025 * 0.05);
  EXPECT_LT(kappa_2.back(), kappa_20 - 0.0049);  // the ramp's end, far from the safe value

  const Outcome replay = run_hilsim("hil", "replay " + rec + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_EQ(slurp(live), slurp(rep));
  EXPECT_FALSE(sha256_line(run.out).empty());
  EXPECT_EQ(sha256_line(run.out), sha256_line(replay.out)) << replay.out;
  for (const std::string& p : {s, live, rec, rep}) fs::remove(p);
}

// A contact task in hydraulic mode (tools/run/contact_run.h) driven over UDP: the controller
// (a two-actuator crane's M1 and eq. (35)) commands both cylinders of the landing's arm, the
// recording holds both cylinders' inputs and replays byte-identically, the tool's columns too.
TEST(HilLoop, ControllerDrivesAHydraulicContactTasksCylindersAndTheRecordingReplaysByteIdentically) {
  const int port = 47980;
  const fs::path controller_scenario = temp_path("hil", "_contact_controller.toml");
  std::ofstream(controller_scenario) << "[run]\nduration = 1.0\n[crane]\nactuators = 2\n"
                                     << "[cosim]\nH = 1e-3\nh_hyd = 2e-4\n"
                                     << "[manoeuvre]\nkind = \"M1\"\nt_a = 0.3\nt_b = 0.6\n";
  const fs::path contact = temp_path("hil", "_contact.toml");
  std::ofstream(contact) << "[run]\nduration = 1.0\n[cosim]\nH = 1e-3\nh_hyd = 2e-4\n"
                         << "[hil]\ninput = \"udp\"\n[udp]\nlisten = \"127.0.0.1:" << port
                         << "\"\nsend_to = \"127.0.0.1:" << port + 1 << "\"\n"
                         << "[contact]\ntask = \"landing\"\nmode = \"hydraulic\"\n";
  const std::string live = temp_path("hil", "_contact_live.csv").string();
  const std::string rec = temp_path("hil", "_contact.rec").string();
  const std::string rep = temp_path("hil", "_contact_rep.csv").string();
  Controller controller(controller_scenario.string() + " --to 127.0.0.1:" + std::to_string(port) +
                        " --listen 127.0.0.1:" + std::to_string(port + 1));
  const Outcome run =
      run_hilsim("hil", "run " + contact.string() + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  EXPECT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  EXPECT_NE(run.out.find("kappa of both cylinders from the input UDP"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("4 threads, one per subsystem"), std::string::npos) << run.out;
  int commands[2] = {0, 0};
  for (const RecordedInput& i : read_inputs(rec)) {
    if (i.cause == "command") ++commands[i.actuator - 1];
  }
  EXPECT_GE(commands[0], 3);    // the first command and M1's two steps (an input is recorded when κ changes)
  EXPECT_GE(commands[1], 100);  // eq. (35)'s ramp changes κ2 every ms
  const std::string csv = slurp(live);
  EXPECT_NE(csv.find(",tool_x,tool_y,"), std::string::npos);

  const Outcome replay = run_hilsim("hil", "replay " + rec + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_NE(replay.out.find("verified: bit for bit"), std::string::npos) << replay.out;
  EXPECT_EQ(csv, slurp(rep));
  EXPECT_EQ(sha256_line(run.out), sha256_line(replay.out)) << replay.out;
  for (const fs::path& p : {controller_scenario, contact, fs::path(live), fs::path(rec), fs::path(rep)})
    fs::remove(p);
}

// The two-way model-based coupling over UDP: both actuators, H = 100 ms, the mechanics at 1 ms read
// the controller's κ through their own reader; the recording holds both readers' inputs and replays
// byte-identically.
TEST(HilLoop,
     ControllerDrivesTheTwoWayCouplingAtOneHundredMillisecondsAndTheRecordingReplaysByteIdentically) {
  const int port = 47960;
  const fs::path p = temp_path("hil", "_twoway.toml");
  std::ofstream(p) << "[run]\nduration = 2.5\n[crane]\nactuators = 2\n"
                   << "[cosim]\ncoupling = \"twoway\"\nH = 0.1\nh_M = 1e-3\nh_hyd = 2e-4\n"
                   << "[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n"
                   << "[limits]\nenabled = false\n"
                   << "[hil]\ninput = \"udp\"\n"
                   << "[udp]\nlisten = \"127.0.0.1:" << port << "\"\nsend_to = \"127.0.0.1:" << port + 1
                   << "\"\n";
  const std::string s = p.string();
  const std::string live = temp_path("hil", "_live.csv").string(), rec = temp_path("hil", ".rec").string();
  const std::string rep = temp_path("hil", "_rep.csv").string(), off = temp_path("hil", "_off.csv").string();
  Controller controller(s + " --to 127.0.0.1:" + std::to_string(port) +
                        " --listen 127.0.0.1:" + std::to_string(port + 1));
  const Outcome run = run_hilsim("hil", "run " + s + " --realtime --out " + live + " --record " + rec);
  const std::string controller_out = controller.wait();
  EXPECT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  EXPECT_NE(run.out.find("two-way Jacobi, zoh, κ preview none"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("actuator 2: mechanics' kappa reader:"), std::string::npos) << run.out;

  // Each actuator's commands reached both readers.
  std::array<int, 2> mechanics_commands{}, hydraulics_commands{};
  for (const RecordedInput& i : read_inputs(rec)) {
    if (i.cause != "command" || i.actuator < 1 || i.actuator > 2) continue;
    ++(i.mechanics ? mechanics_commands : hydraulics_commands)[static_cast<std::size_t>(i.actuator - 1)];
  }
  std::printf("recording: commands read by the hydraulics %d, %d; by the mechanics %d, %d\n",
              hydraulics_commands[0], hydraulics_commands[1], mechanics_commands[0], mechanics_commands[1]);
  EXPECT_GE(mechanics_commands[0], 3);    // the first command, and M1's two steps
  EXPECT_GE(mechanics_commands[1], 100);  // κ2's ramp changes every ms
  EXPECT_GE(hydraulics_commands[1], 100);

  // Against the same run offline with the scripted manoeuvre (and no preview, as live): the
  // transport delay of a few ms at M1's steps.
  ASSERT_EQ(run_hilsim("hil", "run " + s + " --input script --preview none --out " + off).status, 0);
  const Columns a = read_csv(live), b = read_csv(off);
  ASSERT_EQ(a.t.size(), b.t.size());
  double ds1 = 0.0;
  for (std::size_t i = 0; i < a.t.size(); ++i) ds1 = std::max(ds1, std::abs(a.s1[i] - b.s1[i]));
  std::printf("two-way over UDP against offline: max |ds1| = %.3e m\n", ds1);
  EXPECT_LT(ds1, 5e-4);

  const Outcome replay = run_hilsim("hil", "replay " + rec + " --out " + rep);
  ASSERT_EQ(replay.status, 0) << replay.err << replay.out;
  EXPECT_EQ(slurp(live), slurp(rep));
  EXPECT_FALSE(sha256_line(run.out).empty());
  EXPECT_EQ(sha256_line(run.out), sha256_line(replay.out)) << replay.out;
  for (const std::string& f : {s, live, rec, rep, off}) fs::remove(f);
}

// The number before `what` in `text` (the last such number), or -1.
long long count_before(const std::string& text, const std::string& what) {
  const std::size_t at = text.find(what);
  if (at == std::string::npos) return -1;
  std::size_t begin = at;
  while (begin > 0 && std::isdigit(static_cast<unsigned char>(text[begin - 1]))) --begin;
  return begin == at ? -1 : std::stoll(text.substr(begin, at - begin));
}

// [udp] e2e = "none" on both sides: a controller that cannot compute the CRC drives the run with
// version 1 datagrams, which the run accepts and counts as unprotected.
TEST(HilLoop, WithE2eNoneOnBothSidesTheControllerDrivesTheRunWithVersion1) {
  const int port = 47940;
  const std::string s = scenario(port, 0.1, "none", 1.0);
  Controller controller(s);
  const Outcome run = run_hilsim("hil", "run " + s + " --realtime");
  const std::string controller_out = controller.wait();
  ASSERT_EQ(run.status, 0) << run.err << run.out;
  ASSERT_EQ(controller.status(), 0) << controller_out;
  std::printf("%s%s", run.out.c_str(), controller_out.c_str());
  EXPECT_NE(run.out.find(
                "udp: e2e = \"none\": sending datagram version 1 (no checksum), accepting versions 1 and 2"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("0 refused"), std::string::npos) << run.out;
  EXPECT_GT(count_before(run.out, " commands accepted"), 100) << run.out;
  EXPECT_GT(count_before(run.out, " of them without a checksum (version 1)"), 100) << run.out;
  fs::remove(s);
}

// The two sides disagree: a run that requires the CRC refuses a version 1 controller's every
// datagram and names the reason (the watchdog holds the safe κ); a controller that requires it
// refuses the sensors of a run with "none" and, receiving nothing it accepts, says why it gives up.
// Each side also says so early, once, while no command is taken: hilsim what arrived and why it was
// refused (after kNoCommandHintAfter, 1 s), the emulator that the watchdog stays active.
TEST(HilLoop, AnE2eMismatchIsRefusedAndNamedOnEachSide) {
  const int port = 47950;
  const std::string run_crc = scenario(port, 0.1, "crc32", 2.0),
                    controller_none = scenario(port, 0.1, "none", 2.0);
  {
    Controller controller(controller_none);
    const Outcome run = run_hilsim("hil", "run " + run_crc + " --realtime");
    const std::string controller_out = controller.wait();
    ASSERT_EQ(run.status, 0) << run.err << run.out;
    std::printf("%s%s", run.out.c_str(), controller_out.c_str());
    EXPECT_EQ(count_before(run.out, " commands accepted"), 0) << run.out;
    const std::string hint = "udp: no command accepted in the first 1 s: ";
    ASSERT_NE(run.out.find(hint), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find(hint), run.out.rfind(hint)) << "said once: " << run.out;
    const std::string line =
        run.out.substr(run.out.find(hint), run.out.find('\n', run.out.find(hint)) - run.out.find(hint));
    EXPECT_NE(line.find("datagram(s) arrived on 127.0.0.1:" + std::to_string(port) + ": "), std::string::npos)
        << line;
    EXPECT_NE(line.find(" refused: version 1, no checksum"), std::string::npos) << line;
    EXPECT_NE(controller_out.find("still report its watchdog active"), std::string::npos) << controller_out;
    const std::string reason =
        "udp:   refused, version 1, no checksum (e2e = \"crc32\" accepts version 2 only): ";
    const std::size_t at = run.out.find(reason);
    ASSERT_NE(at, std::string::npos) << run.out;
    EXPECT_GT(std::stoll(run.out.substr(at + reason.size())), 100) << run.out;
  }
  {
    Controller controller(run_crc + " --wait 1.5");
    const Outcome run = run_hilsim("hil", "run " + controller_none + " --realtime");
    const std::string controller_out = controller.wait();
    ASSERT_EQ(run.status, 0) << run.err << run.out;
    std::printf("%s%s", run.out.c_str(), controller_out.c_str());
    EXPECT_EQ(WEXITSTATUS(controller.status()), 2) << controller_out;
    EXPECT_NE(controller_out.find("refused: version 1, no checksum (e2e = \"crc32\" accepts version 2 only)"),
              std::string::npos)
        << controller_out;
  }
  {
    // A controller aimed at another port: nothing arrives where hilsim listens.
    Controller controller(run_crc + " --to 127.0.0.1:" + std::to_string(port + 5));
    const Outcome run = run_hilsim("hil", "run " + run_crc + " --realtime");
    const std::string controller_out = controller.wait();
    ASSERT_EQ(run.status, 0) << run.err << run.out;
    EXPECT_NE(run.out.find("udp: no command accepted in the first 1 s: nothing arrived on 127.0.0.1:" +
                           std::to_string(port)),
              std::string::npos)
        << run.out;
    EXPECT_NE(controller_out.find("the first command went to 127.0.0.1:" + std::to_string(port + 5)),
              std::string::npos)
        << controller_out;
  }
  for (const std::string& p : {run_crc, controller_none}) fs::remove(p);
}

}  // namespace
}  // namespace hilsim::test
