// Studies on several workers and in parts: `sweep`, `report`, `convergence` and `contact-study`
// print and write the same bytes whatever --jobs is; `sweep --shard K/N` parts merge (`sweep --merge`) into
// exactly the unsharded `sweep --out`, and parts that do not belong together are refused in one line. The
// real hilsim binary, real files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/binary_harness.h"

namespace hilsim {
namespace {

namespace fs = std::filesystem;

using test::Outcome;
using test::slurp;

Outcome run_hilsim_study(const std::string& args) { return test::run_hilsim("studies", args); }

std::string study_temp(const std::string& suffix) { return test::temp_path("studies", suffix).string(); }

void expect_bad_study_input(const Outcome& o, const std::string& needle) {
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find(needle), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
}

// f-s on M2 for 1 s: stable, unstable and diverged runs, a few ms each.
const std::string kSweep =
    "sweep --coupling fs --manoeuvre M2 --duration 1 --H "
    "0.002,0.006,0.01,0.014,0.018,0.022,0.026,0.03,0.042,0.05,0.058";

TEST(ParallelStudies, SweepPrintsAndWritesTheSameBytesWhateverTheJobs) {
  const std::string a = study_temp("_1.csv"), b = study_temp("_2.csv"), c = study_temp("_5.csv");
  const Outcome one = run_hilsim_study(kSweep + " --jobs 1 --out " + a);
  const Outcome two = run_hilsim_study(kSweep + " --jobs 2 --out " + b);
  const Outcome five = run_hilsim_study(kSweep + " --jobs 5 --out " + c);
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  ASSERT_EQ(five.status, 0) << five.err;
  const auto without_path = [](std::string out, const std::string& path) {
    for (std::size_t at; (at = out.find(path)) != std::string::npos;) out.erase(at, path.size());
    return out;
  };
  EXPECT_EQ(without_path(one.out, a), without_path(two.out, b));
  EXPECT_EQ(without_path(one.out, a), without_path(five.out, c));
  EXPECT_NE(one.out.find("unstable (diverged)"), std::string::npos) << one.out;
  const std::string csv = slurp(a);
  EXPECT_EQ(csv, slurp(b));
  EXPECT_EQ(csv, slurp(c));
  // One row per H after the header, every column of the table and more.
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "H,max_ds1,t_max_ds1,max_dp1,t_max_dp1,max_dfh,t_max_dfh,max_dp2,t_max_dp2,p_min,p_max,"
            "points_compared,stable,diverged");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 12);
  EXPECT_NE(csv.find("\n0.002,"), std::string::npos) << csv;
}

TEST(ParallelStudies, ConvergencePrintsTheSameTableWhateverTheJobs) {
  const std::string args = "convergence --duration 0.5 --h 1e-4,2e-4,4e-4 --href 1e-4";
  const Outcome one = run_hilsim_study(args + " --jobs 1");
  const Outcome two = run_hilsim_study(args + " --jobs 2");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
}

TEST(ParallelStudies, ReportWritesTheSameFilesWhateverTheJobs) {
  const fs::path d1 = study_temp("_report1"), d2 = study_temp("_report2");
  fs::remove_all(d1);
  fs::remove_all(d2);
  const Outcome one = run_hilsim_study("report --no-plots --max-H 0.003 --jobs 1 --out-dir " + d1.string());
  const Outcome two = run_hilsim_study("report --no-plots --max-H 0.003 --jobs 2 --out-dir " + d2.string());
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(one.err, two.err);  // the progress lines, in the same order
  std::size_t files = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(d1)) {
    EXPECT_EQ(slurp(e.path()), slurp(d2 / e.path().filename())) << e.path();
    ++files;
  }
  // report.md, the six plotted cases, the large-step section's fine runs, RIM and two-way runs (M1, M2),
  // the contact section's study and trajectories of both tasks, the Naya rod's runs
  EXPECT_EQ(files, 18u);
}

TEST(ParallelStudies, JobsOutsideItsRangeAreRefused) {
  const std::pair<std::string, std::string> cases[] = {
      {"sweep --jobs 0", "'0'"}, {"report --jobs 1025", "'1025'"}, {"convergence --jobs -1", "'-1'"}};
  for (const auto& [args, value] : cases) {
    const Outcome o = run_hilsim_study(args);
    EXPECT_EQ(o.status, 2) << args;
    EXPECT_NE(o.err.find("--jobs: " + value + " must be in [1, 1024]"), std::string::npos) << o.err;
  }
}

TEST(ParallelStudies, ShardsMergeIntoTheUnshardedBytes) {
  const std::string whole = study_temp("_whole.csv"), merged = study_temp("_merged.csv");
  ASSERT_EQ(run_hilsim_study(kSweep + " --out " + whole).status, 0);
  std::string parts;
  for (int k = 1; k <= 3; ++k) {
    const std::string part = study_temp("_part" + std::to_string(k));
    const Outcome o =
        run_hilsim_study(kSweep + " --jobs 1 --shard " + std::to_string(k) + "/3 --out " + part);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_NE(o.out.find("part " + std::to_string(k) + "/3"), std::string::npos) << o.out;
    parts = part + " " + parts;  // given out of order
  }
  const Outcome m = run_hilsim_study("sweep --merge " + parts + "--out " + merged);
  ASSERT_EQ(m.status, 0) << m.err;
  EXPECT_EQ(slurp(merged), slurp(whole));
  EXPECT_NE(m.out.find("largest H up to which every run is stable: 26 ms"), std::string::npos) << m.out;
}

