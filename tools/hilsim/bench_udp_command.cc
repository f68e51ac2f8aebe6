#include "tools/hilsim/bench_udp_command.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "hil/datagram.h"
#include "hil/default_messages.h"
#include "hil/socket_address.h"
#include "rt/clock.h"
#include "sim/machine/lim_crane.h"
#include "sim/machine/machine_equilibrium.h"
#include "sim/machine/machine_model.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"

extern char** environ;

namespace hilsim::tools {

void BenchUdpCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "bench-udp", "Latency from a kappa step sent over UDP to the sensor datagram that shows it");
  cmd->add_option("--steps", steps, "Kappa steps per output rate (default 200)")
      ->check(whole_number_in(1, 100000));
  cmd->add_option("--interval", interval, "Time between steps [s] (default 0.02)")
      ->check(number_in(0.002, 10.0));
  add_number_list(*cmd, "--rates", rates_hz,
                  "Sensor output rates [Hz] to measure, comma-separated (default 1000,10000)",
                  closed_range(1.0, 100000.0));
  cmd->add_option("--hH", h_hyd, "Hydraulic step of the run [s] (default 1e-4)")->check(positive_number());
  cmd->add_option("--port", port, "UDP port of the run; sensors come to port + 1 (default 47850)")
      ->check(whole_number_in(1024, 65534));
  cmd->add_option(
         "--e2e", e2e,
         "Datagram protection of the run ([udp] e2e) and of the steps sent: crc32 (version 2) or none "
         "(version 1) (default crc32)")
      ->check(CLI::IsMember({"crc32", "none"}));
}

namespace {

// The child `hilsim run`, stopped with SIGINT (a clean end) when this goes out of scope.
class Child {
 public:
  explicit Child(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY,
                                     0);  // its end-of-run notes
    if (posix_spawn(&pid_, "/proc/self/exe", &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  ~Child() {
    if (pid_ <= 0) return;
    kill(pid_, SIGINT);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  bool running() const { return pid_ > 0; }

 private:
  pid_t pid_ = -1;
};

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const std::size_t i = std::min(
      v.size() - 1, static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size()))) - (p > 0 ? 1 : 0));
  return v[i];
}

// The newest kappa_applied_1 of the sensor datagrams waiting on `fd`, or -1 when none came within
// `timeout_ns`.
// The message and signal that carry kappa_applied_1 in the default mapping.
struct AppliedKappa {
  std::uint32_t id = 0;
  hil::SignalSpec signal;
};

AppliedKappa find_applied_kappa(const std::vector<hil::MessageSpec>& messages) {
  for (const hil::MessageSpec& m : messages) {
    for (const hil::SignalSpec& s : m.signals) {
      if (s.name == "kappa_applied_1") return {m.id, s};
    }
  }
  throw io::InputError("bench-udp: the signal mapping has no kappa_applied_1");
}

