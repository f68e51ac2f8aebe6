// The bridges' I/O loop on a real thread and a real pipe: sends at the period, hands input over as
// it arrives, and stops promptly with nothing to do.
#include "hil/io_loop.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <thread>

#include "rt/clock.h"

namespace hilsim::hil {
namespace {

struct Pipe {
  int fd[2] = {-1, -1};
  Pipe() { EXPECT_EQ(pipe2(fd, O_NONBLOCK | O_CLOEXEC), 0); }
  ~Pipe() {
    close(fd[0]);
    close(fd[1]);
  }
};

TEST(IoLoop, SendsAtItsPeriodAndHandsInputOverAsItArrives) {
  Pipe p;
  std::atomic<int> sends{0}, bytes{0};
  IoLoop loop(10'000'000, rt::IoThreadPlacement{});  // every 10 ms
  loop.start(
      "hilsim-io-test", p.fd[0], [&] { ++sends; },
      [&] {
        char buf[64];
        for (ssize_t n; (n = read(p.fd[0], buf, sizeof buf)) > 0;) bytes += static_cast<int>(n);
      });
  EXPECT_EQ(loop.setup().description.rfind("SCHED_OTHER", 0), 0u) << loop.setup().description;
  ASSERT_EQ(write(p.fd[1], "abc", 3), 3);
  for (int i = 0; i < 200 && bytes.load() < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(bytes.load(), 3);  // not after the next send: at once (well within the 200 ms allowed)
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  loop.stop();
  // 200 ms at 10 ms: about 21 sends; a loaded machine's late wake-ups lose some, never add any.
  EXPECT_GE(sends.load(), 5);
  EXPECT_LE(sends.load(), 26);
}

// A send that takes 70 ms (3.5 periods): the next one, due at 40 ms, runs at 90 ms, and the due times
// 60 and 80 ms pass unsent (the schedule keeps its rate and never sends them): two missed periods.
TEST(IoLoop, CountsTheOutputPeriodsItMissed) {
  Pipe p;
  std::atomic<int> sends{0};
  IoLoop loop(20'000'000, rt::IoThreadPlacement{});  // every 20 ms
  loop.start(
      "hilsim-io-test", p.fd[0],
      [&] {
        if (++sends == 2) std::this_thread::sleep_for(std::chrono::milliseconds(70));
      },
      [] {});
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  loop.stop();
  // A loaded machine's late wake-ups may add some, never take any away.
  EXPECT_GE(loop.missed_periods(), 2u);
  EXPECT_LE(loop.missed_periods(), 5u);
}

// Sends plus missed periods are the periods due, however late the sends run: every third send takes
// 2.5 periods, so each late episode ends half a period into one (a schedule re-anchored at the late
// send lost that half each time: ~7 of 41 periods here). Counted up to the last send's due time,
// from the first send's (the schedule's start), so that where the stop falls does not matter.
TEST(IoLoop, SendsAndMissedPeriodsAccountForEveryPeriodDue) {
  Pipe p;
  std::atomic<int> sends{0};
  std::atomic<std::int64_t> first_ns{0}, last_ns{0};
  const auto period = std::chrono::milliseconds(10);
  IoLoop loop(10'000'000, rt::IoThreadPlacement{});
  loop.start(
      "hilsim-io-test", p.fd[0],
      [&] {
        const std::int64_t now = rt::now_ns();
        if (sends.load() == 0) first_ns = now;
        last_ns = now;
        if (++sends % 3 == 0) std::this_thread::sleep_for(period * 5 / 2);
      },
      [] {});
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  loop.stop();
  // The last send served the due time at or before it: its index from the first is its slot.
  const long due = static_cast<long>((last_ns.load() - first_ns.load()) / 10'000'000) + 1;
  const long accounted = sends.load() + static_cast<long>(loop.missed_periods());
  EXPECT_GE(accounted, due - 1) << sends.load() << " sent, " << loop.missed_periods() << " missed, " << due
                                << " due";
  EXPECT_LE(accounted, due + 1);
}

TEST(IoLoop, MissesNoPeriodWhenItKeepsUp) {
  Pipe p;
  IoLoop loop(20'000'000, rt::IoThreadPlacement{});  // every 20 ms: late wake-ups stay well below it
  loop.start(
      "hilsim-io-test", p.fd[0], [] {}, [] {});
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  loop.stop();
  EXPECT_EQ(loop.missed_periods(), 0u);
}

TEST(IoLoop, StopsWithinItsLongestWaitWhenNothingHappens) {
  Pipe p;
  IoLoop loop(10'000'000'000, rt::IoThreadPlacement{});  // a send every 10 s: never due again
  std::atomic<int> sends{0};
  loop.start(
      "hilsim-io-test", p.fd[0], [&] { ++sends; }, [] {});
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto t0 = std::chrono::steady_clock::now();
  loop.stop();
  const double stop_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(sends.load(), 1);  // the first, at once
  EXPECT_LT(stop_s, 1.0);      // 50 ms waits, not the 10 s period
  loop.stop();                 // idempotent
}

TEST(IoLoop, AnInvalidDescriptorIsLeftAloneInsteadOfSpunOn) {
  std::atomic<int> sends{0}, receives{0};
  IoLoop loop(10'000'000, rt::IoThreadPlacement{});
  timespec cpu0{}, cpu1{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu0);
  loop.start(
      "hilsim-io-test", 1'000'000, [&] { ++sends; }, [&] { ++receives; });  // no such fd: POLLNVAL
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  loop.stop();
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu1);
  const double cpu_s = static_cast<double>(cpu1.tv_sec - cpu0.tv_sec) +
                       static_cast<double>(cpu1.tv_nsec - cpu0.tv_nsec) * 1e-9;
  EXPECT_EQ(receives.load(), 0);
  EXPECT_GE(sends.load(), 5);                // the sends go on
  EXPECT_LT(cpu_s, 0.1) << "the loop spun";  // a spinning loop burns the whole 0.2 s
}

}  // namespace
}  // namespace hilsim::hil
