// Record and replay: the recording's format read back, every way a recording can be wrong refused
// with the file and line named, and the binary's round trip (`run --record`, `replay`) giving the
// live run's CSV byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "hil/recording.h"
#include "hil/sha256.h"
#include "tests/tools/binary_harness.h"

namespace hilsim::hil {
namespace {

namespace fs = std::filesystem;

const char* kConfig = "name = \"x\"\n[run]\nduration = 1\n";
const char* kHash = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

std::string write_recording(const std::vector<hil::InputEvent>& events, std::int64_t points = 1000) {
  const std::string path = test::temp_path("rec", ".rec").string();
  RecordingWriter w(path, "build-A", kConfig);
  for (const hil::InputEvent& e : events) w.write(e);
  w.finish(points, 0, kHash);
  return path;
}

std::string error_reading(const std::string& path) {
  try {
    read_recording(path);
  } catch (const RecordingError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error reading " << path;
  return "";
}

// The end line's byte count made to match an edited text again, as an editor that means its edit
// would (the count exists to call an accidentally shortened or lengthened file damaged).
std::string with_byte_count(std::string text) {
  const std::size_t end = text.rfind("\nend ");
  const std::size_t count = text.rfind(" bytes ");
  if (end == std::string::npos || count == std::string::npos || count < end) return text;
  return text.substr(0, count) + " bytes " + std::to_string(end + 1) + "\n";
}

std::string replace_in_file(const std::string& path, const std::string& from, const std::string& to) {
  std::string text = test::slurp(path);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  std::ofstream(path, std::ios::binary) << with_byte_count(text);
  return path;
}

TEST(Sha256, KnownDigests) {
  // FIPS 180-2 examples.
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Recording, ReadsBackWhatWasWritten) {
  const double third = 1.0 / 3.0;
  const std::string path = write_recording({{0, 0.45434558959805127, 0, hil::InputCause::kWatchdog},
                                            {17, third, 42, hil::InputCause::kCommand},
                                            {18, 0.5, 0, hil::InputCause::kScript}});
  const Recording r = read_recording(path);
  EXPECT_EQ(r.build, "build-A");
  EXPECT_EQ(r.config_text, kConfig);
  ASSERT_EQ(r.inputs.size(), 3u);
  EXPECT_EQ(r.inputs[0].kappa, 0.45434558959805127);
  EXPECT_EQ(r.inputs[1].micro_step, 17);
  EXPECT_EQ(r.inputs[1].kappa, third);  // 17 digits: the same double
  EXPECT_EQ(r.inputs[1].sequence, 42u);
  EXPECT_EQ(r.inputs[1].cause, hil::InputCause::kCommand);
  EXPECT_EQ(r.inputs[2].cause, hil::InputCause::kScript);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.communication_points, 1000);
  EXPECT_EQ(r.output_sha256, kHash);
  fs::remove(path);
}

TEST(Recording, EveryDefectIsNamedWithItsLine) {
  const std::vector<hil::InputEvent> events = {{0, 0.4, 0, hil::InputCause::kWatchdog},
                                               {5, 0.5, 1, hil::InputCause::kCommand}};
  const auto fresh = [&] { return write_recording(events); };
  EXPECT_NE(error_reading(replace_in_file(fresh(), "duration = 1", "duration = 2"))
                .find(":7: the config block does not match its config-sha256"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "hilsim-recording 5", "hilsim-recording 9"))
                .find(":1: recording format '9' is not supported"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "input 5 ", "input 0 "))
                .find(":11: micro step 0 of actuator 1 is negative or not after"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "0.5 command", "nan command"))
                .find("kappa 'nan' is not a finite number"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "0.5 command", "1.5 command"))
                .find(":11: kappa '1.5' is outside [-1, 1]"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "0.5 command", "-1.5 command"))
                .find(":11: kappa '-1.5' is outside [-1, 1]"),
            std::string::npos);
  // Before version 5 every command was a κ of the benchmark's valve, in [0, 1], of actuator 1 or 2,
  // and no machine block followed the config (version 5's lines 8 and 9 here).
  const auto version4 = [&](const std::string& from, const std::string& to) {
    const std::string v4 = replace_in_file(fresh(), "hilsim-recording 5", "hilsim-recording 4");
    return replace_in_file(replace_in_file(v4, "machine-sha256 -\nmachine-lines 0\n", ""), from, to);
  };
  EXPECT_NE(error_reading(version4("0.5 command", "-1 command")).find(":9: kappa '-1' is outside [0, 1]"),
            std::string::npos);
  EXPECT_NE(error_reading(version4("command 1 1", "command 1 3")).find(":9: actuator 3 is not 1 or 2"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "command 1 1", "command 1 9"))
                .find(":11: actuator 9 is not 1 to 8"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "command", "joystick")).find("'joystick' is not one of"),
            std::string::npos);
  EXPECT_NE(error_reading(replace_in_file(fresh(), "events 2", "events 3"))
                .find("counts 3 inputs, the recording holds 2"),
            std::string::npos);
  EXPECT_NE(
      error_reading(replace_in_file(fresh(), "build build-A", "bild")).find(":2: expected a 'build' line"),
      std::string::npos);
  EXPECT_NE(error_reading("/nonexistent/rec").find("/nonexistent/rec: recording not found"),
            std::string::npos);
  const std::string cut = replace_in_file(fresh(), "end 1000", "");
  const std::string text = test::slurp(cut);
  std::ofstream(cut, std::ios::binary) << text.substr(0, text.rfind('\n', text.size() - 2) + 1);
  EXPECT_FALSE(read_recording(cut).complete);
}

