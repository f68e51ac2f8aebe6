// The hilsim binary itself: exit status 2 and one line on stderr for each class of bad input,
// and the figures of a good run on stdout.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "hil/sha256.h"
#include "tests/tools/binary_harness.h"

namespace {

namespace fs = std::filesystem;

using hilsim::test::Outcome;
using hilsim::test::slurp;

Outcome hilsim(const std::string& args) { return hilsim::test::run_hilsim("cli", args); }

std::string write_temp(const std::string& name, const std::string& text) {
  const fs::path p = hilsim::test::temp_path("cli", "_" + name);
  std::ofstream(p) << text;
  return p.string();
}

void expect_bad_input(const Outcome& o, const std::string& needle) {
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find(needle), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
}

TEST(Cli, DefaultRunComparesWithTheLimReference) {
  const Outcome o = hilsim("run --quiet");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("kappa0 = 0.45434559"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("max |ds1|"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("hydraulicManipulator_ref.csv"), std::string::npos) << o.out;
}

TEST(Cli, WritesTheTrajectoryCsv) {
  const std::string csv = (fs::temp_directory_path() / "hilsim_cli_test.csv").string();
  const Outcome o = hilsim("run --quiet --duration 0.01 --H 1e-3 --out " + csv);
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string text = slurp(csv);
  EXPECT_EQ(text.substr(0, text.find('\n')), "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,dE,Ebal");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 12);  // header + t = 0 … 10 ms
  // The output convention of every trajectory writer: the hash line.
  EXPECT_NE(o.out.find("output sha256: "), std::string::npos) << o.out;
}

TEST(Cli, MonolithicRunWritesViolationAndIterationColumns) {
  const std::string csv = (fs::temp_directory_path() / "hilsim_cli_mono.csv").string();
  const Outcome o = hilsim("run --quiet --solver monolithic --h 1e-3 --duration 0.01 --out " + csv);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("Newton iterations per step"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("constraint violation"), std::string::npos) << o.out;
  const std::string text = slurp(csv);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,violC,newton_iterations");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 12);  // header + t = 0 … 10 ms
  // The convention of every trajectory writer: its rows, and the hash of the file's bytes.
  EXPECT_NE(o.out.find("trajectory: 11 rows written to " + csv), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("output sha256: " + hilsim::hil::sha256_hex(text) + "  " + csv), std::string::npos)
      << o.out;
  const Outcome piped = hilsim("run --quiet --solver monolithic --h 1e-3 --duration 0.01 --out /dev/stdout");
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_NE(piped.out.find("t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,violC,newton_iterations\n"),
            std::string::npos)
      << piped.out;
  EXPECT_NE(piped.out.find("output sha256: none (/dev/stdout is not a regular file of its own)"),
            std::string::npos)
      << piped.out;
}

TEST(Cli, ConvergenceTable) {
  const Outcome o = hilsim("convergence --duration 0.5 --h 2e-4,4e-4 --href 1e-4");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("|ds1| h_ref"), std::string::npos) << o.out;
  // The note (0.5 s end before M1's spike), 3 header lines and 2 rows.
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 6) << o.out;
}

// An order that is not defined (an error of 0, as before M1's first ramp) is "n/a", never "nan"; a
// run that ends before M1's spike says so instead of tabling a spike of 0.
TEST(Cli, ConvergenceWithoutAnOrderSaysSo) {
  const Outcome o = hilsim("convergence --duration 1 --h 2e-4,4e-4 --href 1e-4");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.find("nan"), std::string::npos) << o.out;
  // The second row (a previous step to compare with): the order against the fine run, whose errors
  // are 0 before M1's first ramp, the spike and its order are n/a.
  const std::string last_row = o.out.substr(o.out.rfind('\n', o.out.size() - 2) + 1);
  int none = 0;
  for (std::size_t at = last_row.find("n/a"); at != std::string::npos; at = last_row.find("n/a", at + 1))
    ++none;
  EXPECT_EQ(none, 3) << last_row;
  EXPECT_NE(o.out.find("note: M1's spike (t_b = 6 s) is after the run's end (1 s)"), std::string::npos)
      << o.out;
}

TEST(Cli, BadMonolithicFlags) {
  expect_bad_input(hilsim("run --h 1e-3"), "--h sets the monolithic step");
  expect_bad_input(hilsim("convergence --h 1.5e-4 --href 1e-4"), "whole multiple");
  EXPECT_EQ(hilsim("run --solver fem").status, 2);
  EXPECT_EQ(hilsim("run --solver monolithic --valve-sampling middle").status, 2);
}

