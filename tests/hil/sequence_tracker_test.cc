// The sequence tracker: first, next, gaps, duplicates and old datagrams, across the uint32 wrap.
#include "hil/sequence_tracker.h"

#include <gtest/gtest.h>

namespace hilsim::hil {
namespace {

using V = SequenceVerdict;

TEST(SequenceTracker, FirstNextGap) {
  SequenceTracker t;
  EXPECT_EQ(t.observe(10), V::kFirst);
  EXPECT_EQ(t.observe(11), V::kNext);
  EXPECT_EQ(t.observe(15), V::kGap);  // 12, 13, 14 lost
  EXPECT_EQ(t.last(), 15u);
  EXPECT_EQ(t.counters().lost, 3u);
  EXPECT_EQ(t.counters().received, 3u);
  EXPECT_TRUE(is_accepted(V::kFirst));
  EXPECT_TRUE(is_accepted(V::kNext));
  EXPECT_TRUE(is_accepted(V::kGap));
}

TEST(SequenceTracker, DuplicatesAndOldAreRejected) {
  SequenceTracker t;
  t.observe(100);
  EXPECT_EQ(t.observe(100), V::kDuplicate);
  EXPECT_EQ(t.observe(99), V::kOld);
  EXPECT_EQ(t.observe(102), V::kGap);
  EXPECT_EQ(t.observe(101), V::kOld);  // arrived late: already counted lost
  EXPECT_EQ(t.last(), 102u);
  EXPECT_FALSE(is_accepted(V::kDuplicate));
  EXPECT_FALSE(is_accepted(V::kOld));
  const SequenceCounters c = t.counters();
  EXPECT_EQ(c.received, 5u);
  EXPECT_EQ(c.duplicates, 1u);
  EXPECT_EQ(c.reordered, 2u);
  EXPECT_EQ(c.lost, 1u);
}

TEST(SequenceTracker, WrapAround) {
  SequenceTracker t;
  t.observe(0xFFFFFFFEu);
  EXPECT_EQ(t.observe(0xFFFFFFFFu), V::kNext);
  EXPECT_EQ(t.observe(0u), V::kNext);          // wraps
  EXPECT_EQ(t.observe(0xFFFFFFFFu), V::kOld);  // before the wrap: older
  EXPECT_EQ(t.observe(3u), V::kGap);
  EXPECT_EQ(t.counters().lost, 2u);  // 1 and 2

  SequenceTracker u;
  u.observe(0xFFFFFFF0u);
  EXPECT_EQ(u.observe(0x0000000Fu), V::kGap);  // 0xF0..0x0E missing: 30 numbers
  EXPECT_EQ(u.counters().lost, 30u);
}

TEST(SequenceTracker, HalfTheRingAway) {
  // RFC 1982: s is newer when 0 < s - last < 2^31; exactly 2^31 is undefined and rejected.
  SequenceTracker t;
  t.observe(0);
  EXPECT_EQ(t.observe(0x80000000u), V::kOld);
  EXPECT_EQ(t.observe(0x7FFFFFFFu), V::kGap);
  EXPECT_EQ(t.counters().lost, 0x7FFFFFFEu);
  EXPECT_EQ(t.observe(0xFFFFFFFFu), V::kOld);  // 0xFFFFFFFF - 0x7FFFFFFF = 2^31
  EXPECT_EQ(t.observe(0x80000000u), V::kNext);
}

TEST(SequenceTracker, ResetAcceptsARestartedSender) {
  SequenceTracker t;
  t.observe(5000);
  EXPECT_EQ(t.observe(0), V::kOld);
  t.reset();
  EXPECT_FALSE(t.has_last());
  EXPECT_EQ(t.observe(0), V::kFirst);
  EXPECT_EQ(t.observe(1), V::kNext);
  EXPECT_EQ(t.counters().received, 4u);  // counters survive reset
}

// A restarted sender numbers from the beginning again: kRestartRun consecutive old numbers counting
// up are a restart; isolated late datagrams, or old ones not in sequence, stay rejected.
TEST(SequenceTracker, ARunOfConsecutiveOldNumbersIsARestart) {
  SequenceTracker t;
  t.observe(3000);
  EXPECT_EQ(t.observe(1), V::kOld);
  EXPECT_EQ(t.observe(2), V::kOld);
  EXPECT_EQ(t.observe(3), V::kRestart);
  EXPECT_TRUE(is_accepted(V::kRestart));
  EXPECT_EQ(t.last(), 3u);
  EXPECT_EQ(t.observe(4), V::kNext);
  EXPECT_EQ(t.counters().restarts, 1u);
  EXPECT_EQ(t.counters().reordered, 2u);

  SequenceTracker late;
  late.observe(100);
  EXPECT_EQ(late.observe(97), V::kOld);
  EXPECT_EQ(late.observe(101), V::kNext);  // a newer one ends the run
  EXPECT_EQ(late.observe(98), V::kOld);
  EXPECT_EQ(late.observe(99), V::kOld);
  EXPECT_EQ(late.observe(50), V::kOld);  // not the successor: a new run
  EXPECT_EQ(late.observe(96), V::kOld);
  EXPECT_EQ(late.observe(101), V::kDuplicate);
  EXPECT_EQ(late.observe(60), V::kOld);
  EXPECT_EQ(late.counters().restarts, 0u);
  EXPECT_EQ(late.last(), 101u);
}

sockaddr_in sender(std::uint32_t address, std::uint16_t port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = address;
  a.sin_port = port;
  return a;
}

TEST(SenderSequences, EachAddressAndPortHasItsOwnNumbers) {
  SenderSequences s;
  EXPECT_EQ(s.observe(sender(1, 10), 5, 0), V::kFirst);
  EXPECT_EQ(s.observe(sender(1, 11), 5'000'001, 1), V::kFirst);  // another port
  EXPECT_EQ(s.observe(sender(1, 10), 6, 2), V::kNext);           // not "old"
  EXPECT_EQ(s.observe(sender(2, 10), 1, 3), V::kFirst);          // another address
  EXPECT_EQ(s.observe(sender(1, 11), 5'000'001, 4), V::kDuplicate);
  EXPECT_EQ(s.senders(), 3u);
  EXPECT_EQ(s.counters().received, 5u);
  EXPECT_EQ(s.counters().duplicates, 1u);
}

TEST(SenderSequences, AFullTableGivesTheLeastRecentSendersPlaceUp) {
  SenderSequences s;
  for (std::uint16_t port = 1; port <= SenderSequences::kMaxSenders; ++port)
    s.observe(sender(1, port), 100, port);
  s.observe(sender(1, 1), 101, 100);  // port 1 heard from again: port 2 is now the least recent
  EXPECT_EQ(s.observe(sender(1, 99), 7, 101), V::kFirst);  // takes port 2's place
  EXPECT_EQ(s.observe(sender(1, 1), 102, 102), V::kNext);  // kept
  EXPECT_EQ(s.observe(sender(1, 2), 50, 103), V::kFirst);  // forgotten: starts afresh, never locked out
  EXPECT_EQ(s.senders(), SenderSequences::kMaxSenders + 2);
  EXPECT_EQ(s.counters().received, SenderSequences::kMaxSenders + 4);  // the retired ones' counts kept
}

}  // namespace
}  // namespace hilsim::hil