// Version 3 counts the bytes before its end line: a line lost in the middle is damage, named on the
// end line. Version 2 (no count) is still read.
TEST(Recording, ALostLineIsDamageAndVersion2IsStillRead) {
  const std::string path =
      write_recording({{0, 0.4, 0, hil::InputCause::kWatchdog}, {5, 0.5, 1, hil::InputCause::kCommand}});
  const std::string text = test::slurp(path);
  const std::size_t line = text.find("input 5 ");
  std::ofstream(path, std::ios::binary) << text.substr(0, line) + text.substr(text.find('\n', line) + 1);
  EXPECT_NE(error_reading(path).find(":11: the recording is damaged: the end line counts"),
            std::string::npos);
  std::string v2 = text.substr(0, text.rfind(" bytes ")) + "\n";
  v2.replace(0, std::string("hilsim-recording 5").size(), "hilsim-recording 2");
  v2.erase(v2.find("machine-sha256 -\nmachine-lines 0\n"),
           std::string("machine-sha256 -\nmachine-lines 0\n").size());
  std::ofstream(path, std::ios::binary) << v2;
  const Recording r = read_recording(path);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.inputs.size(), 2u);
  fs::remove(path);
}

// The binary's round trip: a threaded run with its inputs recorded, replayed offline.
TEST(RecordReplayCli, ReplayReproducesTheLiveCsvAndItsHash) {
  const std::string live = test::temp_path("rr", "_live.csv").string();
  const std::string rec = test::temp_path("rr", ".rec").string();
  const std::string replayed = test::temp_path("rr", "_replay.csv").string();
  const test::Outcome run =
      test::run_hilsim("rr", "run --threads --manoeuvre M2 --duration 2 --H 1e-3 --hH 1e-4 --out " + live +
                                 " --record " + rec);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("recording: "), std::string::npos) << run.out;
  const test::Outcome rep = test::run_hilsim("rr", "replay " + rec + " --out " + replayed);
  ASSERT_EQ(rep.status, 0) << rep.err << rep.out;
  EXPECT_EQ(test::slurp(live), test::slurp(replayed));
  EXPECT_NE(rep.out.find("output sha256: " + sha256_file_hex(live)), std::string::npos) << rep.out;
  EXPECT_NE(rep.out.find("verified: bit for bit"), std::string::npos) << rep.out;

  // Another build: refused with both identities named, unless allowed.
  const std::string other = replace_in_file(rec, "build hilsim", "build otherbuild");
  const test::Outcome refused = test::run_hilsim("rr", "replay " + other + " --out " + replayed);
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("recorded by build 'otherbuild"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--allow-build-mismatch"), std::string::npos) << refused.err;
  EXPECT_EQ(test::run_hilsim("rr", "replay " + other + " --allow-build-mismatch --out " + replayed).status,
            0);
  for (const std::string& p : {live, rec, replayed}) fs::remove(p);
}

