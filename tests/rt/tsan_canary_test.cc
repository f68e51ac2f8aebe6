// A deliberate data race, disabled in normal runs. scripts/tsan.sh runs it first in the
// ThreadSanitizer build and requires the sanitizer to report it: proof that the clean run of the
// other rt tests means something.
#include <gtest/gtest.h>

#include <thread>

namespace {

TEST(TsanCanary, DISABLED_AnUnsynchronizedCounterIsReported) {
  int counter = 0;  // written by two threads without synchronization: a race by definition
  std::thread other([&] {
    for (int i = 0; i < 1000; ++i) ++counter;
  });
  for (int i = 0; i < 1000; ++i) ++counter;
  other.join();
  EXPECT_GT(counter, 0);
}

}  // namespace
