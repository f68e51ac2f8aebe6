// The lock-free channels, single-threaded for their contracts and with two real threads for
// ordering and tearing (the ThreadSanitizer build runs these too).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <thread>

#include "rt/latest_value.h"
#include "rt/spsc_channel.h"
#include "rt/telemetry_ring.h"

namespace hilsim::rt {
namespace {

TEST(SpscChannel, HoldsExactlyItsCapacityInOrder) {
  SpscChannel<int, 4> c;
  EXPECT_TRUE(c.empty());
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(c.try_push(i));
  EXPECT_FALSE(c.try_push(99));
  ASSERT_NE(c.front(), nullptr);
  EXPECT_EQ(*c.front(), 0);
  int v = -1;
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(c.try_pop(v));
    EXPECT_EQ(v, i);
  }
  EXPECT_FALSE(c.try_pop(v));
  EXPECT_EQ(c.front(), nullptr);
}

TEST(SpscChannel, TwoThreadsTransferASequenceInOrder) {
  struct Item {
    std::int64_t seq;
    double payload[3];
  };
  auto channel = std::make_unique<SpscChannel<Item, 64>>();
  constexpr std::int64_t kCount = 200000;
  std::thread producer([&] {
    for (std::int64_t i = 0; i < kCount;) {
      const Item item{i, {double(i), double(-i), double(2 * i)}};
      if (channel->try_push(item)) ++i;
    }
  });
  std::int64_t expected = 0;
  bool intact = true;
  while (expected < kCount) {
    Item item;
    if (!channel->try_pop(item)) continue;
    intact = intact && item.seq == expected && item.payload[0] == double(expected) &&
             item.payload[1] == double(-expected) && item.payload[2] == double(2 * expected);
    ++expected;
  }
  producer.join();
  EXPECT_TRUE(intact);
  EXPECT_TRUE(channel->empty());
}

TEST(LatestValue, ReadsNothingBeforeTheFirstPublish) {
  LatestValue<double> v;
  double x = 42.0;
  EXPECT_FALSE(v.read(x));
  EXPECT_EQ(x, 42.0);
}

TEST(LatestValue, ReadsTheNewestValueAndKeepsIt) {
  LatestValue<int> v;
  v.publish(1);
  v.publish(2);
  v.publish(3);
  int x = 0;
  ASSERT_TRUE(v.read(x));
  EXPECT_EQ(x, 3);
  ASSERT_TRUE(v.read(x));  // nothing new: the same value again
  EXPECT_EQ(x, 3);
  v.publish(4);
  ASSERT_TRUE(v.read(x));
  EXPECT_EQ(x, 4);
}

TEST(LatestValue, ConcurrentReadsAreNeverTornAndNeverGoBack) {
  struct Command {
    std::int64_t seq;
    std::int64_t check;  // = 3 seq + 1: a torn read breaks the relation
    double kappa;
  };
  LatestValue<Command> v;
  constexpr std::int64_t kCount = 300000;
  std::thread producer([&] {
    for (std::int64_t i = 1; i <= kCount; ++i) v.publish({i, 3 * i + 1, 1.0 / double(i)});
  });
  std::int64_t last = 0;
  bool consistent = true, monotonic = true;
  Command c{};
  while (last < kCount) {
    if (!v.read(c)) continue;
    consistent = consistent && c.check == 3 * c.seq + 1 && c.kappa == 1.0 / double(c.seq);
    monotonic = monotonic && c.seq >= last;
    last = c.seq;
  }
  producer.join();
  EXPECT_TRUE(consistent);
  EXPECT_TRUE(monotonic);
  ASSERT_TRUE(v.read(c));
  EXPECT_EQ(c.seq, kCount);  // after the producer is done, the newest value is the last one
}

TEST(TelemetryRing, AFullRingDropsAndCountsWithoutBlocking) {
  TelemetryRing<int, 3> ring;
  EXPECT_TRUE(ring.push(1));
  EXPECT_TRUE(ring.push(2));
  EXPECT_TRUE(ring.push(3));
  EXPECT_FALSE(ring.push(4));
  EXPECT_FALSE(ring.push(5));
  EXPECT_FALSE(ring.try_push(6));  // a retrying producer's attempt is not a drop
  EXPECT_EQ(ring.dropped(), 2u);
  int v = 0;
  ASSERT_TRUE(ring.try_pop(v));
  EXPECT_EQ(v, 1);
  EXPECT_TRUE(ring.push(7));
}

}  // namespace
}  // namespace hilsim::rt
