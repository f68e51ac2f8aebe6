// What a threaded run adds when it talks to the outside world or records its inputs, per actuator:
// the valve each actuator's hydraulics evaluate (a controller's commands under that actuator's
// watchdog, or the scripted manoeuvre sampled per micro step), the sensor channels and the
// publisher the real-time tasks call after every micro step, the UDP or CAN bridge's I/O thread,
// and the recorder thread (with a CAN input it also logs every frame received, as a candump log
// beside the recording). Built before the real-time threads, finished after them.
//
// Each actuator has its own command channel, valve and event ring, because with a direct coupling
// (f-s, p-s) the actuators' hydraulics may run in several threads: every channel and ring keeps a single
// producer and a single consumer.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hil/can_bridge.h"
#include "hil/commanded_valve.h"
#include "hil/received_frames.h"
#include "hil/recorder.h"
#include "hil/sensor_publisher.h"
#include "hil/signal_map.h"
#include "hil/udp_bridge.h"
#include "rt/micro_step_observer.h"
#include "rt/periodic_loop.h"
#include "sim/analysis/trajectory.h"
#include "sim/manoeuvre/valve_command.h"
#include "tools/io/atomic_file.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct RunInputs;

class HilSession final {
 public:
  // The valves of the session's actuators (1 to hil::kMaxActuators): each one's scripted command
  // (the scenario's manoeuvre; which must outlive the session), its position at rest κ0 (the
  // joystick's centre) and its safe command, which the watchdog applies: a closed-centre valve's is
  // neutral (u = 0), the benchmark valve's κ0 unless [hil] safe_kappa sets one.
  struct Valves {
    int actuators = 1;
    std::array<const sim::ValveCommand*, hil::kMaxActuators> scripts{};
    std::array<double, hil::kMaxActuators> kappa0{};
    std::array<bool, hil::kMaxActuators> closed_centre{};
    std::string machine_text{};  // the machine file the model was built from, for the recording
  };
  // `record`: the recording's path, if any (with a CAN input, the frames received go to
  // candump_log_path(record)). `paced`: a paced run drops events on a full ring (counted; the
  // recording is then refused by replay), an unpaced one waits for room until `stop`; the CAN
  // bridge sets `stop` when its link is lost with [can] on_link_loss = "stop". Throws
  // io::InputError for a file or socket it cannot open.
  HilSession(const scenario::Scenario& scenario, const Valves& valves,
             const std::optional<std::string>& record, bool paced, std::atomic<bool>& stop);
  ~HilSession();

  // True when the run needs this session (live input or a recording).
  static bool needed(const scenario::Scenario& scenario, const std::optional<std::string>& record);
  // What a session for `scenario` maps, for the memory-lock check (rt::ProcessSetup): the bridge's
  // and the recorder's threads and the rings of the recording.
  static std::size_t bytes_to_map(const scenario::Scenario& scenario,
                                  const std::optional<std::string>& record);
  // Where a CAN run recorded in `record` logs its received frames: record + ".candump.log".
  static std::string candump_log_path(const std::string& record) { return record + ".candump.log"; }

