// A machine of six cylinders in four circuits (tests/tools/data/six_cylinders.toml: a chain of six
// links, three cylinders on constant supplies, three on one pump), through every coupling and scheme
// offline and in threads: the same bytes, with every cylinder moving
// (tests/tools/data/six_cylinders_commands.csv opens every valve over 0.2 s). f-s and p-s have five
// subsystems (the mechanics and four circuits), which run in two threads (the four circuits'
// hydraulics in one, rt/thread_groups.h), as on a machine of two cores; RIM has two.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "tests/tools/binary_harness.h"
#include "tools/io/csv_table.h"

namespace hilsim {
namespace {

namespace fs = std::filesystem;

TEST(ManyCylinders, SixCylindersRunOfflineAndInThreadsToTheSameBytes) {
  const std::string machine = " --quiet --duration 0.2 --H 2e-4 --hH 5e-5 --machine " +
                              std::string(HILSIM_SOURCE_DIR) +
                              "/tests/tools/data/six_cylinders.toml --manoeuvre " +
                              std::string(HILSIM_SOURCE_DIR) + "/tests/tools/data/six_cylinders_commands.csv";
  const fs::path offline = test::temp_path("six_offline", ".csv"),
                 threads = test::temp_path("six_threads", ".csv");
  for (const char* coupling : {"fs", "ps", "rim"}) {
    for (const char* scheme : {"jacobi", "gauss-seidel-mech-first", "gauss-seidel-hyd-first"}) {
      const std::string args = std::string(" --coupling ") + coupling + " --scheme " + scheme + machine;
      const test::Outcome a = test::run_hilsim("six_offline", "run --out " + offline.string() + args);
      const test::Outcome b =
          test::run_hilsim("six_threads", "run --threads --out " + threads.string() + args);
      ASSERT_EQ(a.status, 0) << args << "\n" << a.err;
      ASSERT_EQ(b.status, 0) << args << "\n" << b.err;
      const bool rim = std::string(coupling) == "rim";
      EXPECT_NE(b.out.find(rim ? "2 threads, one per subsystem" : "2 threads for 5 subsystems"),
                std::string::npos)
          << b.out;
      if (!rim && std::string(scheme) == "jacobi") {
        EXPECT_NE(b.out.find("  hydraulics, hydraulics_2, hydraulics_3, hydraulics_4 every 5e-05 s"),
                  std::string::npos)
            << b.out;
      }
      const std::string csv = test::slurp(offline);
      EXPECT_EQ(csv, test::slurp(threads)) << args;
      EXPECT_NE(csv.find("s6,s6dot,p1_6,p2_6,fh_6,kappa_6"), std::string::npos);
      EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1002) << args;  // the header and 1001 rows
      const io::CsvTable table = io::read_numeric_csv(offline.string());
      for (int k = 1; k <= 6; ++k) {
        const std::size_t s = table.column({"s" + std::to_string(k)});
        EXPECT_GT(std::abs(table.rows.back()[s] - table.rows.front()[s]), 1e-4) << args << ": s" << k;
      }
    }
  }
  fs::remove(offline);
  fs::remove(threads);
}

}  // namespace
}  // namespace hilsim