// A value a flag set is named by its flag, not blamed on a scenario file that does not hold it.
TEST(Cli, AFlagsBadValueIsNamedByTheFlag) {
  expect_bad_input(hilsim("run --H 20"), "the built-in scenario: key 'cosim.H' = 20 s is outside");
  expect_bad_input(hilsim("run --H 20"), "(set by --H)");
  const std::string one = std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/psJ_01_M1.toml";
  expect_bad_input(hilsim("run " + one + " --hH 3e-4"), "(set by --hH)");
  expect_bad_input(hilsim("run " + one + " --duration 2e6"), "(set by --duration)");
  const std::string landing = std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/contact_landing.toml";
  expect_bad_input(hilsim("run " + landing + " --Ki 1e13"), "(set by --Ki)");
  // A value of the file itself is the file's: no flag named.
  const Outcome o = hilsim("run " + one + " --coupling fs --H 20");
  EXPECT_EQ(o.err.find("--coupling"), std::string::npos) << o.err;
}

// A coupling's own flag beside another coupling would be ignored: refused, naming the coupling.
TEST(Cli, AnotherCouplingsFlagIsRefused) {
  expect_bad_input(hilsim("run --rim-force end"),
                   "--rim-force sets the force the RIM and two-way couplings return");
  expect_bad_input(hilsim("run --coupling fs --preview none"),
                   "this run's coupling is 'fs' (--coupling twoway)");
  expect_bad_input(hilsim("run --coupling rim --preview none"), "--preview");
  EXPECT_EQ(hilsim("run --coupling rim --rim-force end --duration 0.1 --quiet").status, 0);
  EXPECT_EQ(hilsim("run --coupling twoway --preview none --duration 0.1 --quiet").status, 0);
}

TEST(Cli, HydraulicsIntegratorFlag) {
  const Outcome o = hilsim("run --quiet --duration 0.1 --hydraulics-integrator trapezoidal --hH 1e-3");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("(trapezoidal)"), std::string::npos) << o.out;
  EXPECT_EQ(hilsim("run --hydraulics-integrator rk5").status, 2);
}

TEST(Cli, MechanicsFlag) {
  const Outcome o = hilsim("run --quiet --duration 0.1 --mechanics ali1");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("(ali1)"), std::string::npos) << o.out;
  EXPECT_EQ(hilsim("run --mechanics ali2").status, 2);
}

TEST(Cli, SweepWithAHydraulicStepLargerThanTheDefaultH) {
  // The default H = 1 ms is no multiple of h_H = 2 ms; the sweep's own list decides.
  const Outcome o =
      hilsim("sweep --duration 0.1 --hH 2e-3 --hydraulics-integrator trapezoidal --H 0.002,0.004");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("largest H"), std::string::npos) << o.out;
}

TEST(Cli, MalformedScenario) {
  expect_bad_input(hilsim("run " + write_temp("bad1.toml", "[cosim\n")), "malformed TOML");
}

TEST(Cli, UnknownKey) {
  expect_bad_input(hilsim("run " + write_temp("bad2.toml", "[run]\nduraton = 1\n")),
                   "unknown key 'run.duraton'");
}

TEST(Cli, AnUnknownUdpE2eIsBadInput) {
  expect_bad_input(hilsim("run " + write_temp("bad_e2e.toml", "[udp]\ne2e = \"crc16\"\n")),
                   "key 'udp.e2e' = 'crc16' is not one of: crc32, none");
}

TEST(Cli, WrongType) {
  expect_bad_input(hilsim("run " + write_temp("bad3.toml", "[cosim]\nH = true\n")), "must be a number");
}

TEST(Cli, OutOfRange) {
  expect_bad_input(hilsim("run " + write_temp("bad4.toml", "[crane]\nL = 0\n")), "'crane.L'");
}

TEST(Cli, InconsistentSteps) {
  expect_bad_input(hilsim("run --H 1e-3 --hH 3e-4"), "not a whole multiple");
  expect_bad_input(hilsim("sweep --H 0.001,0.0015 --hH 1e-3"), "not a whole multiple");
}

TEST(Cli, NegativeStep) {
  const Outcome o = hilsim("run --hH -1e-4");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--hH"), std::string::npos) << o.err;
}