  // The valve of actuator `k` (0-based, < the crane's actuators; std::out_of_range otherwise), to be
  // evaluated only in the thread that integrates that actuator.
  const sim::ValveCommand& valve(int k) const;
  // With the two-way coupling, the mechanics' own κ reader of actuator k (the same commands, or the
  // same script, through its own channel, watchdog and events), evaluated only in the mechanics'
  // thread; null with the other couplings.
  const sim::ValveCommand* mechanics_valve(int k) const;
  // With a scripted input, actuator k's manoeuvre itself (a pure function of time, which the two-way
  // coupling's preview may read ahead); null with a live input.
  const sim::ValveCommand* script(int k) const;
  // What the real-time tasks call after every micro step: publishes the sensors; null when no
  // bridge sends them (a scripted run, recorded or not, has no reader).
  rt::MicroStepObserver* observer() { return publisher_.get(); }
  // What the writer thread calls with every sample it assembles: the machine's named sensors
  // (joint angles, points, the supply pressure, …: sim/cosim/machine_samples.h) and the coupling
  // monitor's verdict so far (numerical_fault: the status frame's bit) for the bridge to send;
  // nothing without a bridge. Allocates nothing.
  void publish_named_sensors(const sim::Sample& sample, bool numerical_fault = false) noexcept;
  // The loops whose overruns the sensor status counts; before the real-time threads start.
  void count_overruns_of(std::vector<const rt::LoopStats*> loops);
  // Starts the I/O and recorder threads (before the real-time threads) and prints how the I/O
  // thread runs. Returns what of [rt] priority_io and the CPU placement was not granted (one
  // sentence each), for the run's real-time problems (--require-rt refuses on them).
  std::vector<std::string> start();
  // After the real-time threads: stops the I/O thread, finishes the recording with the number of
  // communication points reached and the SHA-256 of the CSV written (empty: none).
  void finish(std::int64_t communication_points, const std::string& output_sha256);
  // The same for a run that never started (refused by --require-rt): the threads stop, and no
  // recording replaces a file of that name.
  void abandon();
  // "on" while any actuator's watchdog applies its safe value, "off" otherwise, "" without a live
  // input; safe to call from any thread while the run goes on.
  const char* watchdog_state() const;
  // Commands of every actuator not applied by the first micro step after their arrival (0 without
  // a live input); after the real-time threads have ended.
  std::int64_t late_commands() const;
  // The bridge's and each actuator's watchdog counters, and where the recording went.
  void print_report() const;
  // The CAN link was lost with [can] on_link_loss = "stop", which stopped the run; after finish().
  bool stopped_by_link_loss() const { return bridge_ && bridge_->stopped_by_link_loss(); }
  // The bridge's no-command hint once it is due, else "" (hil::Bridge::take_early_hint); from the
  // run's writer thread.
  std::string take_early_hint() { return bridge_ ? bridge_->take_early_hint() : std::string(); }
  // The CAN link's outages (times since the run's start); none over UDP. After the run.
  std::vector<hil::LinkOutage> link_outages() const;

 private:
  void make_valves(const Valves& v, bool paced, const std::atomic<bool>& stop);
  void make_bridge(const Valves& v, const std::vector<int>& rt_cpus, std::atomic<bool>& stop);
  void print_valve_report(int k) const;
  void print_mechanics_reader_report(int k) const;
  void finish_threads(std::int64_t communication_points, const std::string& output_sha256, bool keep);
  void print_commands_line(const std::string& prefix, int k, double h_us) const;

  const scenario::Scenario& scenario_;
  int actuators_ = 1;
  std::array<const sim::ValveCommand*, hil::kMaxActuators> scripts_{};  // each actuator's scripted manoeuvre
  std::array<std::unique_ptr<rt::LatestValue<hil::ValveCommandSample>>, hil::kMaxActuators> commands_;
  std::array<std::unique_ptr<rt::LatestValue<hil::SensorSnapshot>>, hil::kMaxActuators> sensors_;
  std::array<std::unique_ptr<hil::InputEventRing>, hil::kMaxActuators> events_;
  std::array<std::unique_ptr<hil::CommandedValve>, hil::kMaxActuators> valves_;
  // The two-way coupling's mechanics' readers, per actuator (hil::InputReader::kMechanics).
  std::array<std::unique_ptr<rt::LatestValue<hil::ValveCommandSample>>, hil::kMaxActuators>
      mechanics_commands_;
  std::array<std::unique_ptr<hil::InputEventRing>, hil::kMaxActuators> mechanics_events_;
  std::array<std::unique_ptr<hil::CommandedValve>, hil::kMaxActuators> mechanics_valves_;
  std::array<double, hil::kMaxActuators> safe_kappa_{};   // [-]
  std::array<bool, hil::kMaxActuators> closed_centre_{};  // the valve's command is u, not κ
  std::unique_ptr<hil::SensorPublisher> publisher_;
  // The machine's named sensors, published by the writer thread, sent by the bridge.
  std::unique_ptr<rt::LatestValue<hil::NamedSensorValues>> named_sensors_;
  std::size_t named_count_ = 0;
  std::unique_ptr<hil::ReceivedFrameRing> frames_;  // CAN frames received, for the candump log
  std::unique_ptr<hil::Bridge> bridge_;             // the UDP or CAN bridge of a live input
  // The recording and the candump log are written beside their names and replace them when the
  // recording is finished (a run that fails leaves the previous ones); declared before the recorder,
  // so that its files are closed before an unfinished temporary file is removed.
  std::unique_ptr<io::ReplacingFile> record_file_;
  std::unique_ptr<io::ReplacingFile> frames_file_;
  std::unique_ptr<hil::Recorder> recorder_;
  std::optional<std::string> record_path_;
};

// The session's valves for a run of `in`: its cylinders' scripts and κ0.
HilSession::Valves session_valves(const RunInputs& in);

}  // namespace hilsim::tools
