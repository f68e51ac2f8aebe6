// What a threaded run adds when it talks to the outside world or records its inputs: the valve the
// hydraulics thread evaluates (a controller's commands under the watchdog, or the scripted
// manoeuvre sampled per micro step), the sensor channel and its publisher, the UDP or CAN bridge's
// I/O thread, and the recorder thread (with a CAN input it also logs every frame received, as a
// candump log beside the recording). Built before the real-time threads, finished after them.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "hil/can_bridge.h"
#include "hil/received_frames.h"
#include "hil/recorder.h"
#include "hil/udp_bridge.h"
#include "rt/commanded_valve.h"
#include "rt/sensor_publisher.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

class HilSession final {
 public:
  // `script`: the scenario's manoeuvre. `record`: the recording's path, if any (with a CAN input,
  // the frames received go to candump_log_path(record)). `paced`: a paced
  // run drops events on a full ring (counted; the recording is then refused by replay), an unpaced
  // one waits for room until `stop`. Throws io::InputError for a file or socket it cannot open.
  HilSession(const config::Scenario& scenario, const sim::Equilibrium& eq, const sim::ValveCommand& script,
             const std::optional<std::string>& record, bool paced, const std::atomic<bool>& stop);
  ~HilSession();

  // True when the run needs this session (live input or a recording).
  static bool needed(const config::Scenario& scenario, const std::optional<std::string>& record);
  // Where a CAN run recorded in `record` logs its received frames: record + ".candump.log".
  static std::string candump_log_path(const std::string& record) { return record + ".candump.log"; }

  const sim::ValveCommand& valve() const { return *valve_; }
  rt::SensorPublisher* sensors() { return publisher_.get(); }
  // Starts the I/O and recorder threads (before the real-time threads) and prints how the I/O
  // thread runs. Returns what of [rt] priority_io and the CPU placement was not granted (one
  // sentence each), for the run's real-time problems (--require-rt refuses on them).
  std::vector<std::string> start();
  // After the real-time threads: stops the I/O thread, finishes the recording with the number of
  // communication points reached and the SHA-256 of the CSV written (empty: none).
  void finish(std::int64_t communication_points, const std::string& output_sha256);
  // The bridge's and the watchdog's counters, and where the recording went.
  void print_report() const;

 private:
  const config::Scenario& scenario_;
  std::unique_ptr<rt::LatestValue<rt::ValveCommandSample>> commands_;
  std::unique_ptr<rt::LatestValue<rt::SensorSnapshot>> sensors_;
  std::unique_ptr<rt::InputEventRing> events_;
  std::unique_ptr<rt::CommandedValve> valve_;
  std::unique_ptr<rt::SensorPublisher> publisher_;
  std::unique_ptr<hil::UdpBridge> bridge_;
  std::unique_ptr<hil::ReceivedFrameRing> frames_;  // CAN frames received, for the candump log
  std::unique_ptr<hil::CanBridge> can_bridge_;
  std::unique_ptr<hil::Recorder> recorder_;
  std::optional<std::string> record_path_;
  double safe_kappa_ = 0.0;  // [-]
};

}  // namespace hilsim::tools
