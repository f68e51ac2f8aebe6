// What a run asks of its hardware-in-the-loop bridge, whichever link it serves (UDP, CAN): start
// its I/O thread, stop it, say what it did. A run holds one Bridge (tools/run/hil_session.h);
// the link's own set-up and counters stay on the concrete bridge (udp_bridge.h, can_bridge.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rt/io_thread.h"

namespace hilsim::hil {

// When a run that has accepted no command says what its bridge has received instead [s of
// wall-clock time since the bridge started]: long enough for a controller started with the run to
// have sent many.
inline constexpr double kNoCommandHintAfter = 1.0;

class Bridge {
 public:
  virtual ~Bridge() = default;
  // "udp" or "can", the prefix of its lines.
  virtual const char* link_name() const = 0;
  // Starts the I/O thread and returns once it has set itself up (io_setup()).
  virtual void start() = 0;
  // How the I/O thread runs, and what of its placement was not granted; valid after start().
  virtual const rt::IoThreadSetup& io_setup() const = 0;
  // What a user needs to know once it runs (where it listens, whom it accepts), one line each.
  virtual std::vector<std::string> started_lines() const { return {}; }
  virtual void stop() = 0;
  // Frames accepted with actuator k's κ (0-based); valid after stop().
  virtual std::uint64_t accepted_commands(int k) const = 0;
  // The link was lost and the run stopped for it; valid after stop().
  virtual bool stopped_by_link_loss() const { return false; }
  virtual void print_report() const = 0;
  // The no-command hint, once it is due (kNoCommandHintAfter into a run that has accepted no
  // command), else "": the I/O thread only copies its counters and raises a flag, and another
  // thread (the run's writer, tools/run/realtime_run.cc) formats and prints it, so that the I/O
  // thread, which may run SCHED_FIFO, neither allocates nor writes to a pipe for it. Returns it once.
  virtual std::string take_early_hint() { return ""; }
};

}  // namespace hilsim::hil
