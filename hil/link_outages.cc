#include "hil/link_outages.h"

#include <cstring>

namespace hilsim::hil {

LinkOutages::LinkOutages() {
  outages_.reserve(kCapacity);
  sockets_.reserve(kCapacity);
}

bool LinkOutages::begin(rt::Nanoseconds t_ns, const char* cause) noexcept {
  if (lost_) return false;
  lost_ = true;
  ++outages_total_;
  if (outages_.size() < kCapacity) {
    LinkOutage o;
    o.start_ns = t_ns;
    std::strncpy(o.cause.data(), cause, o.cause.size() - 1);
    outages_.push_back(o);  // within the reserved capacity: no allocation
  }
  return true;
}

rt::Nanoseconds LinkOutages::end(rt::Nanoseconds t_ns) noexcept {
  if (!lost_) return -1;
  lost_ = false;
  if (outages_total_ > outages_.size()) return -1;  // not listed: its start is unknown here
  outages_.back().end_ns = t_ns;
  return t_ns - outages_.back().start_ns;
}

void LinkOutages::frame_received(rt::Nanoseconds t_ns) noexcept {
  if (lost_ || outages_.empty() || outages_total_ > outages_.size()) return;
  LinkOutage& o = outages_.back();
  if (o.end_ns >= 0 && o.first_frame_ns < 0) o.first_frame_ns = t_ns;
}

void LinkOutages::command_accepted(rt::Nanoseconds t_ns) noexcept {
  if (lost_ || outages_.empty() || outages_total_ > outages_.size()) return;
  LinkOutage& o = outages_.back();
  if (o.end_ns >= 0 && o.first_command_ns < 0) o.first_command_ns = t_ns;
}

void LinkOutages::recause(const char* cause) noexcept {
  if (!lost_ || outages_total_ > outages_.size()) return;
  LinkOutage& o = outages_.back();
  o.cause.fill('\0');
  std::strncpy(o.cause.data(), cause, o.cause.size() - 1);
}

void LinkOutages::close_socket(rt::Nanoseconds t_ns) noexcept {
  if (!sockets_.empty() && sockets_.back().closed_ns < 0) sockets_.back().closed_ns = t_ns;
}

void LinkOutages::open_socket(int ifindex, rt::Nanoseconds t_ns) noexcept {
  close_socket(t_ns);
  if (sockets_.size() == kCapacity &&
      !sockets_.empty()) {  // keep the first ones listed, sum the rest into the last
    SocketRecord& last = sockets_.back();
    overflow_.frames += last.frames;
    overflow_.sent += last.sent;
    overflow_.send_errors += last.send_errors;
    overflow_.receive_errors += last.receive_errors;
    last = {};
  } else {
    sockets_.push_back({});
  }
  sockets_.back().ifindex = ifindex;
  sockets_.back().opened_ns = t_ns;
}

SocketRecord LinkOutages::totals() const {
  SocketRecord t = overflow_;
  for (const SocketRecord& s : sockets_) {
    t.frames += s.frames;
    t.sent += s.sent;
    t.send_errors += s.send_errors;
    t.receive_errors += s.receive_errors;
  }
  return t;
}

}  // namespace hilsim::hil
