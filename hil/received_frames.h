// The frames the CAN bridge received, on their way from its I/O thread to the recorder thread,
// which writes them as a candump log (hil/candump_log.h) beside the run's recording. The I/O
// thread never writes files: it pushes each frame into a lock-free ring (one producer, the
// bridge's thread; one consumer, the recorder's), and a full ring drops the frame and counts it.
#pragma once

#include <cstdint>

#include "hil/frame.h"
#include "rt/telemetry_ring.h"

namespace hilsim::hil {

struct ReceivedFrame {
  std::int64_t timestamp_us =
      0;        // [µs] since the Unix epoch: the kernel's receive time (SO_TIMESTAMP), as candump
  Frame frame;  // for an error frame: id = its error class bits
  bool error_frame = false;
};

// 16384 frames: 16 s of a controller at 1 kHz before a stalled recorder loses one.
inline constexpr std::size_t kReceivedFrameCapacity = 16384;
using ReceivedFrameRing = rt::TelemetryRing<ReceivedFrame, kReceivedFrameCapacity>;

}  // namespace hilsim::hil