TEST(Cli, KappaTableOutOfRange) {
  expect_bad_input(hilsim("run --manoeuvre " + write_temp("k.csv", "t,kappa\n0,0.4\n1,-0.2\n")), "[0, 1]");
}

TEST(Cli, MissingFiles) {
  expect_bad_input(hilsim("run --manoeuvre /nonexistent/k.csv"), "/nonexistent/k.csv");
  EXPECT_EQ(hilsim("run /nonexistent/s.toml").status, 2);
  expect_bad_input(hilsim("run --reference /nonexistent/r.csv"), "/nonexistent/r.csv");
}

TEST(Cli, UnknownOption) { EXPECT_EQ(hilsim("run --frobnicate").status, 2); }

}  // namespace

namespace {

TEST(Cli, NewCouplingOptionsAreValidated) {
  EXPECT_EQ(hilsim("run --coupling xs").status, 2);
  EXPECT_EQ(hilsim("run --actuators 3").status, 2);
  expect_bad_input(hilsim("run " + write_temp("e.toml", "[cosim]\nextrapolation = \"cubic\"\n")),
                   "zoh, linear, quadratic");
  expect_bad_input(hilsim("run " + write_temp("a.toml", "[crane]\nactuators = 3\n")), "'crane.actuators'");
  expect_bad_input(hilsim("run " + write_temp("s.toml", "[cosim]\nscheme = \"gs\"\n")),
                   "gauss-seidel-mech-first");
}

TEST(Cli, TwoActuatorRunWritesTheSecondActuatorsColumns) {
  const std::string csv = (fs::temp_directory_path() / "hilsim_cli_two.csv").string();
  const Outcome o = hilsim("run --quiet --actuators 2 --coupling rim --H 0.01 --duration 0.05 --out " + csv);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("actuator 2"), std::string::npos) << o.out;
  const std::string text = slurp(csv);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,s2,s2dot,p1_2,p2_2,fh_2,kappa_2,dE,Ebal");
}

TEST(Cli, ReportWritesItsTables) {
  const fs::path dir = fs::temp_directory_path() / "hilsim_cli_report";
  fs::remove_all(dir);
  const Outcome o = hilsim("report --no-plots --max-H 0.003 --out-dir " + dir.string());
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string md = slurp(dir / "report.md");
  EXPECT_NE(md.find("| fsJ_05 | fs | 10 | 0.2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| rim | Jacobi | zoh |"), std::string::npos) << md;
  // The RIM's mechanics extrapolate the force they receive like any subsystem: those rows too.
  EXPECT_NE(md.find("| rim | Jacobi | linear |"), std::string::npos) << md;
  EXPECT_NE(md.find("| rim | Gauss-Seidel, hydraulics first | quadratic |"), std::string::npos) << md;
  EXPECT_TRUE(fs::exists(dir / "psJ_05_M1.csv"));
  // The contact section (Peiret et al. (contact tasks), Figs. 4, 6, 7): the study of both tasks as
  // tables and CSVs, and the trajectories at the soft and the stiff interface.
  EXPECT_NE(md.find("| model-model | 3.2; no jam | 0.256; jam 0.2425 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| kinematics-force | 0.186 | 0.152 | 0.00342 | 4.63e-05 | 1.07e-05 | unstable |"),
            std::string::npos)
      << md;
  for (const char* task : {"landing", "insertion"}) {
    const std::string study = slurp(dir / (std::string("contact_study_") + task + ".csv"));
    EXPECT_EQ(std::count(study.begin(), study.end(), '\n'), 26) << task;  // header, monolithic, 4 × 6
    const std::string paths = slurp(dir / (std::string("contact_trajectories_") + task + ".csv"));
    EXPECT_NE(paths.find("\nmodel-model,1e+08,"), std::string::npos) << task;
    EXPECT_NE(paths.find("\nkinematics-force,1000,"), std::string::npos) << task;
    EXPECT_NE(paths.find("\nmonolithic,,"), std::string::npos) << task;
  }
}

}  // namespace

