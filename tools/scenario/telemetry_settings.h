// The [telemetry] section of a scenario: where `hilsim run` streams its samples live, for a plotting
// tool (PlotJuggler's UDP server, JSON), and how often.
#pragma once

#include <string>

namespace hilsim::scenario {

struct TelemetrySettings {
  std::string target;      // "udp://HOST:PORT" (HOST an IPv4 address), or "" for no stream
  double rate_hz = 100.0;  // samples per second of simulated time, (0, 1e6]
};

}  // namespace hilsim::scenario
