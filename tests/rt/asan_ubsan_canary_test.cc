// A deliberate heap overflow and a deliberate signed overflow, disabled in normal runs.
// scripts/asan.sh runs them first in the AddressSanitizer + UndefinedBehaviorSanitizer build and
// requires each to be reported: proof that the clean run of the unit tests means something.
#include <gtest/gtest.h>

#include <climits>
#include <memory>

namespace {

// Volatile, so that the compiler can neither see the bad index nor the overflow coming.
volatile int index_past_the_end = 4;
volatile int large = INT_MAX;

TEST(AsanUbsanCanary, DISABLED_AReadPastAHeapArrayIsReported) {
  const auto values = std::make_unique<int[]>(4);
  EXPECT_EQ(values[index_past_the_end], 0);  // one element past the end: heap-buffer-overflow
}

TEST(AsanUbsanCanary, DISABLED_ASignedOverflowIsReported) {
  const int sum = large + 1;  // INT_MAX + 1: undefined behaviour
  EXPECT_NE(sum, 0);
}

}  // namespace
