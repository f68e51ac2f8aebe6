#include "tools/hilsim/hil_session.h"

#include <cstdio>

#include "hil/build_identity.h"
#include "hil/default_messages.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario_writer.h"

namespace hilsim::tools {

bool HilSession::needed(const config::Scenario& s, const std::optional<std::string>& record) {
  return record.has_value() || s.hil.input != hil::InputSource::kScript;
}

HilSession::HilSession(const config::Scenario& s, const sim::Equilibrium& eq, const sim::ValveCommand& script,
                       const std::optional<std::string>& record, bool paced, const std::atomic<bool>& stop)
    : scenario_(s), record_path_(record) {
  rt::CommandedValve::EventSink events{nullptr, paced ? nullptr : &stop};
  const std::vector<int> rt_cpus = {s.rt.mechanics.cpu, s.rt.hydraulics.cpu};
  if (record) {
    events_ = std::make_unique<rt::InputEventRing>();
    events.ring = events_.get();
    try {
      recorder_ = std::make_unique<hil::Recorder>(*record, hil::build_identity(), config::to_toml(s), *events_,
                                                  rt_cpus);
    } catch (const hil::RecordingError& e) {
      throw io::InputError(e.what());
    }
  }
  if (s.hil.input == hil::InputSource::kScript) {
    valve_ = std::make_unique<rt::CommandedValve>(script, events);
  } else {
    commands_ = std::make_unique<rt::LatestValue<rt::ValveCommandSample>>();
    safe_kappa_ = s.hil.safe_kappa.value_or(eq.kappa);
    const rt::WatchdogSettings watchdog{rt::seconds_to_ns(s.hil.watchdog_timeout), safe_kappa_};
    valve_ = std::make_unique<rt::CommandedValve>(*commands_, watchdog, events);
  }
  if (s.hil.input == hil::InputSource::kUdp || s.hil.input == hil::InputSource::kCan) {
    // Sensor snapshots after every micro step, only where a bridge sends them: a scripted run
    // (recorded or not) has no reader, and its hydraulics thread does not publish them.
    sensors_ = std::make_unique<rt::LatestValue<rt::SensorSnapshot>>();
    publisher_ = std::make_unique<rt::SensorPublisher>(*valve_, valve_.get(), s.cosim.h_hyd, *sensors_);
  }
  try {
    if (s.hil.input == hil::InputSource::kUdp) {
      bridge_ = std::make_unique<hil::UdpBridge>(s.udp, s.hil, hil::effective_messages(s.hil, s.crane.actuators),
                                                 s.crane.actuators, *commands_, *sensors_,
                                                 rt::IoThreadPlacement{rt_cpus, s.rt.io_priority});
    } else if (s.hil.input == hil::InputSource::kCan) {
      if (recorder_) {
        frames_ = std::make_unique<hil::ReceivedFrameRing>();
        recorder_->log_frames(candump_log_path(*record), s.can.interface, *frames_);
      }
      can_bridge_ = std::make_unique<hil::CanBridge>(s.can, s.hil, hil::effective_messages(s.hil, s.crane.actuators),
                                                     s.crane.actuators, hil::joystick_input(s.can, eq.kappa), *commands_,
                                                     *sensors_, rt::IoThreadPlacement{rt_cpus, s.rt.io_priority},
                                                     frames_.get());
      std::printf("can: %s\n", can_bridge_->link_report().c_str());
    }
  } catch (const hil::RecordingError& e) {
    throw io::InputError(e.what());
  } catch (const std::exception& e) {
    throw io::InputError(s.source + ": " + e.what());
  }
}

HilSession::~HilSession() = default;

std::vector<std::string> HilSession::start() {
  if (recorder_) recorder_->start();
  const rt::IoThreadSetup* io = nullptr;
  if (bridge_) {
    bridge_->start();
    io = &bridge_->io_setup();
  }
  if (can_bridge_) {
    can_bridge_->start();
    io = &can_bridge_->io_setup();
  }
  if (!io) return {};
  std::printf("%s I/O thread: %s\n", bridge_ ? "udp" : "can", io->description.c_str());
  if (io->problem.empty()) return {};
  return {std::string(bridge_ ? "udp" : "can") + " I/O thread: " + io->problem};
}

void HilSession::finish(std::int64_t communication_points, const std::string& output_sha256) {
  if (bridge_) bridge_->stop();
  if (can_bridge_) can_bridge_->stop();
  if (recorder_) {
    try {
      recorder_->finish(communication_points, output_sha256);
    } catch (const hil::RecordingError& e) {
      throw io::InputError(e.what());
    }
  }
}

void HilSession::print_report() const {
  if (bridge_) bridge_->print_report();
  if (can_bridge_) can_bridge_->print_report();
  if (scenario_.hil.input != hil::InputSource::kScript) {
    std::printf("watchdog: %lld trip(s) to kappa = %.8f (timeout %g s); %s at the end; the safe value took "
                "effect at most %.1f us after a command expired (hydraulic period %.1f us)\n",
                static_cast<long long>(valve_->watchdog_trips()), safe_kappa_, scenario_.hil.watchdog_timeout,
                valve_->watchdog_active() ? "active" : "inactive",
                static_cast<double>(valve_->max_fallback_delay_ns()) / 1e3, scenario_.cosim.h_hyd * 1e6);
    // From a command's arrival at the bridge to the micro step that applied it: in micro steps,
    // the latency the controller sees on top of the bus.
    const double delay_us = static_cast<double>(valve_->max_command_delay_ns()) / 1e3;
    std::printf("commands: %lld applied by the valve, each at most %.1f us (%.2f hydraulic periods) after it "
                "arrived; %lld not by the first micro step after their arrival\n",
                static_cast<long long>(valve_->commands_applied()), delay_us, delay_us / (scenario_.cosim.h_hyd * 1e6),
                static_cast<long long>(valve_->commands_applied_late()));
  }
  if (recorder_) {
    std::printf("recording: %lld input(s) written to %s%s\n", static_cast<long long>(recorder_->events()),
                record_path_->c_str(),
                recorder_->dropped() ? (", " + std::to_string(recorder_->dropped()) +
                                        " LOST (the ring overflowed): the recording cannot be replayed")
                                           .c_str()
                                     : "");
    if (frames_) {
      std::printf("recording: %lld CAN frame(s) written to %s%s\n", static_cast<long long>(recorder_->frames_logged()),
                  candump_log_path(*record_path_).c_str(),
                  recorder_->frames_not_logged()
                      ? (", " + std::to_string(recorder_->frames_not_logged()) + " not expressible as candump lines")
                            .c_str()
                      : "");
    }
  }
}

}  // namespace hilsim::tools