// Every kind of plan records and replays: both actuators (each with its own inputs), the RIM,
// Gauss-Seidel, extrapolation, dependent mechanics, a finer mechanics grid.
TEST(RecordReplayCli, EveryKindOfPlanReplaysByteIdentically) {
  const std::vector<std::string> configurations = {
      "--actuators 2 --coupling rim --H 0.02 --hH 2e-4",
      "--actuators 2 --coupling ps --scheme gauss-seidel-hyd-first --extrapolation linear --H 2e-3 --hH 2e-4",
      "--actuators 2 --coupling fs --scheme gauss-seidel-mech-first --H 1e-3 --hH 1e-4",
      "--mechanics ali3p --coupling ps --scheme gauss-seidel-mech-first --H 1e-3 --hH 1e-4",
  };
  const std::string live = test::temp_path("rr", "_live.csv").string();
  const std::string rec = test::temp_path("rr", ".rec").string();
  const std::string replayed = test::temp_path("rr", "_replay.csv").string();
  for (const std::string& c : configurations) {
    SCOPED_TRACE(c);
    const test::Outcome run =
        test::run_hilsim("rr", "run --threads --manoeuvre M2 --duration 1 --reference none " + c + " --out " +
                                   live + " --record " + rec);
    ASSERT_EQ(run.status, 0) << run.err;
    const Recording r = read_recording(rec);
    const bool two = c.find("--actuators 2") != std::string::npos;
    EXPECT_EQ(
        std::any_of(r.inputs.begin(), r.inputs.end(), [](const InputEvent& e) { return e.actuator == 1; }),
        two);
    const test::Outcome rep = test::run_hilsim("rr", "replay " + rec + " --out " + replayed);
    ASSERT_EQ(rep.status, 0) << rep.err << rep.out;
    EXPECT_TRUE(test::slurp(live) == test::slurp(replayed));
    EXPECT_NE(rep.out.find("verified: bit for bit"), std::string::npos) << rep.out;
  }
  for (const std::string& p : {live, rec, replayed}) fs::remove(p);
}

// A run that writes every 7th communication point (and its last) replays to the same rows.
TEST(RecordReplayCli, ADecimatedRunReplaysToTheSameRows) {
  const std::string scenario = test::temp_path("rr", ".toml").string();
  std::ofstream(scenario) << "name = \"decimated\"\n[run]\nduration = 1.0\n[cosim]\nH = 1e-3\nh_hyd = 1e-4\n"
                             "[manoeuvre]\nkind = \"M2\"\n[rt]\ntelemetry_decimation = 7\n";
  const std::string live = test::temp_path("rr", "_live.csv").string();
  const std::string rec = test::temp_path("rr", ".rec").string();
  const std::string replayed = test::temp_path("rr", "_replay.csv").string();
  const test::Outcome run = test::run_hilsim(
      "rr", "run " + scenario + " --threads --reference none --out " + live + " --record " + rec);
  ASSERT_EQ(run.status, 0) << run.err;
  const std::string csv = test::slurp(live);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'),
            1 + 143 + 1);  // header, points 0, 7, ..., 994, and 1000
  const test::Outcome rep = test::run_hilsim("rr", "replay " + rec + " --out " + replayed);
  ASSERT_EQ(rep.status, 0) << rep.err << rep.out;
  EXPECT_TRUE(csv == test::slurp(replayed));
  for (const std::string& p : {scenario, live, rec, replayed}) fs::remove(p);
}

