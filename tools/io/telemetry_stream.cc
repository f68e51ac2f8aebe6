#include "tools/io/telemetry_stream.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "tools/io/input_error.h"

namespace hilsim::io {

TelemetryStream::TelemetryStream(const sockaddr_in& target, std::string target_text, double rate_hz,
                                 TrajectoryColumns columns)
    : target_(target), target_text_(std::move(target_text)), rate_hz_(rate_hz), json_(std::move(columns)) {
  fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd_ < 0)
    throw InputError("telemetry: cannot open a UDP socket for " + target_text_ + ": " + std::strerror(errno));
}

TelemetryStream::~TelemetryStream() {
  if (fd_ >= 0) close(fd_);
}

void TelemetryStream::offer(const sim::Sample& sample) {
  // The sample times are multiples of H, which t·rate may miss by a rounding: the tolerance keeps
  // t = 0.01 s in slot 1 at 100 Hz.
  const auto slot = static_cast<std::int64_t>(std::floor(sample.t * rate_hz_ + 1e-9));
  if (slot <= last_slot_) return;
  last_slot_ = slot;
  const std::string& text = json_.format(sample);
  // MSG_DONTWAIT as well as the socket's O_NONBLOCK: a full send buffer (EAGAIN, ENOBUFS) drops
  // this datagram; on an unconnected socket the receiver's absence is not reported at all.
  const ssize_t n = sendto(fd_, text.data(), text.size(), MSG_DONTWAIT | MSG_NOSIGNAL,
                           reinterpret_cast<const sockaddr*>(&target_), sizeof target_);
  if (n == static_cast<ssize_t>(text.size())) {
    ++sent_;
    return;
  }
  if (dropped_++ == 0) first_error_ = n < 0 ? errno : EMSGSIZE;
}

std::string TelemetryStream::report() const {
  char rate[32];
  std::snprintf(rate, sizeof rate, "%g", rate_hz_);
  std::string text = "telemetry: " + std::to_string(sent_) + " samples sent to " + target_text_ + " (" +
                     rate + " Hz of simulated time), " + std::to_string(dropped_) + " dropped";
  if (dropped_ > 0) {
    text += first_error_ == EAGAIN || first_error_ == EWOULDBLOCK || first_error_ == ENOBUFS
                ? " (the socket's buffer was full)"
                : std::string(" (first: ") + std::strerror(first_error_) + ")";
  }
  return text;
}

}  // namespace hilsim::io
