// A machine of six cylinders in four circuits (tests/tools/data/six_cylinders.toml: a chain of six
// links, three cylinders on constant supplies, three on one pump), through every coupling and scheme
// offline and in threads (one per subsystem: seven for f-s and p-s, two for RIM): the same bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/tools/binary_harness.h"

namespace hilsim {
namespace {

namespace fs = std::filesystem;

TEST(ManyCylinders, SixCylindersRunOfflineAndInThreadsToTheSameBytes) {
  const std::string machine = " --quiet --duration 0.2 --H 2e-4 --hH 5e-5 --machine " +
                              std::string(HILSIM_SOURCE_DIR) + "/tests/tools/data/six_cylinders.toml";
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
      const std::string csv = test::slurp(offline);
      EXPECT_EQ(csv, test::slurp(threads)) << args;
      EXPECT_NE(csv.find("s6,s6dot,p1_6,p2_6,fh_6,kappa_6"), std::string::npos);
      EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1002) << args;  // the header and 1001 rows
    }
  }
  fs::remove(offline);
  fs::remove(threads);
}

}  // namespace
}  // namespace hilsim