// Replay verifies whether or not it writes a CSV: a tampered hash fails (exit 2), a recording
// without a hash is not verifiable (exit 2, unless --no-verify), a good one says so.
TEST(RecordReplayCli, ReplayAlwaysVerifiesTheOutputHash) {
  const std::string live = test::temp_path("rr", "_live.csv").string();
  const std::string rec = test::temp_path("rr", ".rec").string();
  const std::string no_csv = test::temp_path("rr", "_nocsv.rec").string();
  ASSERT_EQ(test::run_hilsim(
                "rr", "run --threads --duration 0.5 --reference none --out " + live + " --record " + rec)
                .status,
            0);
  test::Outcome ok = test::run_hilsim("rr", "replay " + rec);
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("verified: bit for bit"), std::string::npos) << ok.out;

  const std::string text = test::slurp(rec);
  const std::size_t at = text.find("output-sha256 ") + std::string("output-sha256 ").size();
  std::string tampered = text;
  tampered[at] = tampered[at] == '0' ? '1' : '0';
  std::ofstream(rec, std::ios::binary) << tampered;
  const test::Outcome bad = test::run_hilsim("rr", "replay " + rec);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("NOT verified"), std::string::npos) << bad.err;
  const test::Outcome named = test::run_hilsim("rr", "replay " + rec + " --live " + live);
  EXPECT_EQ(named.status, 2);  // the rows agree, the recorded hash does not: the recording was edited
  EXPECT_NE(named.err.find("every row of " + live + " matches"), std::string::npos) << named.err;
  std::ofstream(rec, std::ios::binary) << text;  // the hash as recorded again

  // A --live file is compared whenever it is given: another run's CSV is not this run's, though the
  // replay reproduces the recorded hash.
  const std::string other = test::temp_path("rr", "_other.csv").string();
  ASSERT_EQ(
      test::run_hilsim("rr", "run --duration 0.5 --reference none --manoeuvre M2 --out " + other).status, 0);
  const test::Outcome wrong_live = test::run_hilsim("rr", "replay " + rec + " --live " + other);
  EXPECT_EQ(wrong_live.status, 2) << wrong_live.out;
  EXPECT_EQ(wrong_live.out.find("verified: bit for bit"), std::string::npos) << wrong_live.out;
  EXPECT_NE(wrong_live.err.find("is not that run's CSV: the replay's CSV first differs at line"),
            std::string::npos)
      << wrong_live.err;
  const test::Outcome right_live = test::run_hilsim("rr", "replay " + rec + " --live " + live);
  EXPECT_EQ(right_live.status, 0) << right_live.err;
  EXPECT_NE(right_live.out.find("and every row of " + live + " matches"), std::string::npos)
      << right_live.out;

  ASSERT_EQ(test::run_hilsim("rr", "run --threads --duration 0.5 --reference none --record " + no_csv).status,
            0);
  const test::Outcome unverifiable = test::run_hilsim("rr", "replay " + no_csv);
  EXPECT_EQ(unverifiable.status, 2);
  EXPECT_NE(unverifiable.err.find("not verifiable"), std::string::npos) << unverifiable.err;
  EXPECT_EQ(test::run_hilsim("rr", "replay " + no_csv + " --no-verify").status, 0);
  // Without a hash, a --live file is the evidence: compared row by row.
  EXPECT_EQ(test::run_hilsim("rr", "replay " + no_csv + " --live " + other).status, 2);
  for (const std::string& p : {live, rec, no_csv, other}) fs::remove(p);
}

