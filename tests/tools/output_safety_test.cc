// Output files and recordings that survive what happens to a run: an interrupted or failed run
// leaves the previous output as it was, an output is never one of the run's inputs, a recording
// holds its inputs while the run goes and its end line whatever became of the CSV, a recording cut
// short is called damaged (naming the line) and `replay --partial` replays what it holds. Real
// signals to a real child process, real files.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "hil/recording.h"
#include "tests/tools/binary_harness.h"

namespace hilsim {
namespace {

namespace fs = std::filesystem;

// A hilsim process started in the background, so that a test can signal it.
class Child {
 public:
  Child(const std::string& tag, const std::string& args)
      : out_(test::temp_path(tag, "_child.out")), err_(test::temp_path(tag, "_child.err")) {
    const std::string cmd =
        "exec " + std::string(HILSIM_BINARY) + " " + args + " >" + out_.string() + " 2>" + err_.string();
    pid_ = ::fork();
    if (pid_ == 0) {
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  pid_t pid() const { return pid_; }
  // Sends `sig` and waits for the process; returns the raw wait status.
  int signal_and_wait(int sig) {
    int status = 0;
    // A process that ended before the signal tests nothing about the signal.
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      ADD_FAILURE() << "the process had ended before the signal (wait status " << status << "): " << err();
      return status;
    }
    ::kill(pid_, sig);
    ::waitpid(pid_, &status, 0);
    return status;
  }
  std::string err() const { return test::slurp(err_); }
  std::string out() const { return test::slurp(out_); }

 private:
  fs::path out_, err_;
  pid_t pid_ = -1;
};

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

// The files named "<path>.tmp-*" beside `path`.
std::vector<fs::path> temporaries_of(const fs::path& path) {
  std::vector<fs::path> found;
  for (const fs::directory_entry& e : fs::directory_iterator(path.parent_path())) {
    if (e.path().filename().string().rfind(path.filename().string() + ".tmp-", 0) == 0)
      found.push_back(e.path());
  }
  return found;
}

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

const char* kPrevious = "the previous output\n";

TEST(OutputSafety, SigintDuringAnOfflineRunLeavesThePreviousCsv) {
  const fs::path prev = test::temp_path("os", "_prev.csv");
  std::ofstream(prev) << kPrevious;
  // With the limits modelled the machine stays in its range for the whole 200 s (without them it
  // leaves it and the run ends at 16 s, which a fast machine reaches before the signal).
  Child run("os", "run --hH 1e-5 --H 1e-5 --duration 200 --limits on --reference none --quiet --out " +
                      prev.string());
  sleep_s(1.5);
  const int status = run.signal_and_wait(SIGINT);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status << run.err();
  EXPECT_EQ(test::slurp(prev), kPrevious);
  EXPECT_TRUE(temporaries_of(prev).empty());
  fs::remove(prev);
}

TEST(OutputSafety, SigkillDuringAThreadedRunLeavesThePreviousCsv) {
  const fs::path prev = test::temp_path("os", "_prev.csv");
  std::ofstream(prev) << kPrevious;
  Child run("os", "run --realtime --duration 60 --reference none --quiet --out " + prev.string());
  sleep_s(1.5);
  run.signal_and_wait(SIGKILL);
  EXPECT_EQ(test::slurp(prev), kPrevious);
  for (const fs::path& p : temporaries_of(prev)) fs::remove(p);  // SIGKILL cannot be cleaned up after
  fs::remove(prev);
}

TEST(OutputSafety, SigintDuringReportLeavesThePreviousReport) {
  const fs::path dir = test::temp_path("os", "_report");
  fs::create_directories(dir);
  std::ofstream(dir / "report.md") << kPrevious;
  Child report("os", "report --no-plots --out-dir " + dir.string());
  sleep_s(1.0);
  report.signal_and_wait(SIGINT);
  EXPECT_EQ(test::slurp(dir / "report.md"), kPrevious);
  EXPECT_TRUE(temporaries_of(dir / "report.md").empty());
  fs::remove_all(dir);
}

// An interrupted sweep or report says what it leaves: the sweep's table is partial, the report's
// report.md is the previous one; both end with status 4 (stopped early), not by the signal.
TEST(OutputSafety, AnInterruptedSweepOrReportSaysSo) {
  Child sweep("os",
              "sweep --H 0.001,0.002,0.003,0.004,0.005,0.006,0.007,0.008,0.009,0.01 --duration 400 "
              "--hH 5e-5 --limits on");
  sleep_s(1.0);
  int status = sweep.signal_and_wait(SIGINT);
  ASSERT_TRUE(WIFEXITED(status)) << sweep.err();
  EXPECT_EQ(WEXITSTATUS(status), 4);
  // On stderr, where a user whose table goes to a file sees it.
  EXPECT_NE(sweep.err().find("hilsim sweep: interrupted by a signal after "), std::string::npos)
      << sweep.err();
  EXPECT_NE(sweep.err().find("the table is partial (H up to "), std::string::npos) << sweep.err();

  const fs::path dir = test::temp_path("os", "_report_int");
  fs::create_directories(dir);
  Child report("os", "report --no-plots --out-dir " + dir.string());
  sleep_s(1.0);
  status = report.signal_and_wait(SIGTERM);
  ASSERT_TRUE(WIFEXITED(status)) << report.err();
  EXPECT_EQ(WEXITSTATUS(status), 4);
  EXPECT_NE(report.err().find("report: interrupted by a signal; report.md is left as it was"),
            std::string::npos)
      << report.err();
  EXPECT_TRUE(temporaries_of(dir / "report.md").empty());
  fs::remove_all(dir);
}

// An output that is one of the command's inputs, or its recording, is refused before anything is
// written: exit 2, one line naming both, the file untouched.
TEST(OutputSafety, AnOutputThatIsAnInputIsRefused) {
  const fs::path rec = test::temp_path("os", ".rec");
  const fs::path live = test::temp_path("os", "_live.csv");
  ASSERT_EQ(test::run_hilsim("os", "run --threads --duration 0.2 --reference none --record " + rec.string() +
                                       " --out " + live.string())
                .status,
            0);
  const std::string live_csv = test::slurp(live);
  const std::string recording = test::slurp(rec);
  const fs::path link = test::temp_path("os", "_link.rec");
  fs::remove(link);
  fs::create_hard_link(rec, link);
  const fs::path table = test::temp_path("os", "_kappa.csv");
  std::ofstream(table) << "t,kappa\n0,0.45\n1,0.46\n";
  const fs::path fresh = test::temp_path("os", "_fresh.rec");
  fs::remove(fresh);
  const std::string fresh_other = (fresh.parent_path() / "." / fresh.filename()).string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"replay " + rec.string() + " --out " + rec.string(), rec.string()},
      {"replay " + rec.string() + " --out " + link.string(), link.string()},
      {"run --threads --duration 0.2 --out " + rec.string() + " --record " + rec.string(), rec.string()},
      {"run --threads --duration 0.2 --out " + fresh_other + " --record " + fresh.string(), fresh.string()},
      {"run --duration 0.2 --manoeuvre " + table.string() + " --out " + table.string(), table.string()},
      {"run --duration 0.2 --reference " + table.string() + " --out " + table.string(), table.string()},
      {"replay --candump " + rec.string() + " --out " + rec.string(), rec.string()},
      {"replay " + rec.string() + " --out " + live.string() + " --live " + live.string(), live.string()},
  };
  for (const auto& [args, named] : cases) {
    SCOPED_TRACE(args);
    const test::Outcome r = test::run_hilsim("os", args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(count_of(r.err, "\n"), 1) << r.err;
    EXPECT_NE(r.err.find(named), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("would destroy it"), std::string::npos) << r.err;
  }
  EXPECT_EQ(test::slurp(rec), recording);
  EXPECT_EQ(test::slurp(live), live_csv);
  EXPECT_FALSE(fs::exists(fresh));
  for (const fs::path& p : {rec, link, table, live}) fs::remove(p);
}

// An output named as a directory cannot replace it: refused before the run (a real-time session's
// recording would otherwise be lost at its end, after minutes), and no other output is written.
TEST(OutputSafety, AnOutputThatIsADirectoryIsRefusedBeforeTheRun) {
  const fs::path dir = test::temp_path("os", "_dir");
  fs::create_directories(dir);
  const fs::path csv = test::temp_path("os", "_beside_dir.csv");
  fs::remove(csv);
  const std::vector<std::string> cases = {
      "run --duration 1 --reference none --out " + dir.string(),
      "run --threads --duration 0.2 --reference none --out " + csv.string() + " --record " + dir.string(),
  };
  for (const std::string& args : cases) {
    SCOPED_TRACE(args);
    const test::Outcome r = test::run_hilsim("os", args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(count_of(r.err, "\n"), 1) << r.err;
    EXPECT_NE(r.err.find(dir.string() + ": is a directory"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("simulated"), std::string::npos) << r.out;  // refused before the run
  }
  EXPECT_FALSE(fs::exists(csv));
  EXPECT_TRUE(fs::is_directory(dir));
  fs::remove_all(dir);
}

// A κ table that holds κ0 and steps once at 0.5 s: two inputs, fewer bytes than a stream buffer.
fs::path one_step_table() {
  const fs::path table = test::temp_path("os", "_step.csv");
  std::ofstream(table) << "t,kappa\n0,0.45434558959805127\n0.5,0.45434558959805127\n0.5001,0.46\n60,0.46\n";
  return table;
}

// The recorder writes each input as it comes: a run killed outright leaves a recording (in its
// temporary file) holding its inputs, which `replay --partial` replays.
TEST(Recording, InputsReachTheFileWhileTheRunGoes) {
  const fs::path rec = test::temp_path("os", "_killed.rec");
  for (const fs::path& p : temporaries_of(rec)) fs::remove(p);  // left by an earlier run that failed
  const fs::path table = one_step_table();
  Child run("os", "run --realtime --quiet --reference none --H 1e-3 --hH 1e-4 --duration 60 --manoeuvre " +
                      table.string() + " --record " + rec.string());
  sleep_s(2.0);
  run.signal_and_wait(SIGKILL);
  const std::vector<fs::path> left = temporaries_of(rec);
  ASSERT_EQ(left.size(), 1u);
  const std::string text = test::slurp(left[0]);
  EXPECT_GE(count_of(text, "\ninput "), 2) << text;
  const test::Outcome partial = test::run_hilsim("os", "replay --partial " + left[0].string());
  EXPECT_EQ(partial.status, 0) << partial.err << partial.out;
  EXPECT_NE(partial.out.find("partial"), std::string::npos) << partial.out;
  for (const fs::path& p : {left[0], table}) fs::remove(p);
}

// A CSV that cannot be written (past its header and first rows, as on a full disk: the file size
// limit, 32 KiB, stops its ~56 KB while the recording's ~2 KB fit) fails the run, but the recording
// still gets its end line, without an output hash. Its replay recovers the lost trajectory: with
// --out it is written (exit 0, "recovered"); without, the replay says to give --out (the live run
// had one), not to record with --out.
TEST(Recording, AFailedCsvStillEndsTheRecording) {
  const fs::path csv = test::temp_path("os", "_failed.csv");
  const fs::path rec = test::temp_path("os", "_failed.rec");
  const test::Outcome run = test::run_hilsim(
      "os",
      "run --threads --duration 0.3 --reference none --out " + csv.string() + " --record " + rec.string(),
      test::file_size_limit(64));
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find(csv.string() + ": writing the output file failed"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(csv));
  const hil::Recording r = hil::read_recording(rec.string());
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.output_sha256, "-");
  EXPECT_EQ(test::run_hilsim("os", "replay --no-verify " + rec.string()).status, 0);
  const test::Outcome unverifiable = test::run_hilsim("os", "replay " + rec.string());
  EXPECT_EQ(unverifiable.status, 2);
  EXPECT_NE(unverifiable.err.find("the live run's CSV " + csv.string() + " was not written"),
            std::string::npos)
      << unverifiable.err;
  EXPECT_NE(unverifiable.err.find("replay with --out FILE to recover"), std::string::npos)
      << unverifiable.err;
  EXPECT_EQ(unverifiable.err.find("record with --out"), std::string::npos) << unverifiable.err;
  const fs::path recovered = test::temp_path("os", "_recovered.csv");
  const test::Outcome recovery =
      test::run_hilsim("os", "replay " + rec.string() + " --out " + recovered.string());
  EXPECT_EQ(recovery.status, 0) << recovery.err;
  EXPECT_NE(recovery.out.find("recovered: the live run's CSV " + csv.string()), std::string::npos)
      << recovery.out;
  const test::Outcome offline = test::run_hilsim(
      "os", "run --duration 0.3 --reference none --out " + csv.string());  // the same scripted run, offline
  ASSERT_EQ(offline.status, 0) << offline.err;
  EXPECT_TRUE(test::slurp(csv) == test::slurp(recovered));
  for (const fs::path& p : {rec, recovered, csv}) fs::remove(p);
}

// A recording cut short by a few bytes is damaged, named with its line; it is not a hash mismatch.
TEST(Recording, ARecordingCutShortIsDamagedNotAMismatch) {
  const fs::path live = test::temp_path("os", "_live.csv");
  const fs::path rec = test::temp_path("os", "_cut.rec");
  ASSERT_EQ(test::run_hilsim("os", "run --threads --manoeuvre M2 --duration 0.3 --reference none --out " +
                                       live.string() + " --record " + rec.string())
                .status,
            0);
  const std::string text = test::slurp(rec);
  const int lines = count_of(text, "\n");
  for (const std::size_t cut : {1, 3, 9}) {
    SCOPED_TRACE(cut);
    std::ofstream(rec, std::ios::binary | std::ios::trunc) << text.substr(0, text.size() - cut);
    const test::Outcome r = test::run_hilsim("os", "replay " + rec.string());
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err.find("NOT verified"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(rec.string() + ":" + std::to_string(lines) + ": "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
  }
  fs::remove(live);
  fs::remove(rec);
}

// A recording without its end line (cut inside an input line) is refused by `replay`, and replayed
// by `replay --partial` up to its last complete input: the live run's rows up to there, unverified.
TEST(Recording, PartialReplaysUpToTheLastCompleteInput) {
  const fs::path live = test::temp_path("os", "_live.csv");
  const fs::path rec = test::temp_path("os", "_partial.rec");
  const fs::path replayed = test::temp_path("os", "_replayed.csv");
  ASSERT_EQ(test::run_hilsim("os",
                             "run --threads --manoeuvre M2 --duration 1 --H 1e-3 --hH 1e-4 --reference none "
                             "--out " +
                                 live.string() + " --record " + rec.string())
                .status,
            0);
  const std::string text = test::slurp(rec);
  const std::size_t at = text.find("\ninput 3000 ");  // t = 0.3 s
  ASSERT_NE(at, std::string::npos);
  std::ofstream(rec, std::ios::binary | std::ios::trunc) << text.substr(0, at + 12);
  const test::Outcome refused = test::run_hilsim("os", "replay " + rec.string());
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--partial"), std::string::npos) << refused.err;
  const test::Outcome r =
      test::run_hilsim("os", "replay --partial " + rec.string() + " --out " + replayed.string());
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("partial"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("verified: bit for bit"), std::string::npos) << r.out;
  const std::string got = test::slurp(replayed), want = test::slurp(live);
  // The last complete input's micro step S: κ is known up to it, so the rows of the points 0 ... S / 10.
  const std::size_t last = text.rfind("\ninput ", at - 1) + 7;
  const long s = std::stol(text.substr(last, text.find(' ', last) - last));
  EXPECT_EQ(count_of(got, "\n"), 1 + s / 10 + 1) << s;
  EXPECT_EQ(want.substr(0, got.size()), got);
  for (const fs::path& p : {live, rec, replayed}) fs::remove(p);
}

}  // namespace
}  // namespace hilsim
