// run_in_order (tools/study/job_pool.h): results handed over in input order whatever order the
// workers finish them in, a stop from `take` or a signal's flag starting no further run, and a run's
// exception coming out at its turn. Real threads.
#include "tools/study/job_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

namespace hilsim::tools {
namespace {

// Later runs finish first: run i sleeps (count − i) ms.
std::size_t slow_first(std::size_t i, std::size_t count) {
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(count - i)));
  return i * i;
}

TEST(JobPool, ResultsComeInInputOrderWhateverTheWorkers) {
  for (int jobs : {1, 2, 3, 8}) {
    std::vector<std::size_t> seen;
    const std::size_t taken = run_in_order<std::size_t>(
        jobs, 12, [](std::size_t i) { return slow_first(i, 12); },
        [&](std::size_t i, std::size_t&& r) {
          EXPECT_EQ(r, i * i);
          seen.push_back(i);
          return true;
        });
    EXPECT_EQ(taken, 12u);
    for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], i) << "jobs " << jobs;
  }
}

TEST(JobPool, TakeStopsTheRunsThatHaveNotStarted) {
  std::atomic<int> started{0};
  const std::size_t taken = run_in_order<int>(
      2, 100,
      [&](std::size_t) {
        ++started;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        return 0;
      },
      [](std::size_t i, int&&) { return i < 3; });
  EXPECT_EQ(taken, 4u);
  EXPECT_LT(started.load(), 10);  // the runs under way when run 3 was taken, not the hundred
}

TEST(JobPool, ARunsExceptionComesAtItsTurn) {
  std::vector<std::size_t> seen;
  EXPECT_THROW(run_in_order<int>(
                   2, 8,
                   [](std::size_t i) {
                     if (i == 3) throw std::runtime_error("run 3");
                     return 0;
                   },
                   [&](std::size_t i, int&&) {
                     seen.push_back(i);
                     return true;
                   }),
               std::runtime_error);
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2}));
}

TEST(JobPool, ASetStopFlagStartsNoFurtherRun) {
  std::atomic<bool> stop{false};
  const std::size_t taken = run_in_order<int>(
      2, 50,
      [&](std::size_t i) {
        if (i == 5) stop = true;
        return 0;
      },
      [](std::size_t, int&&) { return true; }, &stop);
  EXPECT_GE(taken, 6u);
  EXPECT_LT(taken, 50u);
}

}  // namespace
}  // namespace hilsim::tools