// --live names the first row where the replay leaves the live CSV: an edited input (κ of micro
// step 30, t = 6 ms) shows in the κ column of the row of t = 6 ms.
TEST(RecordReplayCli, ReplayNamesTheFirstDifferingRowOfTheLiveCsv) {
  const std::string live = test::temp_path("rr", "_live.csv").string();
  const std::string rec = test::temp_path("rr", ".rec").string();
  ASSERT_EQ(test::run_hilsim("rr", "run --threads --manoeuvre M2 --duration 0.5 --reference none --out " +
                                       live + " --record " + rec)
                .status,
            0);
  std::string text = test::slurp(rec);
  const std::size_t at = text.find("\ninput 30 ");
  ASSERT_NE(at, std::string::npos);
  const std::size_t kappa = at + std::string("\ninput 30 ").size();
  text.replace(kappa, text.find(' ', kappa) - kappa, "0.4");
  std::ofstream(rec, std::ios::binary) << with_byte_count(text);
  const test::Outcome r = test::run_hilsim("rr", "replay " + rec + " --live " + live);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("NOT verified"), std::string::npos) << r.err;
  // The header is line 1 and t_n is line n + 2; the κ column is κ applied from t.
  EXPECT_NE(r.err.find("first differs at line 8 of " + live + " (replay: '0.006,0.4,"), std::string::npos)
      << r.err;
  for (const std::string& p : {live, rec}) fs::remove(p);
}

// An edited recording whose κ lies outside the valve's [0, 1], or is not a number, is refused with
// its line named, before anything runs (κ = 1.5 would replay and diverge).
TEST(RecordReplayCli, AKappaOutsideTheUnitIntervalOrNotFiniteIsRefusedWithItsLine) {
  const std::string rec = test::temp_path("rr", ".rec").string();
  ASSERT_EQ(
      test::run_hilsim("rr", "run --threads --manoeuvre M2 --duration 0.5 --reference none --record " + rec)
          .status,
      0);
  const std::string original = test::slurp(rec);
  const std::size_t at = original.find("\ninput 30 ");
  ASSERT_NE(at, std::string::npos);
  const int line =
      static_cast<int>(std::count(original.begin(), original.begin() + static_cast<long>(at), '\n')) + 2;
  const std::size_t kappa = at + std::string("\ninput 30 ").size();
  // 1.5, inf and nan the reader refuses; -0.25 (a closed-centre valve's u may be negative, format
  // version 5) the replay refuses for the crane's valve, the benchmark's, at the same line.
  for (const std::string bad : {"1.5", "-0.25", "inf", "nan"}) {
    std::string text = original;
    text.replace(kappa, text.find(' ', kappa) - kappa, bad);
    std::ofstream(rec, std::ios::binary) << with_byte_count(text);
    const test::Outcome r = test::run_hilsim("rr", "replay " + rec + " --no-verify");
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(rec + ":" + std::to_string(line) + ": kappa '" + bad + "'"), std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  }
  fs::remove(rec);
}

TEST(RecordReplayCli, AnEndLineClaimingMorePointsThanTheRunHadIsDamage) {
  // 99999999999 communication points: a run that would never finish, refused at once.
  const std::string rec = test::temp_path("rr", ".rec").string();
  ASSERT_EQ(test::run_hilsim("rr", "run --threads --duration 0.5 --reference none --record " + rec).status,
            0);
  replace_in_file(rec, "\nend 500 ", "\nend 99999999999 ");
  const test::Outcome r = test::run_hilsim("rr", "replay " + rec + " --no-verify");
  EXPECT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_NE(
      r.err.find("the end line claims 99999999999 communication points; the recorded run.duration allows at "
                 "most 500"),
      std::string::npos)
      << r.err;
  fs::remove(rec);
}

TEST(RecordReplayCli, RecordNeedsThreadsAndUdpInputNeedsRealtime) {
  const test::Outcome offline = test::run_hilsim("rr", "run --duration 0.01 --record /tmp/x.rec");
  EXPECT_EQ(offline.status, 2);
  EXPECT_NE(offline.err.find("--record needs --realtime or --threads"), std::string::npos) << offline.err;
}

}  // namespace
}  // namespace hilsim::hil
