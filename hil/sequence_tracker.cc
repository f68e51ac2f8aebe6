// Serial-number comparison of uint32 sequence numbers (RFC 1982 §3.2): the unsigned difference
// d = s − last (mod 2^32) is 0 for the same number, in (0, 2^31) when s is newer, in (2^31, 2^32)
// when s is older; d = 2^31 is undefined by the RFC and rejected here.
#include "hil/sequence_tracker.h"

namespace hilsim::hil {

SequenceVerdict SequenceTracker::observe(std::uint32_t sequence) noexcept {
  ++counters_.received;
  if (!has_last_) {
    has_last_ = true;
    last_ = sequence;
    return SequenceVerdict::kFirst;
  }
  const std::uint32_t d = sequence - last_;  // unsigned: wraps modulo 2^32
  if (d == 0) {
    ++counters_.duplicates;
    return SequenceVerdict::kDuplicate;
  }
  if (d >= 0x80000000u) {
    ++counters_.reordered;
    return SequenceVerdict::kOld;
  }
  last_ = sequence;
  if (d == 1) return SequenceVerdict::kNext;
  counters_.lost += d - 1;
  return SequenceVerdict::kGap;
}

}  // namespace hilsim::hil
