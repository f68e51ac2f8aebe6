// `hilsim bench-udp`: input-to-output latency of the UDP loop. It starts `hilsim run --realtime
// --input udp` as a child process on loopback, sends κ steps as a controller would, and measures
// the time from sending a step to receiving the first sensor datagram whose kappa_applied shows it.
// The figure contains the bridge's wake-up, the wait for the next hydraulic micro step, and the
// wait for the next sensor datagram (1/output_rate): the benchmark prints them side by side.
// Both sides use the datagram version `--e2e` asks for (hil/DATAGRAM.md): 2 (CRC-32) by default.
#pragma once

#include <string>
#include <vector>

#include "tools/hilsim/cli_forward.h"

namespace hilsim::tools {

struct BenchUdpCommand {
  int steps = 200;                                   // κ steps per output rate
  double interval = 0.02;                            // between steps [s]
  std::vector<double> rates_hz = {1000.0, 10000.0};  // [hil] output_rate values to measure
  double h_hyd = 1e-4;                               // hydraulic step of the run [s]
  int port = 47850;                                  // the run listens here; sensors come to port + 1
  std::string e2e = "crc32";  // the run's [udp] e2e and the benchmark's datagrams: "crc32" | "none"

  void add_to(CLI::App& parent);
  int execute() const;
};

}  // namespace hilsim::tools
