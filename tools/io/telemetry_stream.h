// The live telemetry of a run: samples sent as UDP datagrams, one JSON object each
// (telemetry_json.h), to a plotting tool such as PlotJuggler's UDP server. Fed by the thread that
// writes the CSV, which in a real-time run is the non-real-time writer thread: the socket is
// non-blocking, so a datagram the kernel cannot take at once is dropped and counted, never waited
// for, and no real-time thread ever waits on the stream.
#pragma once

#include <netinet/in.h>

#include <cstdint>
#include <string>

#include "sim/analysis/trajectory.h"
#include "tools/io/telemetry_json.h"

namespace hilsim::io {

class TelemetryStream final {
 public:
  // `target_text` names the target in messages ("udp://127.0.0.1:9870"); `rate_hz` > 0 is the
  // samples per second of simulated time. Throws InputError when no socket can be opened.
  TelemetryStream(const sockaddr_in& target, std::string target_text, double rate_hz,
                  TrajectoryColumns columns);
  ~TelemetryStream();
  TelemetryStream(const TelemetryStream&) = delete;
  TelemetryStream& operator=(const TelemetryStream&) = delete;

  // Every sample of the run, in order: the first of each 1/rate_hz of simulated time is sent, the
  // others are passed over. Never blocks and never throws.
  void offer(const sim::Sample& sample);

  std::int64_t sent() const { return sent_; }
  // Samples due that the socket did not take (its buffer full, or an error such as an unreachable
  // network: the first is named in report()).
  std::int64_t dropped() const { return dropped_; }
  // "telemetry: 1001 samples sent to udp://127.0.0.1:9870 (100 Hz of simulated time), 0 dropped".
  std::string report() const;

 private:
  int fd_ = -1;
  sockaddr_in target_{};
  std::string target_text_;
  double rate_hz_;
  TelemetryJson json_;
  std::int64_t last_slot_ = -1;  // the 1/rate_hz interval of the last sample sent
  std::int64_t sent_ = 0;
  std::int64_t dropped_ = 0;
  int first_error_ = 0;  // errno of the first drop
};

}  // namespace hilsim::io
