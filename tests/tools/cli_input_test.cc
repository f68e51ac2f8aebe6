// The command-line layer of hilsim and its benchmark programs through the binaries: every bad value
// refused before any work with exit status 2 and one line naming the option and what it accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/tools/binary_harness.h"

namespace cli_input {
namespace {

namespace fs = std::filesystem;
using hilsim::test::Outcome;

Outcome hilsim_run(const std::string& args) { return hilsim::test::run_hilsim("cli_input", args); }

// A program built beside hilsim (the benchmarks), run the same way.
Outcome program_run(const std::string& program, const std::string& args) {
  const fs::path out = hilsim::test::temp_path("cli_input", ".out"),
                 err = hilsim::test::temp_path("cli_input", ".err");
  const fs::path binary = fs::path(HILSIM_BINARY).parent_path() / program;
  const int raw =
      std::system((binary.string() + " " + args + " >" + out.string() + " 2>" + err.string()).c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, hilsim::test::slurp(out), hilsim::test::slurp(err)};
}

// Exit status 2 and one line on stderr, starting "hilsim: ", holding every one of `needles`.
void expect_refused(const Outcome& o, const std::vector<std::string>& needles) {
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_EQ(o.err.rfind("hilsim: ", 0), 0u) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
  for (const std::string& needle : needles) EXPECT_NE(o.err.find(needle), std::string::npos) << o.err;
}

struct Case {
  std::string args;
  std::vector<std::string> needles;
};

// NaN passed CLI11's Range on every decimal option; ±inf too where no bound was finite. An option
// defined after the one under test is also wrong in some cases, so that the command is refused
// (and starts nothing: a run, a controller waiting for sensors) whether or not the first one is.
TEST(CliInput, NonFiniteNumbersAreRefusedNamingTheOptionAndItsRange) {
  const Case cases[] = {
      {"frame --kappa nan", {"--kappa: 'nan'", "[0, 1]"}},
      {"frame --kappa inf", {"--kappa: 'inf'", "[0, 1]"}},
      {"frame --kappa-2 nan", {"--kappa-2: 'nan'", "[0, 1]"}},
      {"frame --kappa-2 -inf", {"--kappa-2: '-inf'", "[0, 1]"}},
      {"frame --kappa 1.5", {"--kappa: '1.5' must be in [0, 1]"}},
      {"report --max-H nan --no-plots --jobs 0 --out-dir x", {"--max-H: 'nan'", "[0.001, 0.5]"}},
      {"controller --rate nan --wait 0", {"--rate: 'nan'", "[1, 100000]"}},
      {"controller --lead nan --wait 0", {"--lead: 'nan'", "[0, 1]"}},
      {"controller --stop-after inf --wait 0", {"--stop-after: 'inf'", ">= 0"}},
      {"bench-udp --interval nan --e2e bogus", {"--interval: 'nan'", "[0.002, 10]"}},
      {"bench-udp --rates nan --e2e bogus", {"--rates: 'nan'", "[1, 100000]"}},
      {"bench-udp --rates 1000,inf --e2e bogus", {"--rates: 'inf'", "[1, 100000]"}},
      {"run --H nan", {"--H: 'nan'", "> 0"}},
      {"run --duration inf", {"--duration: 'inf'", "> 0"}},
      {"run --Di nan", {"--Di: 'nan'", ">= 0"}},
      {"sweep --H 0.001,nan --jobs 0", {"--H: 'nan'", "> 0"}},
      {"convergence --h inf --jobs 0", {"--h: 'inf'", "> 0"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    expect_refused(hilsim_run(c.args), c.needles);
  }
}

// A list's every element is a number of the option's range, given once; an empty element is refused
// (CLI11 dropped it: "--H 0.001," ran the one H).
// CLI11 reads a whole number with strtoll's base 0 ("010" is 8): a number with leading zeros is
// refused rather than checked as one value and used as another.
TEST(CliInput, AWholeNumberWithLeadingZerosIsRefused) {
  const Case cases[] = {
      {"sweep --jobs 010 --H 0.001", {"--jobs: '010': write it without leading zeros"}},
      {"bench-rt --cpu 01", {"--cpu: '01': write it without leading zeros"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    expect_refused(hilsim_run(c.args), c.needles);
  }
}

TEST(CliInput, ListElementsAreNumbersInRangeGivenOnce) {
  const Case cases[] = {
      {"sweep --H 0.001,0.001 --jobs 0", {"--H: '0.001' is given twice"}},
      {"sweep --H 0.001 --H 0.001 --jobs 0", {"--H: '0.001' is given twice"}},
      {"sweep --H 0.001, --jobs 0", {"--H: '0.001,' has an empty element"}},
      {"sweep --H ,0.001 --jobs 0", {"--H: ',0.001' has an empty element"}},
      {"sweep --H 0.001,,0.002 --jobs 0", {"--H: '0.001,,0.002' has an empty element"}},
      {"sweep --H '' --jobs 0", {"--H: '' has an empty element"}},
      {"sweep --H 0.001,-1 --jobs 0", {"--H: '-1' must be > 0"}},
      {"convergence --h 1e-4,1e-4 --jobs 0", {"--h: '1e-4' is given twice"}},
      {"bench-udp --rates 1000,1000 --e2e bogus", {"--rates: '1000' is given twice"}},
      {"bench-udp --rates 1000, --e2e bogus", {"--rates: '1000,' has an empty element"}},
      {"bench-rt --rates 1000,1000 --priority 0", {"--rates: '1000' is given twice"}},
      {"bench-rt --rates 1000, --priority 0", {"--rates: '1000,' has an empty element"}},
      {"bench-rt --rates 1.5 --priority 0", {"--rates: '1.5' is not a whole number"}},
      {"bench-rt --rates 0 --priority 0", {"--rates: '0' must be in [1, 1000000]"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    expect_refused(hilsim_run(c.args), c.needles);
  }
}

TEST(CliInput, AListStillReadsAndShowsItsDefault) {
  const Outcome o = hilsim_run("sweep --duration 0.02 --H 0.002,0.001 --jobs 1");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("largest H"), std::string::npos) << o.out;
  const Outcome help = hilsim_run("bench-udp --help");
  EXPECT_NE(help.out.find("=1000,10000"), std::string::npos) << help.out;
}

// "" is no path: it reached std::filesystem as "internal error: cannot make absolute path" (exit 1)
// or read as the file "" ("': cannot open"). Every path option refuses it by name.
TEST(CliInput, AnEmptyPathIsRefusedNamingItsOption) {
  const std::string candump = std::string(HILSIM_SOURCE_DIR) + "/tests/fuzz/corpus/candump_1";
  const Case cases[] = {
      {"run --out '' --duration 0.1", {"--out: the path is empty"}},
      {"run --threads --record '' --duration 0.1", {"--record: the path is empty"}},
      {"run '' --duration 0.1", {"scenario: the path is empty"}},
      {"run --manoeuvre '' --duration 0.1", {"--manoeuvre: the path is empty"}},
      {"run --reference '' --duration 0.1", {"--reference: the path is empty"}},
      {"sweep --out '' --H 0.01 --duration 0.02", {"--out: the path is empty"}},
      {"sweep --merge '' --out x.csv", {"--merge: the path is empty"}},
      {"report --out-dir '' --no-plots", {"--out-dir: the path is empty; name a directory"}},
      {"controller --log ''", {"--log: the path is empty"}},
      {"decode --candump ''", {"--candump: the path is empty"}},
      {"decode --candump " + candump + " --csv ''", {"--csv: the path is empty"}},
      {"decode --candump " + candump + " --compare ''", {"--compare: the path is empty"}},
      {"decode --candump " + candump + " --scenario ''", {"--scenario: the path is empty"}},
      {"frame ''", {"scenario: the path is empty"}},
      {"scenario-keys --update ''", {"--update: the path is empty"}},
      {"contact-study landing --out ''", {"--out: the path is empty"}},
      {"replay ''", {"recording: the path is empty"}},
      {"replay --candump ''", {"--candump: the path is empty"}},
      {"replay --candump " + candump + " --out ''", {"--out: the path is empty"}},
      {"dbc --out ''", {"--out: the path is empty"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    expect_refused(hilsim_run(c.args), c.needles);
  }
}

// CLI11's refusals were two lines without the program's name ("--H: 'abc' is not a number", then
// "Run with --help for more information."): now one, as every other refusal.
TEST(CliInput, AParserErrorIsOneLineNamingTheProgramAndItsHelp) {
  const Outcome o = hilsim_run("run --H abc");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "hilsim: --H: 'abc' is not a number (hilsim run --help)\n");
  expect_refused(hilsim_run("run --frobnicate"), {"--frobnicate", "(hilsim run --help)"});
  expect_refused(hilsim_run("contact-study landing"), {"--out is required", "(hilsim contact-study --help)"});
  expect_refused(hilsim_run(""), {"(hilsim --help)"});
  // Help is no error: on stdout, exit 0.
  const Outcome help = hilsim_run("run --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--duration"), std::string::npos);
  EXPECT_EQ(help.err, "");
}

TEST(CliInput, ABenchmarksParserErrorIsOneLineNamingItself) {
  const Outcome o = program_run("hilsim-bench-datagram", "--repeat 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err,
            "hilsim-bench-datagram: --repeat: '0' must be in [1, 1000] (hilsim-bench-datagram --help)\n");
  const Outcome path = program_run("hilsim-bench-cosim", "--model-cost-csv ''");
  EXPECT_EQ(path.status, 2);
  EXPECT_EQ(
      path.err,
      "hilsim-bench-cosim: --model-cost-csv: the path is empty; name a file (hilsim-bench-cosim --help)\n");
  // Its --help shows each flag's default.
  const Outcome help = program_run("hilsim-bench-datagram", "--help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("=5"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("=1000000"), std::string::npos) << help.out;
}

// contact-study --Ki took any K_i > 0 while run --Ki (and the scenario key) stop at 1e12 N/m.
TEST(CliInput, ContactStudyHoldsKiToTheScenariosRange) {
  const std::string out = hilsim::test::temp_path("cli_input", "_study.csv").string();
  expect_refused(hilsim_run("contact-study landing --Ki 1e5,1e13 --out " + out),
                 {"--Ki: '1e13' must be in (0, 1e+12]"});
  expect_refused(hilsim_run("contact-study landing --Ki 1e5,1e5 --out " + out),
                 {"--Ki: '1e5' is given twice"});
  expect_refused(hilsim_run("contact-study landing --Ki 1e5, --out " + out),
                 {"--Ki: '1e5,' has an empty element"});
  expect_refused(hilsim_run("run " + std::string(HILSIM_SOURCE_DIR) +
                            "/config/scenarios/contact_landing.toml --Ki 1e13"),
                 {"(0, 1e+12]"});
  EXPECT_FALSE(fs::exists(out));
}

// bench-rt shares run's flags, whose help names run's built-in defaults; --cosim has its own, said
// in the help's footer.
TEST(CliInput, BenchRtsHelpSaysWhatItsCosimDefaultsAre) {
  const Outcome o = hilsim_run("bench-rt --help");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("--coupling rim, --actuators 2, --H 0.02, --hH 2e-4, --duration 10, --manoeuvre M2"),
            std::string::npos)
      << o.out;
}

// Messages that named the wrong thing or too little.
TEST(CliInput, MessagesSayWhatIsWrong) {
  // Neither M1, M2 nor a file: the accepted values and the system's reason.
  expect_refused(hilsim_run("run --manoeuvre M3"),
                 {"--manoeuvre M3", "M1, M2 or a κ table FILE.csv", "No such file or directory"});
  // A directory given as a candump log.
  const std::string dir = fs::temp_directory_path().string();
  expect_refused(hilsim_run("decode --candump " + dir), {"--candump " + dir, "is a directory"});
  // --merge took --out and its file as parts: the parts are what is missing.
  const Outcome merge = hilsim_run("sweep --merge --out m.csv");
  expect_refused(merge, {"--merge: '--out' is an option, not a part file"});
  EXPECT_EQ(merge.err.find("name it"), std::string::npos) << merge.err;
  // The step of convergence is h, not a macro step H.
  const Outcome h = hilsim_run("convergence --h 7e-5");
  expect_refused(h, {"--h: h = 7e-05 s is not a whole multiple of --href = 5e-05 s"});
  EXPECT_EQ(h.err.find("macro step"), std::string::npos) << h.err;
  // A scenario value of the wrong type: "an integer".
  const fs::path toml = hilsim::test::temp_path("cli_input", ".toml");
  std::ofstream(toml) << "[hil]\ninput = 3\n";
  expect_refused(hilsim_run("run " + toml.string()), {"must be a string, found an integer"});
}

}  // namespace
}  // namespace cli_input
