// Classifies the sequence numbers of received datagrams (hil/DATAGRAM.md): each sender increments
// its uint32 sequence number by one per datagram and lets it wrap, so "newer" is decided with
// serial-number arithmetic (RFC 1982, SERIAL_BITS = 32): s is newer than the last accepted one
// when 0 < s − last < 2^31 (mod 2^32). Only newer datagrams are accepted; a duplicate or an older
// (reordered, late) one is rejected, since a newer command has already been applied.
// One tracker per sender. O(1), noexcept, no allocation: it runs in the UDP I/O thread.
#pragma once

#include <cstdint>

namespace hilsim::hil {

enum class SequenceVerdict {
  kFirst,      // the first datagram seen (or the first after reset()): accepted
  kNext,       // last + 1: accepted
  kGap,        // newer, with datagrams missing in between: accepted, the missing ones counted lost
  kDuplicate,  // equal to the last accepted: rejected
  kOld,        // older than the last accepted (reordered or late), or exactly 2^31 away: rejected
};

constexpr bool is_accepted(SequenceVerdict v) {
  return v == SequenceVerdict::kFirst || v == SequenceVerdict::kNext || v == SequenceVerdict::kGap;
}

struct SequenceCounters {
  std::uint64_t received = 0;  // every observed datagram, accepted or not
  std::uint64_t lost = 0;      // sum over gaps of (s − last − 1), counted when the gap is seen
  std::uint64_t duplicates = 0;
  std::uint64_t reordered = 0;  // kOld verdicts; a late datagram was usually counted lost before
};

class SequenceTracker final {
 public:
  SequenceVerdict observe(std::uint32_t sequence) noexcept;

  // Forget the last sequence number (the counters stay): the next datagram is kFirst. For a sender
  // that restarted, e.g. after its input went stale.
  void reset() noexcept { has_last_ = false; }

  const SequenceCounters& counters() const noexcept { return counters_; }
  bool has_last() const noexcept { return has_last_; }
  std::uint32_t last() const noexcept { return last_; }  // the last accepted sequence number

 private:
  SequenceCounters counters_;
  std::uint32_t last_ = 0;
  bool has_last_ = false;
};

}  // namespace hilsim::hil
