// The CAN bridge's account of its link during a run: each outage (when the interface went down or
// away, why, and for how long), and each socket the bridge bound (to which interface index, from
// when to when, and what went through it), so that the report never mixes two interfaces of the
// same name. Kept by the bridge's I/O thread, read after it has stopped. Fixed capacity, reserved
// at construction: the thread does not allocate.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "rt/clock.h"

namespace hilsim::hil {

struct LinkOutage {
  rt::Nanoseconds start_ns = 0;           // [ns] since the run's start
  rt::Nanoseconds end_ns = -1;            // [ns] since the run's start; -1 while it lasts (to the end)
  std::array<char, 48> cause{};           // e.g. "interface removed", "link down", "send: ENETDOWN"
  rt::Nanoseconds first_frame_ns = -1;    // [ns] since the run's start: the first frame received after it
  rt::Nanoseconds first_command_ns = -1;  // [ns] since the run's start: the first command accepted after it
};

struct SocketRecord {
  int ifindex = 0;                 // the interface index it was bound to
  rt::Nanoseconds opened_ns = 0;   // [ns] since the run's start (0: before it)
  rt::Nanoseconds closed_ns = -1;  // [ns]; -1: open at the end
  std::uint64_t frames = 0, sent = 0, send_errors = 0, receive_errors = 0;
};

class LinkOutages final {
 public:
  static constexpr std::size_t kCapacity = 256;  // outages and sockets listed; beyond: counted only
  LinkOutages();

  bool lost() const { return lost_; }
  // Starts an outage at `t_ns` unless one lasts; returns whether it started.
  bool begin(rt::Nanoseconds t_ns, const char* cause) noexcept;
  // Ends the outage that lasts at `t_ns`; returns its length [ns], or -1 when none lasted.
  rt::Nanoseconds end(rt::Nanoseconds t_ns) noexcept;
  // A frame was received, a command accepted, at `t_ns`: the first ones after an outage are noted in it.
  void frame_received(rt::Nanoseconds t_ns) noexcept;
  void command_accepted(rt::Nanoseconds t_ns) noexcept;
  // Names the lasting outage's cause anew (a link taken down, then removed).
  void recause(const char* cause) noexcept;
  // The socket now in use (the last one opened; a scratch record before any), and a new one (bound
  // to `ifindex` at `t_ns`).
  SocketRecord& socket() noexcept { return sockets_.empty() ? scratch_ : sockets_.back(); }
  void close_socket(rt::Nanoseconds t_ns) noexcept;
  void open_socket(int ifindex, rt::Nanoseconds t_ns) noexcept;

  const std::vector<LinkOutage>& outages() const { return outages_; }
  std::uint64_t outages_total() const { return outages_total_; }
  const std::vector<SocketRecord>& sockets() const { return sockets_; }
  // The sums over every socket.
  SocketRecord totals() const;

 private:
  std::vector<LinkOutage> outages_;
  std::vector<SocketRecord> sockets_;
  std::uint64_t outages_total_ = 0;
  SocketRecord overflow_;  // the sockets beyond the capacity, summed
  SocketRecord scratch_;   // counts before any socket (none in the bridge: it opens one first)
  bool lost_ = false;
};

}  // namespace hilsim::hil
