// Serial-number comparison of uint32 sequence numbers (RFC 1982 §3.2): the unsigned difference
// d = s − last (mod 2^32) is 0 for the same number, in (0, 2^31) when s is newer, in (2^31, 2^32)
// when s is older; d = 2^31 is undefined by the RFC and rejected here.
#include "hil/sequence_tracker.h"

namespace hilsim::hil {

SequenceCounters& SequenceCounters::operator+=(const SequenceCounters& o) noexcept {
  received += o.received;
  lost += o.lost;
  duplicates += o.duplicates;
  reordered += o.reordered;
  restarts += o.restarts;
  return *this;
}

SequenceVerdict SequenceTracker::observe(std::uint32_t sequence) noexcept {
  ++counters_.received;
  if (!has_last_) {
    has_last_ = true;
    last_ = sequence;
    old_run_ = 0;
    return SequenceVerdict::kFirst;
  }
  const std::uint32_t d = sequence - last_;  // unsigned: wraps modulo 2^32
  if (d == 0) {
    old_run_ = 0;
    ++counters_.duplicates;
    return SequenceVerdict::kDuplicate;
  }
  if (d >= 0x80000000u) return observe_old(sequence);
  old_run_ = 0;
  last_ = sequence;
  if (d == 1) return SequenceVerdict::kNext;
  counters_.lost += d - 1;
  return SequenceVerdict::kGap;
}

// An old datagram: a late one, or one of a restarted sender's, told apart by what came before it.
SequenceVerdict SequenceTracker::observe_old(std::uint32_t sequence) noexcept {
  old_run_ = (old_run_ > 0 && sequence == old_run_last_ + 1u) ? old_run_ + 1 : 1;
  old_run_last_ = sequence;
  if (old_run_ < kRestartRun) {
    ++counters_.reordered;
    return SequenceVerdict::kOld;
  }
  old_run_ = 0;
  last_ = sequence;  // numbering goes on from here
  ++counters_.restarts;
  return SequenceVerdict::kRestart;
}

SenderSequences::Entry& SenderSequences::entry_for(const sockaddr_in& from) noexcept {
  Entry* oldest = &entries_[0];
  for (Entry& e : entries_) {
    if (e.used && e.address == from.sin_addr.s_addr && e.port == from.sin_port) return e;
    // A free place beats any used one; among used ones the least recently seen goes.
    if (!e.used || (oldest->used && e.last_seen_ns < oldest->last_seen_ns)) oldest = &e;
  }
  if (oldest->used) retired_ += oldest->tracker.counters();
  *oldest = Entry{from.sin_addr.s_addr, from.sin_port, true, 0, SequenceTracker{}};
  ++senders_;
  return *oldest;
}

SequenceVerdict SenderSequences::observe(const sockaddr_in& from, std::uint32_t sequence,
                                         std::int64_t now_ns) noexcept {
  Entry& e = entry_for(from);
  e.last_seen_ns = now_ns;
  return e.tracker.observe(sequence);
}

SequenceCounters SenderSequences::counters() const noexcept {
  SequenceCounters sum = retired_;
  for (const Entry& e : entries_) {
    if (e.used) sum += e.tracker.counters();
  }
  return sum;
}

}  // namespace hilsim::hil
