#include "tools/run/hil_session.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "hil/build_identity.h"
#include "hil/default_messages.h"
#include "hil/machine_signals.h"
#include "hil/socket_address.h"
#include "rt/process_setup.h"
#include "rt/system_info.h"
#include "tools/io/input_error.h"
#include "tools/run/run_inputs.h"
#include "tools/scenario/scenario_writer.h"

namespace hilsim::tools {

bool HilSession::needed(const scenario::Scenario& s, const std::optional<std::string>& record) {
  return record.has_value() || s.hil.input != hil::InputSource::kScript;
}

std::size_t HilSession::bytes_to_map(const scenario::Scenario& s, const std::optional<std::string>& record) {
  const std::size_t thread = rt::thread_bytes(rt::default_thread_stack_bytes());  // a std::thread's
  std::size_t bytes = s.hil.input == hil::InputSource::kScript ? 0 : thread;      // the bridge's I/O
  if (!record) return bytes;
  // Every actuator's event ring, and the mechanics' too (two-way coupling), as the constructor makes
  // them; and the CAN frames received, for the candump log.
  const auto actuators = static_cast<std::size_t>(scenario::commanded_actuators(s));
  const std::size_t rings = (s.cosim.coupling == sim::Coupling::kTwoWay ? 2 : 1) * actuators;
  bytes += thread + rings * sizeof(hil::InputEventRing);
  if (s.hil.input == hil::InputSource::kCan) bytes += sizeof(hil::ReceivedFrameRing);
  return bytes;
}

HilSession::HilSession(const scenario::Scenario& s, const Valves& v, const std::optional<std::string>& record,
                       bool paced, std::atomic<bool>& stop)
    : scenario_(s), actuators_(v.actuators), closed_centre_(v.closed_centre), record_path_(record) {
  if (actuators_ < 1 || actuators_ > hil::kMaxActuators) {
    throw io::InputError(s.source + ": the machine has " + std::to_string(actuators_) +
                         " cylinders; a run with a live input or a recording drives 1 to " +
                         std::to_string(hil::kMaxActuators));
  }
  const std::vector<int> rt_cpus = rt::real_time_cpus(s.rt);
  const bool twoway = s.cosim.coupling == sim::Coupling::kTwoWay;
  if (record) {
    std::vector<hil::InputEventRing*> rings;
    for (int k = 0; k < actuators_; ++k) {
      events_[static_cast<std::size_t>(k)] = std::make_unique<hil::InputEventRing>();
      rings.push_back(events_[static_cast<std::size_t>(k)].get());
      if (!twoway) continue;
      mechanics_events_[static_cast<std::size_t>(k)] = std::make_unique<hil::InputEventRing>();
      rings.push_back(mechanics_events_[static_cast<std::size_t>(k)].get());
    }
    record_file_ = std::make_unique<io::ReplacingFile>(*record);
    try {
      // The machine file goes into the recording whole, as the model was built from it: the replay
      // simulates the machine that ran.
      recorder_ = std::make_unique<hil::Recorder>(record_file_->temporary(), hil::build_identity(),
                                                  scenario::to_toml(s), rings, rt_cpus, v.machine_text);
    } catch (const hil::RecordingError& e) {
      throw io::InputError(e.what());
    }
  }
  make_valves(v, paced, stop);
  if (s.hil.input == hil::InputSource::kUdp || s.hil.input == hil::InputSource::kCan) {
    // Sensor snapshots after every micro step, only where a bridge sends them: a scripted run
    // (recorded or not) has no reader, and its real-time tasks get no observer.
    hil::SensorChannels channels{};
    hil::CommandedValves valves{};
    for (std::size_t k = 0; k < static_cast<std::size_t>(actuators_); ++k) {
      sensors_[k] = std::make_unique<rt::LatestValue<hil::SensorSnapshot>>();
      channels[k] = sensors_[k].get();
      valves[k] = valves_[k].get();
    }
    publisher_ = std::make_unique<hil::SensorPublisher>(channels, valves, s.cosim.h_hyd);
  }
  make_bridge(v, rt_cpus, stop);
  if (bridge_) {
    for (const std::string& line : scenario::narrow_sensor_signals(s)) {
      std::printf(
          "%s: [[messages]]: %s; [hil] narrow_signals = \"warn\": such values are clipped to the "
          "signal's range and counted\n",
          s.source.c_str(), line.c_str());
    }
  }
}

// One valve per actuator: scripted (its manoeuvre), or live from its own command channel under its
// own watchdog.
void HilSession::make_valves(const Valves& v, bool paced, const std::atomic<bool>& stop) {
  const scenario::Scenario& s = scenario_;
  for (int k = 0; k < actuators_; ++k) {
    const auto i = static_cast<std::size_t>(k);
    const hil::CommandedValve::EventSink events{events_[i].get(), paced ? nullptr : &stop};
    const hil::CommandedValve::EventSink mechanics_events{mechanics_events_[i].get(),
                                                          paced ? nullptr : &stop};
    const bool twoway = s.cosim.coupling == sim::Coupling::kTwoWay;
    constexpr hil::InputReader kMechanics = hil::InputReader::kMechanics;
    if (s.hil.input == hil::InputSource::kScript) {
      scripts_[i] = v.scripts[i];
      const sim::ValveCommand& own = *scripts_[i];
      valves_[i] = std::make_unique<hil::CommandedValve>(own, events, k);
      if (twoway)
        mechanics_valves_[i] = std::make_unique<hil::CommandedValve>(own, mechanics_events, k, kMechanics);
      continue;
    }
    commands_[i] = std::make_unique<rt::LatestValue<hil::ValveCommandSample>>();
    safe_kappa_[i] = v.closed_centre[i] ? 0.0 : s.hil.safe_kappa.value_or(v.kappa0[i]);
    const hil::WatchdogSettings watchdog{rt::seconds_to_ns(s.hil.watchdog_timeout), safe_kappa_[i]};
    valves_[i] = std::make_unique<hil::CommandedValve>(*commands_[i], watchdog, events, k);
    if (!twoway) continue;
    mechanics_commands_[i] = std::make_unique<rt::LatestValue<hil::ValveCommandSample>>();
    mechanics_valves_[i] = std::make_unique<hil::CommandedValve>(*mechanics_commands_[i], watchdog,
                                                                 mechanics_events, k, kMechanics);
  }
}

void HilSession::publish_named_sensors(const sim::Sample& sample, bool numerical_fault) noexcept {
  if (!named_sensors_) return;
  hil::NamedSensorValues v;
  v.t = sample.t;
  v.numerical_fault = numerical_fault;
  for (std::size_t i = 0; i < named_count_ && i < v.value.size(); ++i) v.value[i] = sample.sensor[i];
  named_sensors_->publish(v);
}

void HilSession::make_bridge(const Valves& v, const std::vector<int>& rt_cpus, std::atomic<bool>& stop) {
  const scenario::Scenario& s = scenario_;
  if (s.hil.input == hil::InputSource::kScript) return;
  hil::CommandChannels commands{};
  hil::SensorChannels sensors{};
  for (std::size_t k = 0; k < static_cast<std::size_t>(actuators_); ++k) {
    commands.hydraulics[k] = commands_[k].get();
    commands.mechanics[k] = mechanics_commands_[k].get();  // two-way coupling, else null
    sensors[k] = sensors_[k].get();
  }
  const rt::IoThreadPlacement io{rt_cpus, s.rt.io_priority};
  try {
    // A machine file's named sensors, whichever of them the mapping sends (by name); those it does not
    // send, said once.
    const std::vector<hil::MessageSpec> mapping =
        scenario::signal_mapping(s);  // built once, for both bridges
    const std::vector<hil::NamedSensorReach> machine_sensors = scenario::machine_file_sensors(s);
    std::string unsent;
    for (const std::string& name : hil::unsent_named_sensors(mapping, machine_sensors))
      unsent += (unsent.empty() ? "" : ", ") + name;
    if (!unsent.empty()) {
      std::printf(
          "hil: the machine's named sensor(s) %s are in no sensor frame (the generated mapping sends them "
          "only "
          "when they fit its datagram of 16 frames beside the cylinders'; a [[messages]] mapping can carry "
          "them)\n",
          unsent.c_str());
    }
    // The writer thread's channel: the named sensors (if any) and the coupling monitor's verdict.
    hil::NamedSensorInput named{hil::named_sensor_names(machine_sensors), nullptr};
    named_sensors_ = std::make_unique<rt::LatestValue<hil::NamedSensorValues>>();
    named.channel = named_sensors_.get();
    named_count_ = named.names.size();
    if (s.hil.input == hil::InputSource::kUdp) {
      bridge_ =
          std::make_unique<hil::UdpBridge>(s.udp, s.hil, mapping, actuators_, commands, sensors, io, named);
    } else if (s.hil.input == hil::InputSource::kCan) {
      if (recorder_) {
        frames_ = std::make_unique<hil::ReceivedFrameRing>();
        frames_file_ = std::make_unique<io::ReplacingFile>(candump_log_path(*record_path_));
        recorder_->log_frames(frames_file_->temporary(), s.can.interface, *frames_);
      }
      // The joysticks move the valves [can] joystick_axes (or joystick_axis, joystick_axis_2) give
      // them, as replay --candump replays them.
      const std::span<const double> command0(v.kappa0.data(), static_cast<std::size_t>(actuators_));
      const std::span<const bool> closed_centre(v.closed_centre.data(), static_cast<std::size_t>(actuators_));
      auto can = std::make_unique<hil::CanBridge>(s.can, s.hil, mapping, actuators_,
                                                  hil::joystick_input(s.can, command0, closed_centre),
                                                  commands, sensors, io, frames_.get(), &stop, named);
      std::printf("can: %s\n", can->link_report().c_str());
      bridge_ = std::move(can);
    }
  } catch (const hil::RecordingError& e) {
    throw io::InputError(e.what());
  } catch (const std::exception& e) {
    throw io::InputError(s.source + ": " + e.what());
  }
}

std::vector<hil::LinkOutage> HilSession::link_outages() const {
  const auto* can = dynamic_cast<const hil::CanBridge*>(bridge_.get());
  return can ? can->outages().outages() : std::vector<hil::LinkOutage>{};
}

const sim::ValveCommand* HilSession::mechanics_valve(int k) const {
  if (k < 0 || k >= actuators_) return nullptr;
  return mechanics_valves_[static_cast<std::size_t>(k)].get();
}

HilSession::Valves session_valves(const RunInputs& in) {
  HilSession::Valves v;
  v.actuators = in.cylinders();
  v.machine_text = in.machine_text;
  for (int k = 0; k < std::min(in.cylinders(), hil::kMaxActuators); ++k) {
    const auto i = static_cast<std::size_t>(k);
    v.scripts[i] = &in.valve(k);
    v.kappa0[i] = in.command0(k);
    v.closed_centre[i] =
        in.model->cylinders[i].valve.type == sim::machine::ValveDescription::Type::kProportional;
  }
  return v;
}

const sim::ValveCommand* HilSession::script(int k) const {
  return k >= 0 && k < hil::kMaxActuators ? scripts_[static_cast<std::size_t>(k)] : nullptr;
}

const char* HilSession::watchdog_state() const {
  if (scenario_.hil.input == hil::InputSource::kScript) return "";
  for (int k = 0; k < actuators_; ++k) {
    if (valves_[static_cast<std::size_t>(k)]->watchdog_active_shared()) return "on";
  }
  return "off";
}

std::int64_t HilSession::late_commands() const {
  if (scenario_.hil.input == hil::InputSource::kScript) return 0;
  std::int64_t late = 0;
  for (int k = 0; k < actuators_; ++k) late += valves_[static_cast<std::size_t>(k)]->commands_applied_late();
  return late;
}

const sim::ValveCommand& HilSession::valve(int k) const {
  if (k < 0 || k >= actuators_) {
    throw std::out_of_range("hil session: no valve of actuator index " + std::to_string(k) +
                            " (the crane has " + std::to_string(actuators_) + ")");
  }
  return *valves_[static_cast<std::size_t>(k)];
}

void HilSession::count_overruns_of(std::vector<const rt::LoopStats*> loops) {
  if (publisher_) publisher_->count_overruns_of(std::move(loops));
}

HilSession::~HilSession() = default;

std::vector<std::string> HilSession::start() {
  if (recorder_) recorder_->start();
  if (!bridge_) return {};
  bridge_->start();
  for (const std::string& line : bridge_->started_lines()) std::printf("%s\n", line.c_str());
  const rt::IoThreadSetup& io = bridge_->io_setup();
  std::printf("%s I/O thread: %s\n", bridge_->link_name(), io.description.c_str());
  if (io.problem.empty()) return {};
  return {std::string(bridge_->link_name()) + " I/O thread: " + io.problem};
}

void HilSession::finish(std::int64_t communication_points, const std::string& output_sha256) {
  finish_threads(communication_points, output_sha256, true);
}

void HilSession::abandon() { finish_threads(0, "", false); }

void HilSession::finish_threads(std::int64_t communication_points, const std::string& output_sha256,
                                bool keep) {
  if (bridge_) bridge_->stop();
  if (recorder_) {
    try {
      recorder_->finish(communication_points, output_sha256);
      if (!keep) return;  // the temporary files are removed with the session: a file there stays as it was
      if (frames_file_) frames_file_->commit();
      record_file_->commit();
    } catch (const hil::RecordingError& e) {
      throw io::InputError(e.what());
    }
  }
}

// The watchdog and commands lines of actuator k; prefixed "actuator k: " when there are two.
void HilSession::print_valve_report(int k) const {
  const hil::CommandedValve& valve = *valves_[static_cast<std::size_t>(k)];
  const std::string prefix = actuators_ > 1 ? "actuator " + std::to_string(k + 1) + ": " : "";
  const double h_us = scenario_.cosim.h_hyd * 1e6;  // hydraulic period [µs]
  const char* at_end = valve.watchdog_active() ? "active" : "inactive";
  const long long trips = valve.watchdog_trips(), before = valve.watchdog_trips_without_command();
  if (trips == 0) {
    std::printf("%swatchdog: no trip (timeout %g s); %s at the end\n", prefix.c_str(),
                scenario_.hil.watchdog_timeout, at_end);
  } else {
    std::printf(
        "%swatchdog: %lld trip(s) to %s = %.8f (timeout %g s): %lld before the first command, %lld after "
        "a command expired; %s at the end",
        prefix.c_str(), trips, closed_centre_[static_cast<std::size_t>(k)] ? "u" : "kappa",
        safe_kappa_[static_cast<std::size_t>(k)], scenario_.hil.watchdog_timeout, before, trips - before,
        at_end);
    // The delay is measured only when a command expired: a start-up trip has none.
    if (trips > before) {
      std::printf(
          "; the safe value took effect at most %.1f us after a command expired (hydraulic period %.1f us)",
          static_cast<double>(valve.max_fallback_delay_ns()) / 1e3, h_us);
    }
    std::printf("\n");
  }
  print_commands_line(prefix, k, h_us);
}

// The two-way coupling's mechanics read the same commands at their own micro steps, under their own
// watchdog: one line for them.
void HilSession::print_mechanics_reader_report(int k) const {
  const hil::CommandedValve* valve = mechanics_valves_[static_cast<std::size_t>(k)].get();
  if (!valve) return;
  const std::string prefix = actuators_ > 1 ? "actuator " + std::to_string(k + 1) + ": " : "";
  std::printf(
      "%smechanics' kappa reader: %lld command(s) applied at the mechanics' micro steps; watchdog: %lld "
      "trip(s) (%lld before the first command); %s at the end\n",
      prefix.c_str(), static_cast<long long>(valve->commands_applied()),
      static_cast<long long>(valve->watchdog_trips()),
      static_cast<long long>(valve->watchdog_trips_without_command()),
      valve->watchdog_active() ? "active" : "inactive");
}

// One count of applied commands: a command is applied once, by the first micro step that uses it;
// one the bridge accepted but a newer one replaced before any micro step read it is superseded.
void HilSession::print_commands_line(const std::string& prefix, int k, double h_us) const {
  const hil::CommandedValve& valve = *valves_[static_cast<std::size_t>(k)];
  if (bridge_) {
    // Each frame the bridge accepted with this actuator's κ was applied or superseded.
    const auto accepted = static_cast<long long>(bridge_->accepted_commands(k));
    std::printf(
        "%scommands: %lld accepted by the bridge, %lld superseded before the valve used them, %lld applied "
        "by the valve\n",
        prefix.c_str(), accepted, std::max(0LL, accepted - static_cast<long long>(valve.commands_applied())),
        static_cast<long long>(valve.commands_applied()));
  }
  if (valve.commands_applied() == 0) {
    std::printf("%scommands: none applied\n", prefix.c_str());
    return;
  }
  // From a command's arrival at the bridge to the micro step that applied it: in micro steps,
  // the latency the controller sees on top of the bus.
  const double delay_us = static_cast<double>(valve.max_command_delay_ns()) / 1e3;
  std::printf(
      "%scommands: %lld applied (each once, by the first micro step to use it; an accepted command "
      "replaced before that is not applied), each at most %.1f us (%.2f hydraulic periods) after it "
      "arrived; %lld not by the first micro step after their arrival\n",
      prefix.c_str(), static_cast<long long>(valve.commands_applied()), delay_us, delay_us / h_us,
      static_cast<long long>(valve.commands_applied_late()));
}

void HilSession::print_report() const {
  if (bridge_) bridge_->print_report();
  if (scenario_.hil.input != hil::InputSource::kScript) {
    for (int k = 0; k < actuators_; ++k) {
      print_valve_report(k);
      print_mechanics_reader_report(k);
    }
  }
  if (recorder_) {
    std::printf("recording: %lld input(s) written to %s%s\n", static_cast<long long>(recorder_->events()),
                record_path_->c_str(),
                recorder_->dropped() ? (", " + std::to_string(recorder_->dropped()) +
                                        " LOST (the ring overflowed): the recording cannot be replayed")
                                           .c_str()
                                     : "");
    if (frames_) {
      std::printf("recording: %lld CAN frame(s) written to %s%s\n",
                  static_cast<long long>(recorder_->frames_logged()), candump_log_path(*record_path_).c_str(),
                  recorder_->frames_not_logged() ? (", " + std::to_string(recorder_->frames_not_logged()) +
                                                    " not expressible as candump lines")
                                                       .c_str()
                                                 : "");
    }
  }
}

}  // namespace hilsim::tools
