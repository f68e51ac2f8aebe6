// The CAN commands that need no CAN interface: `hilsim decode` of a candump log, `hilsim replay
// --candump` of M1's κ sent at 1 kHz, and what `hilsim run --input can` says on a machine without
// the interface.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>

#include "hil/candump_log.h"
#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "sim/manoeuvre/valve_command.h"
#include "sim/model/equilibrium.h"
#include "tests/tools/binary_harness.h"
#include "tools/io/csv_table.h"
#include "tools/scenario/scenario.h"

namespace hilsim::test {
namespace {

namespace fs = std::filesystem;

TEST(CanCli, DecodeNamesEveryFrameByTheMapping) {
  const fs::path log = temp_path("can", ".log");
  // κ1 = 0.4543507 (raw 4543507 = 0x45540F... little-endian from byte 2), counter 0, its CRC in byte 0.
  std::ofstream(log) << "(1700000000.000100) vcan0 100#7E00135445000000\n"
                     << "(1700000000.000200) vcan0 100#R\n"
                     << "(1700000000.000300) vcan0 0CFDD680#107DFFFFFFFFFFFF\n"
                     << "(1700000000.000400) vcan0 20000040#0000000000000000\n"
                     << "\n"
                     << "(1700000000.001002) vcan0 2F0#0500008813000000\n"
                     << "(1700000000.001003) vcan0 123#11\n";
  const fs::path csv = temp_path("can", ".csv");
  const Outcome o = run_hilsim("can", "decode --candump " + log.string() + " --csv " + csv.string());
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(
      o.out.find("100#7E00135445000000  HilsimCommand: e2e_crc = 126, e2e_counter = 0, kappa_1 = 0.4543507, "
                 "kappa_2 = 0"),
      std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("100#R  remote request (RTR)"), std::string::npos) << o.out;
  // X: right (positive) at 50.0 %; Y: not available.
  EXPECT_NE(o.out.find("BJM1 from 0x80: x positive 50.0 %, y invalid"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("error frame: bus-off"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("HilsimStatus: watchdog_active = 1, numerical_fault = 0, bus_off = 1, bus_error = 0"),
            std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("123#11  not in hilsim's mapping"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("6 frames, 1 sensor rows"), std::string::npos) << o.out;
  const std::string table = slurp(csv);
  EXPECT_EQ(
      table.substr(0, table.find('\n')),
      "timestamp,s_1,sdot_1,p1_1,p2_1,fh_1,kappa_applied_1,watchdog_active,numerical_fault,bus_off,bus_error,"
      "overruns,sim_time,sequence_echo,end_stop,cavitation,relief,link_lost,two_senders");
  EXPECT_NE(table.find("\n1700000000.001002,"), std::string::npos) << table;
  fs::remove(log);
  fs::remove(csv);
}

TEST(CanCli, ABadLineIsNamedByFileAndLine) {
  const fs::path log = temp_path("can", ".log");
  std::ofstream(log) << "(1700000000.000100) vcan0 100#80D7141B00000000\n(1700000000.000200) vcan0 100#8\n";
  const Outcome o = run_hilsim("can", "decode --candump " + log.string());
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find(log.string() + ":2: "), std::string::npos) << o.err;
  fs::remove(log);
}

// M1's κ as a controller would send it: a HilsimCommand frame every `period_us` from t = 0 to 2.5 s.
void write_m1_log(const fs::path& log, const scenario::Scenario& s, int period_us) {
  const sim::StepManoeuvreM1 m1(sim::solve_equilibrium(s.crane, s.hydraulics).kappa, s.manoeuvre.m1);
  const hil::MessageSpec command = hil::default_messages(1)[0];
  const hil::SignalSpec& kappa_1 = command.signals[2];
  const hil::E2ELayout e2e = hil::e2e_layout(command).value();
  std::ofstream out(log);
  const std::int64_t start_us = 1'700'000'000'123'456;
  for (int t_us = 0, counter = 0; t_us <= 2'500'000; t_us += period_us, ++counter) {
    hil::Frame f;
    f.id = hil::kCommandId;
    f.length = 8;
    hil::encode(kappa_1, m1.at(t_us * 1e-6), std::span<std::uint8_t>(f.data.data(), 8));
    hil::e2e_protect(e2e, f, static_cast<std::uint8_t>(counter % hil::kE2ECounterModulo));
    out << hil::format_candump_line(start_us + t_us, "can0", f) << "\n";
  }
}

// The largest |Δs1| between two trajectory CSVs of the same length, and where.
std::pair<double, double> max_ds1(const fs::path& a_path, const fs::path& b_path) {
  const io::CsvTable a = io::read_numeric_csv(a_path.string()), b = io::read_numeric_csv(b_path.string());
  EXPECT_EQ(a.rows.size(), b.rows.size());
  const std::size_t s1 = a.column({"s1"}), t = a.column({"t"});
  double ds1 = 0.0, at = 0.0;
  for (std::size_t i = 0; i < std::min(a.rows.size(), b.rows.size()); ++i) {
    const double d = std::abs(a.rows[i][s1] - b.rows[i][s1]);
    if (d > ds1) {
      ds1 = d;
      at = a.rows[i][t];
    }
  }
  return {ds1, at};
}

// Acceptance: a controller sends M1's κ every millisecond as HilsimCommand frames; the log of
// those frames replayed offline gives the trajectory of the scripted M1 run, up to the log's
// timing quantisation (κ held for 1 ms instead of following the 1 ms and 2 ms ramps). Sent at
// every micro step (10 kHz), the replay applies each κ exactly where the scripted run evaluates
// it, and only κ's 1e-9 resolution remains.
TEST(CanCli, ACandumpLogOfM1At1kHzReplaysToTheM1Trajectory) {
  const fs::path scenario = temp_path("can", ".toml");
  std::ofstream(scenario) << "[run]\nduration = 2.5\n[cosim]\nH = 1e-3\nh_hyd = 1e-4\n"
                          << "[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n";
  const scenario::Scenario s = scenario::load_scenario(scenario.string());
  const fs::path log = temp_path("can", ".log"), offline = temp_path("can", "_off.csv");
  const fs::path replayed = temp_path("can", "_rep.csv"), fine = temp_path("can", "_fine.csv");
  ASSERT_EQ(run_hilsim("can", "run " + scenario.string() + " --out " + offline.string()).status, 0);
  const std::string replay =
      "replay --scenario " + scenario.string() + " --candump " + log.string() + " --out ";

  write_m1_log(log, s, 1000);
  const Outcome r = run_hilsim("can", replay + replayed.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("2501 frames, 2501 commands, 0 joystick, 0 ignored"), std::string::npos) << r.out;
  const auto [ds1, at] = max_ds1(replayed, offline);
  std::printf("candump replay of M1 at 1 kHz against the scripted M1: max |ds1| = %.3e m at t = %.3f s\n",
              ds1, at);
  // Each ramp reaches the valve up to 1 ms late (held at the previous sample), which shifts the
  // load's path by at most the change of ṡ1 it causes times 1 ms: 0.016 m/s after the first ramp,
  // −0.031 m/s after the second, so |0.016| · 1 ms + |−0.031 − 0.016| · 1 ms = 6.3e-5 m at most.
  EXPECT_GT(ds1, 0.0);
  EXPECT_LT(ds1, 6.3e-5);

  write_m1_log(log, s, 100);
  ASSERT_EQ(run_hilsim("can", replay + fine.string()).status, 0);
  const auto [ds1_fine, at_fine] = max_ds1(fine, offline);
  std::printf("candump replay of M1 at 10 kHz (every micro step): max |ds1| = %.3e m at t = %.3f s\n",
              ds1_fine, at_fine);
  // One micro step off (0.1 ms) would give about a tenth of the 1 kHz figure.
  EXPECT_LT(ds1_fine, 1e-7);
  for (const fs::path& p : {scenario, log, replayed, offline, fine}) fs::remove(p);
}

// Both actuators' κ as a controller would send them every `period_us`: HilsimCommand frames of the
// two-actuator mapping, κ1 from M1 and κ2(t) [-] given, from t = 0 to 2.5 s.
void write_two_actuator_log(const fs::path& log, const scenario::Scenario& s, int period_us,
                            const std::function<double(double)>& kappa_2) {
  const sim::StepManoeuvreM1 m1(sim::solve_equilibrium(s.crane, s.hydraulics).kappa, s.manoeuvre.m1);
  const hil::MessageSpec command = hil::default_messages(2)[0];
  std::ofstream out(log);
  const std::int64_t start_us = 1'700'000'000'123'456;
  const hil::E2ELayout e2e = hil::e2e_layout(command).value();
  for (int t_us = 0, counter = 0; t_us <= 2'500'000; t_us += period_us, ++counter) {
    hil::Frame f;
    f.id = hil::kCommandId;
    f.length = 8;
    hil::encode(command.signals[2], m1.at(t_us * 1e-6), std::span<std::uint8_t>(f.data.data(), 8));
    hil::encode(command.signals[3], kappa_2(t_us * 1e-6), std::span<std::uint8_t>(f.data.data(), 8));
    hil::e2e_protect(e2e, f, static_cast<std::uint8_t>(counter % hil::kE2ECounterModulo));
    out << hil::format_candump_line(start_us + t_us, "can0", f) << "\n";
  }
}

// The largest |Δ| of one column between two trajectory CSVs of the same length.
double max_difference(const fs::path& a_path, const fs::path& b_path, const std::string& name) {
  const io::CsvTable a = io::read_numeric_csv(a_path.string()), b = io::read_numeric_csv(b_path.string());
  EXPECT_EQ(a.rows.size(), b.rows.size());
  const std::size_t c = a.column({name});
  double d = 0.0;
  for (std::size_t i = 0; i < std::min(a.rows.size(), b.rows.size()); ++i) {
    d = std::max(d, std::abs(a.rows[i][c] - b.rows[i][c]));
  }
  return d;
}

// Two actuators in the RIM coupling: a log of both κ at every micro step, κ2 on Peiret et al. 2018, eq. (35),
// replays to the scripted two-actuator run (the same κ at the same micro steps, up to their 1e-9
// resolution); a log with κ2 held elsewhere gives that κ2, so actuator 2 follows the log and not
// its scripted manoeuvre.
TEST(CanCli, ACandumpLogOfBothActuatorsReplaysToTheTwoActuatorRun) {
  const fs::path scenario = temp_path("can", ".toml");
  std::ofstream(scenario) << "[run]\nduration = 2.5\n[crane]\nactuators = 2\n"
                          << "[cosim]\ncoupling = \"rim\"\nH = 0.02\nh_hyd = 2e-4\n"
                          << "[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n";
  const scenario::Scenario s = scenario::load_scenario(scenario.string());
  const fs::path log = temp_path("can", ".log"), offline = temp_path("can", "_off.csv");
  const fs::path replayed = temp_path("can", "_rep.csv");
  ASSERT_EQ(run_hilsim("can", "run " + scenario.string() + " --out " + offline.string()).status, 0);
  const sim::Equilibrium eq = sim::solve_equilibrium(s.crane, s.hydraulics);
  const sim::SecondActuatorManoeuvre second(eq.actuator2.kappa);
  write_two_actuator_log(log, s, 200, [&](double t) { return second.at(t); });
  const Outcome r = run_hilsim("can", "replay --scenario " + scenario.string() + " --candump " +
                                          log.string() + " --out " + replayed.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  std::printf("%s", r.out.c_str());
  EXPECT_NE(r.out.find("12501 frames, 12501 commands, 0 joystick, 0 ignored"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("actuator 2: "), std::string::npos) << r.out;
  const double dkappa_2 = max_difference(replayed, offline, "kappa_2");
  const double ds1 = max_difference(replayed, offline, "s1"), ds2 = max_difference(replayed, offline, "s2");
  std::printf(
      "candump replay of both actuators against the scripted run: max |dkappa_2| = %.3e, "
      "max |ds1| = %.3e m, max |ds2| = %.3e m\n",
      dkappa_2, ds1, ds2);
  EXPECT_LT(dkappa_2, 1e-9);
  EXPECT_LT(ds1, 1e-7);
  EXPECT_LT(ds2, 1e-7);

  const double held = eq.actuator2.kappa - 0.003;
  write_two_actuator_log(log, s, 200, [&](double) { return held; });
  ASSERT_EQ(run_hilsim("can", "replay --scenario " + scenario.string() + " --candump " + log.string() +
                                  " --out " + replayed.string())
                .status,
            0);
  const io::CsvTable held_run = io::read_numeric_csv(replayed.string());
  const std::size_t kappa_2 = held_run.column({"kappa_2"});
  for (std::size_t i = 1; i < held_run.rows.size(); ++i) {  // row 0: the equilibrium
    EXPECT_NEAR(held_run.rows[i][kappa_2], held, 1e-9) << "row " << i;
  }
  for (const fs::path& p : {scenario, log, replayed, offline}) fs::remove(p);
}

TEST(CanCli, ARunWithoutTheInterfaceSaysWhichOneIsMissing) {
  const fs::path s = temp_path("can", ".toml");
  std::ofstream(s) << "[hil]\ninput = \"can\"\n[can]\ninterface = \"hilsim-none0\"\n";
  const Outcome o = run_hilsim("can", "run " + s.string() + " --realtime --duration 0.1");
  EXPECT_EQ(o.status, 2) << o.out;
  EXPECT_NE(o.err.find("can.interface = 'hilsim-none0': no such network interface"), std::string::npos)
      << o.err;
  fs::remove(s);
}

TEST(CanCli, ReplayOfSeveralInterfacesNeedsOneChosenAndT0IsReadExactly) {
  const fs::path log = temp_path("can", ".log");
  std::ofstream(log) << "(1700000000.000100) can0 100#7E00135445000000\n"
                        "(1700000000.000200) can1 100#500040420F000000\n";
  Outcome o = run_hilsim("can", "replay --candump " + log.string() + " --duration 0.01");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("frames of several interfaces (can0, can1)"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("--interface"), std::string::npos) << o.err;
  o = run_hilsim("can",
                 "replay --candump " + log.string() + " --duration 0.01 --interface can0 --t0 1700000000");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(
      o.out.find("kappa from t = 0.000100 s to 0.000100 s (t = 0 at candump time 1700000000.000000, --t0)"),
      std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("skipped 1 frame(s) of interfaces other than can0"), std::string::npos) << o.out;
  o = run_hilsim("can", "replay --candump " + log.string() + " --interface can0 --t0 17e8");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--t0 '17e8': expected SECONDS[.MICROSECONDS]"), std::string::npos) << o.err;
  fs::remove(log);
}

// The options of a recording's replay mean nothing to a candump log's: refused, not ignored.
TEST(CanCli, ARecordingsReplayOptionsAreRefusedWithACandumpLog) {
  const fs::path log = temp_path("can", ".log");
  std::ofstream(log) << "(1700000000.000100) can0 100#7E00135445000000\n";
  for (const char* option :
       {"--live", "--no-verify", "--print-config", "--partial", "--allow-build-mismatch"}) {
    SCOPED_TRACE(option);
    const std::string value = std::string(option) == "--live" ? " " + log.string() : "";  // an existing file
    const Outcome o =
        run_hilsim("can", "replay --candump " + log.string() + " --duration 0.01 " + option + value);
    EXPECT_EQ(o.status, 2) << o.out;
    EXPECT_NE(o.err.find("go with a recording, not with --candump"), std::string::npos) << o.err;
  }
  fs::remove(log);
}

}  // namespace
}  // namespace hilsim::test