TEST(ParallelStudies, PartsThatDoNotBelongTogetherAreRefused) {
  const auto part = [](const std::string& name, const std::string& args) {
    const std::string path = study_temp("_" + name);
    const Outcome o = run_hilsim_study(args + " --out " + path);
    EXPECT_EQ(o.status, 0) << o.err;
    return path;
  };
  const std::string p1 = part("p1", kSweep + " --shard 1/2");
  const std::string p2 = part("p2", kSweep + " --shard 2/2");
  const std::string other = part("other", kSweep + " --hH 1e-4 --shard 2/2");
  const std::string of3 = part("of3", kSweep + " --shard 2/3");
  const std::string whole = part("whole.csv", kSweep);
  const std::string out = study_temp("_refused.csv");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " --out " + out), "part 2/2 is missing");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " " + p1 + " " + p2 + " --out " + out),
                         "both part 1/2");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " " + other + " --out " + out),
                         "another sweep");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " " + of3 + " --out " + out), "part 2/3");
  // A part cut short: its rows do not add up.
  const std::string text = slurp(p2);
  const std::string cut = study_temp("_cut");
  std::ofstream(cut) << text.substr(0, text.rfind('\n', text.size() - 2) + 1);
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " " + cut + " --out " + out), "rows");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + whole + " --out " + out), "not a part");
  EXPECT_FALSE(fs::exists(out));
  expect_bad_study_input(run_hilsim_study(kSweep + " --shard 3/2 --out " + out), "--shard");
  expect_bad_study_input(run_hilsim_study(kSweep + " --shard 1/2"), "--out");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " " + p2), "--out");
  expect_bad_study_input(run_hilsim_study("sweep --merge " + p1 + " " + p2 + " --duration 2 --out " + out),
                         "--duration");
}

// The insertion at two K_i: the monolithic run, each coupling stable at 1e5 N/m, kinematics-force
// unstable at 1e9 (about 1 s with one worker).
const std::string kContactStudy = "contact-study insertion --Ki 1e5,1e9";

TEST(ParallelStudies, ContactStudyPrintsAndWritesTheSameBytesWhateverTheJobs) {
  const std::string a = study_temp("_contact1.csv"), b = study_temp("_contact2.csv");
  const Outcome one = run_hilsim_study(kContactStudy + " --jobs 1 --out " + a);
  const Outcome two = run_hilsim_study(kContactStudy + " --jobs 2 --out " + b);
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(one.out.substr(0, one.out.find(a)), two.out.substr(0, two.out.find(b)));
  const std::string csv = slurp(a);
  EXPECT_EQ(csv, slurp(b));
  std::istringstream lines(csv);
  std::string line;
  std::vector<std::string> rows;
  while (std::getline(lines, line)) rows.push_back(line);
  ASSERT_EQ(rows.size(), 10u) << csv;  // the header, the monolithic run, 4 couplings × 2 K_i
  EXPECT_EQ(rows[0], "coupling,Ki,stable,rms_pos,rms_vel,jammed,jam_depth");
  EXPECT_EQ(rows[1].rfind("monolithic,,1,0,0,1,0.18", 0), 0u) << rows[1];  // rigid: no K_i; it jams
  EXPECT_EQ(rows[2].rfind("kinematics-force,1e+05,1,", 0), 0u) << rows[2];
  EXPECT_EQ(rows[3], "kinematics-force,1e+09,0,inf,inf,0,") << rows[3];  // unstable, no jam
  EXPECT_EQ(rows[9].rfind("model-model,1e+09,1,", 0), 0u) << rows[9];
  EXPECT_NE(one.out.find("contact study table: 9 rows written to " + a), std::string::npos) << one.out;
}

TEST(ParallelStudies, ContactStudyRefusesBadInput) {
  const std::string out = study_temp("_contact_bad.csv");
  expect_bad_study_input(run_hilsim_study("contact-study docking --out " + out), "landing, insertion");
  // The command line's own errors (CLI11's, with the hint to the command's --help on the same line).
  const std::pair<std::string, std::string> cases[] = {
      {"contact-study landing --Ki 1e5,-1 --out " + out, "--Ki: '-1' must be in (0, 1e+12]"},
      {"contact-study landing", "--out is required"},
      {"contact-study landing --jobs 0 --out " + out, "--jobs"}};
  for (const auto& [args, needle] : cases) {
    const Outcome o = run_hilsim_study(args);
    EXPECT_EQ(o.status, 2) << args;
    EXPECT_NE(o.err.find(needle), std::string::npos) << o.err;
  }
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace hilsim
