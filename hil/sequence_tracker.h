// Classifies the sequence numbers of received datagrams (hil/DATAGRAM.md): each sender increments
// its uint32 sequence number by one per datagram and lets it wrap, so "newer" is decided with
// serial-number arithmetic (RFC 1982, SERIAL_BITS = 32): s is newer than the last accepted one
// when 0 < s − last < 2^31 (mod 2^32). Only newer datagrams are accepted; a duplicate or an older
// (reordered, late) one is rejected, since a newer command has already been applied, with one
// exception: a sender that restarted numbers its datagrams from the beginning again, so a run of
// kRestartRun datagrams in a row that are each older than the last accepted one and each the
// successor of the one before is a restart, and its last datagram is accepted. Reordering delays
// single datagrams; it does not produce a run of consecutive old numbers counting up.
// One tracker per sender (SenderSequences keeps them). O(1), noexcept, no allocation: it runs in
// the UDP I/O thread, which may be a SCHED_FIFO one ([rt] priority_io).
#pragma once

#include <netinet/in.h>

#include <array>
#include <cstdint>

namespace hilsim::hil {

enum class SequenceVerdict {
  kFirst,      // the first datagram seen (or the first after reset()): accepted
  kNext,       // last + 1: accepted
  kGap,        // newer, with datagrams missing in between: accepted, the missing ones counted lost
  kDuplicate,  // equal to the last accepted: rejected
  kOld,        // older than the last accepted (reordered or late), or exactly 2^31 away: rejected
  kRestart,    // the kRestartRun-th consecutive old datagram counting up: the sender restarted; accepted
};

// Consecutive old datagrams, each the successor of the one before, that mark a sender's restart: 3
// is 3 ms at 1 kHz, well inside any sensible watchdog timeout (which must span a few periods).
inline constexpr int kRestartRun = 3;

constexpr bool is_accepted(SequenceVerdict v) {
  return v == SequenceVerdict::kFirst || v == SequenceVerdict::kNext || v == SequenceVerdict::kGap ||
         v == SequenceVerdict::kRestart;
}

struct SequenceCounters {
  std::uint64_t received = 0;  // every observed datagram, accepted or not
  std::uint64_t lost = 0;      // sum over gaps of (s − last − 1), counted when the gap is seen
  std::uint64_t duplicates = 0;
  std::uint64_t reordered = 0;  // kOld verdicts; a late datagram was usually counted lost before
  std::uint64_t restarts = 0;   // kRestart verdicts (the run's earlier datagrams count as reordered)

  SequenceCounters& operator+=(const SequenceCounters& o) noexcept;
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
  SequenceVerdict observe_old(std::uint32_t sequence) noexcept;

  SequenceCounters counters_;
  std::uint32_t last_ = 0;
  bool has_last_ = false;
  int old_run_ = 0;  // consecutive old datagrams counting up, the latest being old_run_last_
  std::uint32_t old_run_last_ = 0;
};

// One SequenceTracker per sender, a sender being an (IPv4 address, UDP port) pair: a restarted
// controller on a new port, or another process of the peer's address, has numbers of its own and
// cannot make another sender's datagrams "old". A fixed table (kMaxSenders), so no allocation: when
// it is full, the sender heard from least recently gives its place up (its counters are kept); when
// it comes back it starts afresh, accepted as kFirst, which can only let it in, never lock it out.
class SenderSequences final {
 public:
  static constexpr std::size_t kMaxSenders = 8;

  // `from`: the datagram's source (address and port in network byte order); `now_ns`: its arrival.
  SequenceVerdict observe(const sockaddr_in& from, std::uint32_t sequence, std::int64_t now_ns) noexcept;
  // Summed over every sender, those that gave their place up included.
  SequenceCounters counters() const noexcept;
  // Senders seen: each (address, port) that got a tracker, counted again when it came back.
  std::uint64_t senders() const noexcept { return senders_; }

 private:
  struct Entry {
    std::uint32_t address = 0;
    std::uint16_t port = 0;
    bool used = false;
    std::int64_t last_seen_ns = 0;
    SequenceTracker tracker;
  };
  Entry& entry_for(const sockaddr_in& from) noexcept;

  std::array<Entry, kMaxSenders> entries_{};
  SequenceCounters retired_;  // of the senders that gave their place up
  std::uint64_t senders_ = 0;
};

}  // namespace hilsim::hil
