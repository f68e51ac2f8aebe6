// What the threads of a co-simulation pass each other: one SPSC channel per edge of the coupling
// graph (sim/cosim/coupling_graph.h) carrying the producer's outputs tagged with their
// communication point, and one telemetry ring per subsystem carrying its probes to the writer.
#pragma once

#include <array>
#include <cstdint>

#include "rt/spsc_channel.h"
#include "rt/telemetry_ring.h"
#include "sim/cosim/subsystem.h"

namespace hilsim::rt {

// y(t_n) of a producer, or the end of its stream.
struct ExchangeFrame {
  std::int64_t n = 0;  // communication point
  bool stop = false;   // the sender has stopped; no frame follows
  std::array<double, sim::kMaxPorts> y{};
};

// Capacity argument, for an edge a → b whose reverse edge b → a exists (every edge of the crane's
// graphs). a pushes its frame of point m after its macro step m − 1, which needed b's frame of
// point m − 1 (lag 0) or m (lag 1, b before a in Gauss-Seidel); b pushed that frame after a macro
// step that needed a's frame of point m − 2 (both lag 0) or m − 1 (one of them lag 1). So when a
// pushes frame m, b has popped a's frames up to m − 2: at most frames m − 1 and m and one stop
// frame wait. Four slots leave room; a producer that ever finds the channel full (a graph without
// the reverse edge) waits for room, counted as an exchange wait, rather than losing a frame.
using ExchangeChannel = SpscChannel<ExchangeFrame, 4>;

// A subsystem's probe values at communication point n, for the writer thread.
struct ProbeRecord {
  std::int64_t n = 0;
  bool healthy = true;
  sim::ProbeValues values{};
};

// 4096 records: 4 s of communication points at H = 1 ms before a stalled writer causes drops (a
// record holds kMaxProbes values: 1.7 MB per subsystem).
inline constexpr std::size_t kTelemetryCapacity = 4096;
using ProbeRing = TelemetryRing<ProbeRecord, kTelemetryCapacity>;

// How a task ended.
enum class TaskEnd {
  kRunning,        // not ended (or ended by the periodic loop's overrun policy)
  kFinished,       // reached the last communication point
  kDiverged,       // a state stopped being finite
  kPeerStopped,    // a subsystem it exchanges with stopped
  kStopRequested,  // the run was asked to stop
  kProtocolError,  // a frame out of order: a bug, reported
};
const char* to_string(TaskEnd end);

}  // namespace hilsim::rt