double receive_kappa(int fd, rt::Nanoseconds timeout_ns, const AppliedKappa& kappa_applied,
                     hil::DatagramE2e e2e) {
  pollfd p{fd, POLLIN, 0};
  const timespec t{static_cast<time_t>(timeout_ns / 1'000'000'000),
                   static_cast<long>(timeout_ns % 1'000'000'000)};
  if (ppoll(&p, 1, &t, nullptr) <= 0) return -1.0;
  std::array<std::uint8_t, hil::kMaxDatagramSize + 1> buf{};
  const ssize_t n = recv(fd, buf.data(), buf.size(), MSG_DONTWAIT);
  hil::DecodedDatagram d;
  if (n <= 0 || hil::decode_datagram(std::span<const std::uint8_t>(buf.data(), static_cast<std::size_t>(n)),
                                     e2e, d) != hil::DatagramError::kOk) {
    return -1.0;
  }
  for (std::size_t i = 0; i < d.count; ++i) {
    if (d.frames[i].id == kappa_applied.id) {
      return hil::decode(kappa_applied.signal,
                         std::span<const std::uint8_t>(d.frames[i].data.data(), d.frames[i].length));
    }
  }
  return -1.0;
}

struct Figures {
  std::vector<double> latency_us;
  int missed = 0;
};

Figures measure(const BenchUdpCommand& b, double rate, double kappa0) {
  const hil::DatagramE2e e2e = *hil::datagram_e2e_from_string(b.e2e);  // checked by --e2e's IsMember
  const std::string scenario = (std::filesystem::temp_directory_path() / "hilsim_bench_udp.toml").string();
  const double duration = b.steps * b.interval + 2.0;
  std::ofstream(scenario) << "[run]\nduration = " << duration << "\n[cosim]\nH = 1e-3\nh_hyd = " << b.h_hyd
                          << "\n"
                          << "[hil]\ninput = \"udp\"\nwatchdog_timeout = 60\noutput_rate = " << rate << "\n"
                          << "[udp]\nlisten = \"127.0.0.1:" << b.port
                          << "\"\nsend_to = \"127.0.0.1:" << b.port + 1 << "\"\ne2e = \"" << b.e2e << "\"\n";
  const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  const sockaddr_in local =
      hil::parse_socket_address("127.0.0.1:" + std::to_string(b.port + 1), true).address;
  const sockaddr_in target = hil::parse_socket_address("127.0.0.1:" + std::to_string(b.port), true).address;
  if (fd < 0 || bind(fd, reinterpret_cast<const sockaddr*>(&local), sizeof local) != 0) {
    throw io::InputError("bench-udp: cannot bind 127.0.0.1:" + std::to_string(b.port + 1));
  }
  Figures f;
  {
    const Child run({"hilsim", "run", scenario, "--realtime"});
    const std::vector<hil::MessageSpec> messages = hil::default_messages(1);
    const hil::SignalSpec& kappa_signal = messages[0].signals[2];  // kappa_1 (hil/default_messages.h)
    const AppliedKappa applied = find_applied_kappa(messages);
    // Wait for the run to send (it has started its threads).
    if (receive_kappa(fd, 5'000'000'000, applied, e2e) < 0) {
      throw io::InputError("bench-udp: the run sent no sensor datagram");
    }
    std::uint32_t seq = 1;
    for (int i = 0; i < b.steps; ++i) {
      const double kappa = kappa0 + (i % 2 == 0 ? 0.002 : -0.002);
      hil::Frame frame;
      frame.id = hil::kCommandId;
      frame.length = 8;
      hil::encode(kappa_signal, kappa, std::span<std::uint8_t>(frame.data.data(), 8));
      // What the run applies is the command as the frame carries it (kappa_1: 1e-7 per bit), not
      // the step asked for: the applied signal (1e-9 per bit) shows that value.
      const double carried = hil::decode(kappa_signal, std::span<const std::uint8_t>(frame.data.data(), 8));
      std::array<std::uint8_t, hil::kMaxDatagramSize> out{};
      const std::size_t size = hil::encode_datagram(e2e, seq++, std::span<const hil::Frame>(&frame, 1), out);
      while (receive_kappa(fd, 0, applied, e2e) >= 0) {
      }  // drain what came before the step
      const rt::Nanoseconds sent = rt::now_ns();
      sendto(fd, out.data(), size, 0, reinterpret_cast<const sockaddr*>(&target), sizeof target);
      bool seen = false;
      while (rt::now_ns() - sent < 500'000'000) {
        const double k = receive_kappa(fd, 100'000'000, applied, e2e);
        if (k >= 0 && std::abs(k - carried) < 2e-9) {
          f.latency_us.push_back(static_cast<double>(rt::now_ns() - sent) / 1e3);
          seen = true;
          break;
        }
      }
      if (!seen) ++f.missed;
      rt::sleep_until_ns(sent + rt::seconds_to_ns(b.interval));
    }
  }
  close(fd);
  std::filesystem::remove(scenario);
  return f;
}

}  // namespace

int BenchUdpCommand::execute() const {
  // κ0 of the built-in crane, from the one machine model every run uses.
  const sim::machine::MachineModel crane = sim::machine::build_machine_model(
      sim::machine::lim_crane_description(sim::CraneParameters{}, sim::HydraulicParameters{}));
  const double kappa0 = sim::machine::solve_machine_equilibrium(crane).cylinders[0].command;
  std::printf(
      "UDP loop latency: kappa step sent -> first sensor datagram with kappa_applied = the step "
      "(loopback, hilsim run --realtime, h_H = %g s, %d steps %g s apart, %s)\n",
      h_hyd, steps, interval, hil::describe(*hil::datagram_e2e_from_string(e2e)));
  std::printf("%14s %10s %10s %10s %10s %10s %8s   %s\n", "output rate", "min [us]", "median", "p90", "p99",
              "max", "missed", "expected median ~ 1/(2 rate) + h_H/2");
  for (const double rate : rates_hz) {
    const Figures f = measure(*this, rate, kappa0);
    if (f.latency_us.empty()) {
      std::printf("%11g Hz: no step was seen (%d missed)\n", rate, f.missed);
      continue;
    }
    std::printf("%11g Hz %10.1f %10.1f %10.1f %10.1f %10.1f %8d   %.1f us\n", rate,
                percentile(f.latency_us, 0.0), percentile(f.latency_us, 0.5), percentile(f.latency_us, 0.9),
                percentile(f.latency_us, 0.99), percentile(f.latency_us, 1.0), f.missed,
                0.5e6 / rate + 0.5e6 * h_hyd);
  }
  return 0;
}

}  // namespace hilsim::tools