namespace {

TEST(Cli, CombinationsTheCosimulationDoesNotOfferAreRefused) {
  expect_bad_input(hilsim("run --mechanics ali1 --coupling rim"), "'cosim.mechanics'");
  expect_bad_input(hilsim("run --mechanics ali3p --actuators 2"), "'cosim.mechanics'");
  expect_bad_input(hilsim("run --coupling rim --hydraulics-integrator rk4"), "'cosim.hydraulics_integrator'");
}

// Options that would have no effect in the chosen configuration are refused by name (exit 2),
// not accepted and ignored.
TEST(Cli, OptionsWithoutEffectAreRefusedByName) {
  expect_bad_input(hilsim("run --duration 0.1 --newton residual"),
                   "--newton sets the monolithic solver; it has no effect with --solver cosim");
  expect_bad_input(hilsim("run --duration 0.1 --valve-sampling step_end"), "--valve-sampling");
  expect_bad_input(
      hilsim("run --solver monolithic --h 1e-3 --duration 0.01 --scheme gauss-seidel-mech-first"),
      "--scheme sets the co-simulation; it has no effect with --solver monolithic");
  expect_bad_input(hilsim("run --solver monolithic --h 1e-3 --duration 0.01 --actuators 2"),
                   "the monolithic solver integrates the single-actuated crane");
  expect_bad_input(hilsim("controller --no-sync --wait 3 --duration 0.1"),
                   "with --no-sync the emulator waits for none");
  // CLI11's own refusal, on one line as every other.
  const Outcome r = hilsim("decode --candump " + std::string(HILSIM_SOURCE_DIR) +
                           "/tests/fuzz/corpus/candump_1 --scenario " + std::string(HILSIM_SOURCE_DIR) +
                           "/config/scenarios/psJ_01_M1.toml --actuators 2");
  expect_bad_input(r, "--actuators excludes --scenario");
}

// A reference that cannot be read names the key it came from and how a relative path is resolved.
TEST(Cli, AMissingReferenceNamesItsKey) {
  const fs::path scenario = fs::temp_directory_path() / "hilsim_cli_reference.toml";
  std::ofstream(scenario) << "name = \"x\"\n[run]\nreference = \"../nowhere/ref.csv\"\nduration = 0.01\n";
  const Outcome o = hilsim("run " + scenario.string());
  expect_bad_input(o, scenario.string() + ": reference (key 'run.reference'");
  EXPECT_NE(o.err.find("taken from the scenario file's folder"), std::string::npos) << o.err;
  fs::remove(scenario);
}

}  // namespace

namespace {

TEST(Cli, VersionPrintsTheBuildIdentity) {
  const Outcome o = hilsim("--version");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out.rfind("hilsim ", 0), 0u) << o.out;
  EXPECT_NE(o.out.find("RelWithDebInfo"), std::string::npos) << o.out;
}

TEST(Cli, AnUnknownCommandIsNamed) {
  const Outcome o = hilsim("runn --duration 1");
  expect_bad_input(o, "unknown command 'runn'");
  EXPECT_NE(o.err.find("run, sweep"), std::string::npos) << o.err;
}

