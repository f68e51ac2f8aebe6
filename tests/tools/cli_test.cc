// The hilsim binary itself: exit status 2 and one line on stderr for each class of bad input,
// and the figures of a good run on stdout.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

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
  EXPECT_EQ(text.substr(0, text.find('\n')), "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,violC,newton_iterations");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 12);  // header + t = 0 … 10 ms
}

TEST(Cli, ConvergenceTable) {
  const Outcome o = hilsim("convergence --duration 0.5 --h 2e-4,4e-4 --href 1e-4");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("|ds1| h_ref"), std::string::npos) << o.out;
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 5) << o.out;  // 3 header lines + 2 rows
}

TEST(Cli, BadMonolithicFlags) {
  expect_bad_input(hilsim("run --h 1e-3"), "--h sets the monolithic step");
  expect_bad_input(hilsim("convergence --h 1.5e-4 --href 1e-4"), "whole multiple");
  EXPECT_EQ(hilsim("run --solver fem").status, 2);
  EXPECT_EQ(hilsim("run --solver monolithic --valve-sampling middle").status, 2);
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
  const Outcome o = hilsim("sweep --duration 0.1 --hH 2e-3 --hydraulics-integrator trapezoidal --H 0.002,0.004");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("largest H"), std::string::npos) << o.out;
}

TEST(Cli, MalformedScenario) {
  expect_bad_input(hilsim("run " + write_temp("bad1.toml", "[cosim\n")), "malformed TOML");
}

TEST(Cli, UnknownKey) {
  expect_bad_input(hilsim("run " + write_temp("bad2.toml", "[run]\nduraton = 1\n")), "unknown key 'run.duraton'");
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
  expect_bad_input(hilsim("run " + write_temp("s.toml", "[cosim]\nscheme = \"gs\"\n")), "gauss-seidel-mech-first");
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
  expect_bad_input(hilsim("run --solver monolithic --h 1e-3 --duration 0.01 --scheme gauss-seidel-mech-first"),
                   "--scheme sets the co-simulation; it has no effect with --solver monolithic");
  expect_bad_input(hilsim("run --solver monolithic --h 1e-3 --duration 0.01 --actuators 2"),
                   "the monolithic solver integrates the single-actuated crane");
  expect_bad_input(hilsim("controller --no-sync --wait 3 --duration 0.1"), "with --no-sync the emulator waits for none");
  // CLI11's own refusal: two lines (the error and "Run with --help").
  const Outcome r = hilsim("decode --candump " + std::string(HILSIM_SOURCE_DIR) + "/tests/fuzz/corpus/candump_1 --scenario " +
                           std::string(HILSIM_SOURCE_DIR) + "/config/scenarios/psJ_01_M1.toml --actuators 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--actuators excludes --scenario"), std::string::npos) << r.err;
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
