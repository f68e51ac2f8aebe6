#include "tools/run/controller_emulator.h"

#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <span>
#include <string>
#include <utility>

#include "hil/commanded_valve.h"
#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "hil/hil_settings.h"
#include "hil/sequence_tracker.h"
#include "hil/socket_address.h"
#include "rt/clock.h"
#include "sim/manoeuvre/valve_command.h"
#include "tools/can/command_frames.h"
#include "tools/can/sensor_frames.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/run/run_inputs.h"

namespace hilsim::tools {

namespace {

// A bind address as a peer reaches it: 0.0.0.0 (every interface) is reached on the loopback.
std::string reachable(const std::string& listen) {
  const std::string any = "0.0.0.0";
  return listen.rfind(any, 0) == 0 ? "127.0.0.1" + listen.substr(any.size()) : listen;
}

}  // namespace

namespace {

// The emulator's UDP socket, bound where the sensor datagrams arrive; closed however run() ends (a
// program that runs the emulator again needs the port back).
class BoundSocket {
 public:
  explicit BoundSocket(const sockaddr_in& local)
      : fd_(socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) {
    if (fd_ < 0 || bind(fd_, reinterpret_cast<const sockaddr*>(&local), sizeof local) != 0) {
      const int e = errno;
      if (fd_ >= 0) close(fd_);
      throw io::InputError("--listen " + hil::to_string(local) + ": cannot bind: " + std::strerror(e));
    }
  }
  ~BoundSocket() { close(fd_); }
  BoundSocket(const BoundSocket&) = delete;
  BoundSocket& operator=(const BoundSocket&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

sockaddr_in address(const std::string& option, const std::string& text) {
  const hil::ParsedAddress a = hil::parse_socket_address(text, true);
  if (!a.error.empty()) throw io::InputError(option + " '" + text + "': " + a.error);
  return a.address;
}

// The check of every sensor datagram: the datagram as the scenario's [udp] e2e accepts it
// (hil/DATAGRAM.md), then its sequence number. Refused datagrams are counted, and the last reason
// kept, so that a run whose e2e differs from the emulator's is named rather than just silent.
class SensorDatagrams {
 public:
  explicit SensorDatagrams(hil::DatagramE2e e2e) : e2e_(e2e) {}
  // True when `bytes` is a datagram to use (decoded into `d`): accepted and newer than the last.
  bool accept(std::span<const std::uint8_t> bytes, hil::DecodedDatagram& d) {
    const hil::DatagramError error = hil::decode_datagram(bytes, e2e_, d);
    if (error != hil::DatagramError::kOk) {
      ++refused_;
      last_refusal_ = error;
      return false;
    }
    return hil::is_accepted(tracker_.observe(d.sequence));
  }
  std::uint64_t refused() const { return refused_; }
  hil::DatagramError last_refusal() const { return last_refusal_; }
  std::uint64_t lost() const { return tracker_.counters().lost; }

 private:
  hil::DatagramE2e e2e_;
  hil::SequenceTracker tracker_;
  std::uint64_t refused_ = 0;
  hil::DatagramError last_refusal_ = hil::DatagramError::kOk;
};

// Why the emulator gives up waiting for hilsim's first sensor datagram on `listen`: none came, or
// all that came were refused (the last one's reason: a run on another [udp] e2e, most likely).
void say_no_sensor_datagram(const SensorDatagrams& intake, const std::string& listen, double wait_s) {
  if (intake.refused() > 0) {
    std::fprintf(stderr,
                 "hilsim controller: no sensor datagram accepted on %s within %g s: %llu refused: %s; "
                 "does hilsim's scenario set the same [udp] e2e?\n",
                 listen.c_str(), wait_s, static_cast<unsigned long long>(intake.refused()),
                 hil::to_string(intake.last_refusal()));
  } else {
    std::fprintf(stderr,
                 "hilsim controller: no sensor datagram on %s within %g s; is hilsim running with "
                 "[hil] input = \"udp\" and send_to = %s?\n",
                 listen.c_str(), wait_s, listen.c_str());
  }
}

// The sensor signals the emulator logs and reports, looked up by name in the mapping once; a
// signal the mapping lacks reads as NaN.
struct SensorColumns {
  int sim_time, s, s_dot, p1, p2, f_h, kappa, watchdog, overruns;
  explicit SensorColumns(const SensorTable& t)
      : sim_time(t.column("sim_time")),
        s(t.column("s_1")),
        s_dot(t.column("sdot_1")),
        p1(t.column("p1_1")),
        p2(t.column("p2_1")),
        f_h(t.column("fh_1")),
        kappa(t.column("kappa_applied_1") >= 0 ? t.column("kappa_applied_1") : t.column("u_applied_1")),
        watchdog(t.column("watchdog_active")),
        overruns(t.column("overruns")) {}
};

// The sensor side of the emulator: every datagram received is checked, decoded into the sensor
// table and optionally logged; the newest sim_time and when it came are what the manoeuvre follows.
class SensorIntake {
 public:
  SensorIntake(const std::vector<hil::MessageSpec>& messages, hil::DatagramE2e e2e, bool keep_rows)
      : sensors_(hil::sensor_messages(messages), keep_rows), col_(sensors_), intake_(e2e) {}

  const SensorTable& sensors() const { return sensors_; }
  const SensorColumns& columns() const { return col_; }
  const SensorDatagrams& datagrams() const { return intake_; }
  double last_sim_time() const { return last_sim_time_; }  // [s]; < 0 before the first
  rt::Nanoseconds sim_time_at() const { return sim_time_at_; }
  std::uint64_t received() const { return received_; }
  std::uint64_t watchdog_reports() const { return watchdog_reports_; }

  void open_log(const std::string& path) {
    log_.open(path);
    if (!log_) throw io::InputError(path + ": cannot open the log for writing");
    log_ << "wall_s,sim_time,s1,s1dot,p1,p2,fh,kappa_applied,watchdog,overruns\n";
  }

  // Every sensor datagram that arrived on `fd` since the last call; `now` and `start` [ns].
  void drain(int fd, rt::Nanoseconds now, rt::Nanoseconds start) {
    std::array<std::uint8_t, hil::kMaxDatagramSize + 1> buf{};
    for (ssize_t n; (n = recv(fd, buf.data(), buf.size(), 0)) > 0;) {
      hil::DecodedDatagram d;
      if (!intake_.accept(std::span<const std::uint8_t>(buf.data(), static_cast<std::size_t>(n)), d))
        continue;
      bool row = false;
      for (std::size_t i = 0; i < d.count; ++i) row |= sensors_.add((now - start) / 1000, d.frames[i]);
      if (!row) continue;
      ++received_;
      watchdog_reports_ += sensors_.latest(col_.watchdog) > 0.5;
      last_sim_time_ = sensors_.latest(col_.sim_time);
      sim_time_at_ = now;
      if (log_.is_open()) write_log_row(static_cast<double>(now - start) / 1e9);
    }
  }

 private:
  void write_log_row(double wall_s) {
    log_ << wall_s;
    for (const int c : {col_.sim_time, col_.s, col_.s_dot, col_.p1, col_.p2, col_.f_h, col_.kappa,
                        col_.watchdog, col_.overruns}) {
      log_ << "," << sensors_.latest(c);
    }
    log_ << "\n";
  }

  SensorTable sensors_;
  SensorColumns col_;
  SensorDatagrams intake_;
  std::ofstream log_;
  double last_sim_time_ = -1.0;
  rt::Nanoseconds sim_time_at_ = 0;
  std::uint64_t received_ = 0;
  std::uint64_t watchdog_reports_ = 0;
};

void print_counts(std::uint64_t sent, const SensorIntake& in) {
  const SensorTable& t = in.sensors();
  const SensorColumns& col = in.columns();
  std::printf(
      "controller: %llu commands sent, %llu sensor datagrams received (%llu reporting the watchdog "
      "active, %llu lost, %llu refused); last: t = %.4f s, s1 = %.5f m, p1 = %.4f MPa, p2 = %.4f MPa, "
      "kappa = %.5f\n",
      static_cast<unsigned long long>(sent), static_cast<unsigned long long>(in.received()),
      static_cast<unsigned long long>(in.watchdog_reports()),
      static_cast<unsigned long long>(in.datagrams().lost()),
      static_cast<unsigned long long>(in.datagrams().refused()), t.latest(col.sim_time), t.latest(col.s),
      t.latest(col.p1) / 1e6, t.latest(col.p2) / 1e6, t.latest(col.kappa));
}

// The command side: κ of every actuator in the mapping's command frames, one datagram a cycle, its
// sequence number counting up from 1.
class CommandSender {
 public:
  CommandSender(int fd, const sockaddr_in& target, hil::DatagramE2e e2e, CommandFrames& frames)
      : fd_(fd), target_(target), e2e_(e2e), frames_(frames) {}
  void send(std::span<const double> kappa) {
    std::array<std::uint8_t, hil::kMaxDatagramSize> out{};
    const std::size_t size = hil::encode_datagram(e2e_, sequence_++, frames_.encode(kappa), out);
    if (sendto(fd_, out.data(), size, 0, reinterpret_cast<const sockaddr*>(&target_), sizeof target_) > 0)
      ++sent_;
  }
  std::uint64_t sent() const { return sent_; }

 private:
  int fd_;
  sockaddr_in target_;
  hil::DatagramE2e e2e_;
  CommandFrames& frames_;
  std::uint32_t sequence_ = 1;
  std::uint64_t sent_ = 0;
};

// Says once, on stderr, when hilsim's sensor datagrams still report its watchdog active well after
// the first command went out (5 watchdog timeouts, at least 0.5 s): hilsim is not taking the
// commands, and the emulator would otherwise only count it at the end.
class UnseenCommands {
 public:
  UnseenCommands(double watchdog_timeout_s, std::string to, hil::DatagramE2e e2e)
      : after_(rt::seconds_to_ns(std::max(0.5, 5.0 * watchdog_timeout_s))), to_(std::move(to)), e2e_(e2e) {}
  void check(const SensorIntake& intake, std::uint64_t sent, rt::Nanoseconds now) {
    if (said_ || sent == 0) return;
    if (first_sent_ < 0) first_sent_ = now;
    // Only what a sensor datagram said: none yet (--no-sync), or no watchdog signal, says nothing.
    const double watchdog = intake.sensors().latest(intake.columns().watchdog);
    if (intake.received() == 0 || !std::isfinite(watchdog)) return;
    if (watchdog < 0.5) {
      said_ = true;  // hilsim took a command: nothing to say
      return;
    }
    if (now - first_sent_ < after_) return;
    said_ = true;
    std::fprintf(stderr,
                 "hilsim controller: hilsim's sensor datagrams still report its watchdog active %.2g s after "
                 "the first command went to %s: it is not taking them (is it listening there, [udp] listen? "
                 "does its [udp] e2e accept datagram version %d? its report at the end names what it "
                 "refused)\n",
                 static_cast<double>(after_) / 1e9, to_.c_str(), e2e_ == hil::DatagramE2e::kCrc32 ? 2 : 1);
  }

 private:
  rt::Nanoseconds after_;
  std::string to_;
  hil::DatagramE2e e2e_;
  rt::Nanoseconds first_sent_ = -1;
  bool said_ = false;
};

// --sensors: every sensor row received, as `hilsim decode --csv` writes them.
void write_sensor_file(const SensorIntake& intake, const std::string& path) {
  io::AtomicOutputFile file(path);
  write_sensor_rows(intake.sensors(), file.stream());
  file.commit();
  std::printf("controller: %zu sensor rows written to %s\n", intake.sensors().rows().size(), path.c_str());
}

// 4 when the sensors stopped well before the run's end (hilsim was killed or stopped, not finished),
// else 0.
int end_status(const scenario::Scenario& s, const SensorIntake& intake, bool no_sync) {
  const double slack = 2.0 / s.hil.output_rate + 0.01;  // [s]
  const double last = intake.last_sim_time();
  if (no_sync || last < 0.0 || last >= s.cosim.duration - slack) return 0;
  std::fprintf(stderr,
               "hilsim controller: hilsim stopped sending at sim_time = %.4f s, before the end of the "
               "run (%g s)\n",
               last, s.cosim.duration);
  return 4;
}

}  // namespace

void ControllerEmulator::print_plan(const scenario::Scenario& s, const std::string& to_text,
                                    const std::string& listen_text, double kappa0_2,
                                    const std::string& frames) const {
  std::printf("controller: %s to %s at %g Hz for %g s%s, sensors on %s\n",
              scenario::describe(s.manoeuvre).c_str(), to_text.c_str(), rate, s.cosim.duration,
              no_sync ? " (own clock)" : " (following sim_time)", listen_text.c_str());
  if (!s.machine && s.crane.actuators == 2)
    std::printf("controller: actuator 2 on Peiret et al. 2018, eq. (35) from kappa0 = %.8f\n", kappa0_2);
  std::printf("controller: drives %s\n", frames.c_str());
  std::printf("controller: %s\n", hil::describe(s.udp.e2e));
}

void ControllerEmulator::check() const {
  // What the command line checks already, for a program that sets the fields itself.
  if (!(rate >= 1.0 && rate <= 100000.0)) throw io::InputError("controller: rate must be in [1, 100000] Hz");
  if (!(lead >= 0.0 && lead <= 1.0)) throw io::InputError("controller: lead must be in [0, 1] s");
  if (!(wait > 0.0)) throw io::InputError("controller: wait must be positive [s]");
  if (stop_after && !(*stop_after >= 0.0)) throw io::InputError("controller: stop_after must be >= 0 s");
}

int ControllerEmulator::run(const scenario::Scenario& s) const {
  check();
  const RunInputs in = prepare_run(s);
  // Where the scenario's hilsim listens and sends, unless told otherwise: the emulator and the run
  // read the same file.
  const std::string to_text = to.value_or(reachable(s.udp.listen));
  const std::string listen_text = listen.value_or(s.udp.send_to);
  const sockaddr_in target = address("--to", to_text);
  const BoundSocket bound(address("--listen", listen_text));
  const int fd = bound.fd();
  // The scenario's signal mapping ([[messages]]) or the default for its actuators: κ of actuator k
  // goes in the command message with kappa_k. Sensor datagrams decode by the same table as `hilsim
  // decode`: a datagram carries one snapshot as the sensor messages in mapping order, and its last
  // one closes the row.
  const std::vector<hil::MessageSpec> messages = scenario::signal_mapping(s);
  if (sensors) io::refuse_same_file(*sensors, "--sensors", s.source, "the scenario");
  SensorIntake intake(messages, s.udp.e2e, sensors.has_value());
  if (!no_sync && intake.columns().sim_time < 0) {
    throw io::InputError(
        s.source + ": the sensor messages carry no sim_time signal to follow; add one or use --no-sync");
  }
  // The command of every valve, in the frames the mapping puts it in, from the valves of a scripted
  // run: a machine file's command table; the built-in crane's manoeuvre, its actuator 2 (a
  // double-actuated crane) on Peiret et al. 2018, eq. (35) from its own equilibrium κ0.
  const int valves = std::min(scenario::commanded_actuators(s), in.cylinders());
  CommandFrames command_frames(hil::command_messages(messages), valves, s.source);
  const double kappa0_2 = in.cylinders() == 2 ? in.command0(1) : 0.0;
  std::array<double, hil::kMaxActuators> commands{};
  if (log) intake.open_log(*log);
  print_plan(s, to_text, listen_text, kappa0_2, command_frames.describe());

  const rt::Nanoseconds period = rt::seconds_to_ns(1.0 / rate);
  const rt::Nanoseconds start = rt::now_ns();
  CommandSender sender(fd, target, s.udp.e2e, command_frames);
  UnseenCommands unseen(s.hil.watchdog_timeout, to_text, s.udp.e2e);
  for (std::int64_t k = 0;; ++k) {
    rt::sleep_until_ns(start + k * period);
    const rt::Nanoseconds now = rt::now_ns();
    intake.drain(fd, now, start);
    unseen.check(intake, sender.sent(), now);
    double t = 0.0;  // manoeuvre time [s]
    if (no_sync) {
      t = static_cast<double>(now - start) / 1e9;
    } else if (intake.last_sim_time() < 0.0) {
      if (now - start > rt::seconds_to_ns(wait)) {
        say_no_sensor_datagram(intake.datagrams(), listen_text, wait);
        return 2;
      }
      continue;  // nothing to follow yet: hilsim holds its safe value until the first command
    } else {
      t = intake.last_sim_time() + static_cast<double>(now - intake.sim_time_at()) / 1e9;
      if (now - intake.sim_time_at() > rt::seconds_to_ns(1.0))
        break;  // the simulation has ended (or vanished)
    }
    if (t >= s.cosim.duration) break;
    if (stop_after && t >= *stop_after) continue;  // silent: hilsim's watchdog takes over
    for (int v = 0; v < valves; ++v) commands[static_cast<std::size_t>(v)] = in.valve(v).kappa(0, t + lead);
    sender.send(commands);
  }
  print_counts(sender.sent(), intake);
  if (sensors) write_sensor_file(intake, *sensors);
  return end_status(s, intake, no_sync);
}

}  // namespace hilsim::tools