TEST(Cli, ALiveInputNamesItselfAndComparesWithNoReferenceUnlessAsked) {
  // No controller: the watchdog holds κ0 for the 50 ms; what matters is the header and the report.
  const std::string args = "run --threads --input udp --duration 0.05 --quiet";
  const Outcome o = hilsim(args);
  ASSERT_EQ(o.status, 0) << o.err << o.out;
  EXPECT_NE(o.out.find("scenario default: input UDP from 127.0.0.1 on 127.0.0.1:47800"), std::string::npos)
      << o.out;
  EXPECT_EQ(o.out.find("manoeuvre M1"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("max |ds1|"), std::string::npos) << "no M1 comparison: " << o.out;
  EXPECT_NE(o.out.find("machine limits on"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("commands: none applied"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("at most 0.0 us"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("1 before the first command, 0 after a command expired"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("real time: "), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("real time: yes"), std::string::npos) << "an unpaced run is not real time: " << o.out;
  // Asked for, the reference is compared.
  const Outcome asked = hilsim(args + " --reference " + std::string(HILSIM_SOURCE_DIR) +
                               "/config/reference/lim/hydraulicManipulator_ref.csv");
  ASSERT_EQ(asked.status, 0) << asked.err;
  EXPECT_NE(asked.out.find("max |ds1|"), std::string::npos) << asked.out;
}

TEST(Cli, ADivergedRunNamesItsCause) {
  // M1 for 60 s without limits: the crane sinks below the rest link 1 would have (joint1's lower
  // limit, 10°, not modelled) at 12.8 s, then a chamber grows too short for forward Euler at h_H =
  // 0.2 ms and a pressure leaves (0, 20 MPa); the run names what happened first, the machine leaving
  // its range, and the report lists the numerical trouble that followed.
  const Outcome o = hilsim("run --quiet --duration 60");
  EXPECT_EQ(o.status, 3) << o.err;
  EXPECT_NE(o.err.find("diverged after t = "), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("reduce H or h_H"), std::string::npos) << "the hint fits the cause: " << o.err;
  EXPECT_NE(o.err.find("the machine had left its physical limits first: joint beyond the range of its limits "
                       "(joint1, lower)"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("--limits on"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("numerics: hydraulic step beyond its stability limit (actuator 1, chamber 2)"),
            std::string::npos)
      << o.out;
  // With the limits the same run ends on link 1's rest.
  const Outcome limited = hilsim("run --quiet --duration 60 --limits on");
  EXPECT_EQ(limited.status, 0) << limited.err;
  EXPECT_NE(limited.out.find("limits: joint on its limit (joint1, lower): first at t = "), std::string::npos)
      << limited.out;
}

// A value no machine has is a unit slip more often than a machine: warned at load with the unit the
// key expects and the value in the likely unit, and named first when the run then diverges (the
// message blames the steps, the piston of 65 m² is the cause).
TEST(Cli, ImplausibleValuesAreFlaggedAndNamedBeforeTheStep) {
  const std::string area = write_temp("a_p.toml", "[hydraulics]\na_p = 65\n");
  const Outcome diverged = hilsim("run " + area + " --quiet --duration 2 --reference none");
  EXPECT_EQ(diverged.status, 3) << diverged.err;
  const std::string slip =
      "key 'hydraulics.a_p' = 65 m² is far outside what it plausibly is ([1e-05, 0.5] m²); "
      "typed in cm²? 65 cm² = 0.0065 m²";
  EXPECT_NE(diverged.err.find("hilsim run: warning: " + area + ": " + slip), std::string::npos)
      << diverged.err;
  EXPECT_NE(diverged.err.find("a likelier cause than the step, to check first: " + area + ": " + slip),
            std::string::npos)
      << diverged.err;
  const std::string angle = write_temp("theta.toml", "[crane]\ntheta1_0 = 30\n");
  const Outcome degrees = hilsim("run " + angle + " --quiet --duration 0.01 --reference none");
  EXPECT_NE(degrees.err.find("key 'crane.theta1_0' = 30 rad is far outside"), std::string::npos)
      << degrees.err;
  EXPECT_NE(degrees.err.find("typed in °? 30 ° = 0.523599 rad"), std::string::npos) << degrees.err;
  const Outcome length = hilsim("run " + write_temp("l.toml", "[hydraulics]\nl = 442\n") + " --quiet");
  EXPECT_NE(length.err.find("typed in mm? 442 mm = 0.442 m"), std::string::npos) << length.err;
  // The benchmark's own values draw no warning.
  EXPECT_EQ(hilsim("run --quiet --duration 0.01 --reference none").err.find("warning"), std::string::npos);
}

// An offline run that stays finite but whose coupling monitor's error energy passes its limit (f-s
// at H = 20 ms, the limits on) was numerically wrong: exit 3, naming when, as a live run (HilLoop).
TEST(Cli, ANumericallyWrongRunExitsThreeWithoutDiverging) {
  const std::string s =
      write_temp("fault.toml",
                 "[run]\nduration = 3\n[cosim]\ncoupling = \"fs\"\nH = 0.02\nh_hyd = 1e-4\n"
                 "[limits]\nenabled = true\n[manoeuvre]\nkind = \"M1\"\nt_a = 0.5\nt_b = 1.5\n");
  const Outcome o = hilsim("run " + s + " --quiet --reference none");
  EXPECT_EQ(o.status, 3) << o.err;
  EXPECT_EQ(o.err.find("diverged"), std::string::npos) << o.err;
  EXPECT_NE(
      o.err.find("was numerically wrong from t = 1.24 s (its results are not the machine's): coupling error "
                 "energy beyond the monitor's limit"),
      std::string::npos)
      << o.err;
}

TEST(Cli, OutputIsLineBufferedIntoAPipe) {
  // The header reaches a pipe before the run ends: read it while the (paced, 2 s) run goes on.
  FILE* p =
      popen((std::string(HILSIM_BINARY) + " run --realtime --duration 2 --quiet 2>/dev/null").c_str(), "r");
  ASSERT_NE(p, nullptr);
  char line[512];
  ASSERT_NE(std::fgets(line, sizeof line, p), nullptr);
  const auto read_at = std::chrono::steady_clock::now();
  EXPECT_EQ(std::string(line).rfind("scenario default:", 0), 0u) << line;
  while (std::fgets(line, sizeof line, p)) {
  }
  const double rest = std::chrono::duration<double>(std::chrono::steady_clock::now() - read_at).count();
  pclose(p);
  EXPECT_GT(rest, 1.0) << "the first line arrived only when the run ended";
}

}  // namespace

namespace {

TEST(Cli, APacedRunOnATerminalShowsALiveStatusLine) {
  // script(1) gives the run a terminal; the line is rewritten in place (\r) once a second.
  const std::string cmd = "script -qec '" + std::string(HILSIM_BINARY) +
                          " run --realtime --duration 2.5 --reference none' /dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  ASSERT_EQ(pclose(p), 0) << out;
  EXPECT_NE(out.find("\r\033[K  t = 1.0 s  real-time factor "), std::string::npos) << out;
  EXPECT_NE(out.find("overruns "), std::string::npos) << out;
  EXPECT_NE(out.find("kappa 0.4543"), std::string::npos) << out;
  // Not on a pipe, nor with --quiet.
  const Outcome piped = hilsim("run --realtime --duration 1.5 --reference none");
  EXPECT_EQ(piped.err.find("real-time factor"), std::string::npos) << piped.err;
}

}  // namespace

namespace {

TEST(Cli, TheShippedHilScenariosRunTheirRecipesManoeuvreToTheEnd) {
  // Their recipes drive M1 for the whole run (hil_udp_controller: `controller --manoeuvre M1`, 60 s),
  // which without the machine's limits diverged at 15.39 s. Offline, the same manoeuvre as a script:
  // the physics the live run integrates (tools/hil_loop_test.cc runs the live loop itself).
  for (const char* name : {"hil_udp_controller", "hil_can_controller", "hil_can_joystick"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/" + name + ".toml";
    const Outcome o = hilsim("run " + file + " --input script --manoeuvre M1 --reference none --quiet");
    EXPECT_EQ(o.status, 0) << o.err << o.out;
    EXPECT_NE(o.out.find("machine limits on"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("limits: joint on its limit (joint1, lower)"), std::string::npos) << o.out;
    EXPECT_EQ(o.out.find("numerics:"), std::string::npos) << o.out;
  }
}

}  // namespace

namespace {

TEST(Cli, ABlowUpThatStaysFiniteIsDivergedToo) {
  // f-s at H = 30 ms is unstable: p2 reached −682 MPa while every number stayed finite, and the run
  // exited 0 where the sweep calls it unstable. Now one verdict: a pressure outside (0, 20 MPa).
  const Outcome o = hilsim("run --coupling fs --H 0.03 --duration 2.91 --quiet");
  EXPECT_EQ(o.status, 3) << o.out;
  EXPECT_NE(o.err.find("a pressure outside (0, 20 MPa)"), std::string::npos) << o.err;
}

}  // namespace

namespace {

TEST(Cli, AnEndlessInputIsRefusedNotRead) {
  // /dev/zero is one line without end: every reader stops at its bound with one line.
  expect_bad_input(hilsim("run --manoeuvre /dev/zero"), "/dev/zero:1: a line longer than 65536 bytes");
  expect_bad_input(hilsim("run --reference /dev/zero --duration 0.01"), "a line longer than 65536 bytes");
  expect_bad_input(hilsim("replay --candump /dev/zero"), "a line longer than 65536 bytes");
  expect_bad_input(hilsim("replay /dev/zero"),
                   "/dev/zero:1: a line longer than 65536 bytes; not a recording");
  expect_bad_input(hilsim("run /dev/zero"), "/dev/zero: larger than");
}

TEST(Cli, AKappaTableWithAByteOrderMarkReads) {
  const std::string table = write_temp("bom.csv", "\xEF\xBB\xBFt,kappa\n0,0.45\n10,0.45\n");
  const Outcome o = hilsim("run --quiet --duration 0.01 --manoeuvre " + table);
  EXPECT_EQ(o.status, 0) << o.err;
}

TEST(Cli, ARangeErrorIsShort) {
  // One line: the option, what is wrong, and the command's --help.
  const Outcome o = hilsim("run --H -1");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "hilsim: --H: '-1' must be > 0 (hilsim run --help)\n");
  EXPECT_LT(o.err.size(), 80u) << o.err;  // not the largest double in 309 digits
  const Outcome text = hilsim("run --duration abc");
  EXPECT_EQ(text.status, 2);
  EXPECT_EQ(text.err, "hilsim: --duration: 'abc' is not a number (hilsim run --help)\n");
}

}  // namespace

namespace {

TEST(Cli, StepCountsARunCannotFinishAreRefusedNamingTheKey) {
  expect_bad_input(hilsim("run --hH 1e-22"),
                   "'cosim.h_hyd' = 1e-22 s is outside the accepted range [1e-07, 10]");
  expect_bad_input(hilsim("run --H 1e-300"), "'cosim.H' = 1e-300 s is outside the accepted range");
  expect_bad_input(hilsim("run --duration 1e6 --hH 1e-6"), "key 'cosim.h_hyd': 1e+12 hydraulic steps");
  expect_bad_input(hilsim("run --duration 1e6 --H 1e-4 --hH 1e-5"),
                   "key 'cosim.H': 1e+10 communication points");
}

TEST(Cli, AnOfflineRunStreamsItsSamplesInConstantMemory) {
  // 2·10⁶ communication points would hold 300 MB of samples; streamed, the run stays small.
  const Outcome o = hilsim("run --quiet --duration 2000 --limits on --reference none");
  ASSERT_EQ(o.status, 0) << o.err;
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  EXPECT_LT(usage.ru_maxrss, 100 * 1024) << "peak resident set [KiB] of the runs so far";
}

}  // namespace

namespace {

TEST(Cli, TheControllerUsesTheScenariosAddressesAndSaysWhenHilsimVanishes) {
  // A scenario on its own ports; the emulator gets no --to/--listen: it must take them from the file.
  std::string text = slurp(std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/hil_udp_controller.toml");
  text.replace(text.find("duration = 60.0"), 15, "duration = 5.0");
  text.replace(text.find("0.0.0.0:47800"), 13, "0.0.0.0:47890");
  text.replace(text.find("127.0.0.1:47801"), 15, "127.0.0.1:47891");
  const std::string scenario = write_temp("vanish.toml", text);
  const std::string bin = HILSIM_BINARY;
  // hilsim is killed after 2 s of its 5 s run: the controller must not report success.
  const std::string cmd = "(" + bin + " run " + scenario +
                          " --realtime --quiet >/dev/null 2>&1 & pid=$!; sleep 2.3; "
                          "kill -KILL $pid) & sleep 0.3; " +
                          bin + " controller " + scenario + " --manoeuvre M1 2>&1; echo \"status $?\"";
  FILE* p = popen(("bash -c '" + cmd + "'").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  pclose(p);
  EXPECT_NE(out.find("to 127.0.0.1:47890"), std::string::npos) << out;
  EXPECT_NE(out.find("sensors on 127.0.0.1:47891"), std::string::npos) << out;
  EXPECT_NE(out.find("hilsim stopped sending at sim_time = "), std::string::npos) << out;
  EXPECT_NE(out.find("status 4"), std::string::npos) << out;
}

}  // namespace

namespace {

TEST(Cli, AReportDirectoryThatCannotBeMadeIsBadInput) {
  expect_bad_input(hilsim("report --no-plots --out-dir /proc/hilsim-no-such-dir"),
                   "--out-dir /proc/hilsim-no-such-dir: cannot create the directory");
}

}  // namespace

namespace {

TEST(Cli, AnOutputThatIsALinkOrADeviceStaysOne) {
  // A symbolic link keeps pointing at its file, which keeps its mode; a device is written in place.
  const fs::path real = hilsim::test::temp_path("cli", "_real.csv"),
                 link = hilsim::test::temp_path("cli", "_link.csv");
  std::ofstream(real) << "old\n";
  fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  fs::remove(link);
  fs::create_symlink(real, link);
  ASSERT_EQ(hilsim("run --quiet --duration 0.01 --out " + link.string()).status, 0);
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(slurp(real.string()).rfind("t,kappa,", 0), 0u);
  EXPECT_EQ(fs::status(real).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const Outcome o = hilsim("run --quiet --duration 0.01 --out /dev/stdout");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("t,kappa,s1"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("output sha256: none (/dev/stdout is not a regular file of its own)"),
            std::string::npos)
      << o.out;
  fs::remove(link);
  fs::remove(real);
}

}  // namespace
