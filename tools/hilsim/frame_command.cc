#include "tools/hilsim/frame_command.h"

#include <CLI/CLI.hpp>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "hil/commanded_valve.h"
#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "hil/signal_map.h"
#include "tools/can/command_frames.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"

namespace hilsim::tools {

void FrameCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "frame", "Print command frames in cansend syntax, with the alive counter and CRC filled in");
  cmd->add_option("scenario", scenario,
                  "A scenario whose [[messages]] and actuators to use (default: the default mapping)")
      ->check(non_empty_path())
      ->check(CLI::ExistingFile);
  cmd->add_option("--kappa", kappa, "kappa of actuator 1 [-] (default 0.5)")->check(number_in(0.0, 1.0));
  cmd->add_option("--kappa-2", kappa_2,
                  "kappa of actuator 2 [-] (a two-actuator crane or a hydraulic contact task; default: "
                  "--kappa; refused with a one-actuator scenario)")
      ->check(number_in(0.0, 1.0));
  cmd->add_option(
      "--valve", valves,
      "K=VALUE: valve K's command (a machine file's valves: kappa in [0, 1] for the benchmark's "
      "valve, u in [-1, 1] for a closed-centre one; default: --kappa, and u = 0 for a closed-centre "
      "valve); repeatable");
  cmd->add_option("--counter", counter, "The first frame's alive counter (default 0)")
      ->check(whole_number_in(0, hil::kE2ECounterModulo - 1));
  cmd->add_option("--count", count, "Frames to print, each with the next counter (default 1)")
      ->check(whole_number_in(1, 100000));
}

// Each valve's command: --kappa (--kappa-2 for valve 2), u = 0 for a closed-centre valve (its
// command signal is u_k), then --valve K=VALUE, checked against the range its signal's name gives.
std::array<double, hil::kMaxActuators> FrameCommand::valve_commands(
    const std::vector<hil::MessageSpec>& messages, int actuators) const {
  std::array<double, hil::kMaxActuators> k{};
  k.fill(kappa);
  if (kappa_2) k[1] = *kappa_2;
  std::array<std::optional<hil::CommandSignalName>, hil::kMaxActuators> signal{};
  for (const hil::MessageSpec& m : hil::command_messages(messages)) {
    for (const hil::SignalSpec& s : m.signals) {
      const std::optional<hil::CommandSignalName> c = hil::parse_command_signal(s.name);
      if (c && !signal[static_cast<std::size_t>(c->actuator)])
        signal[static_cast<std::size_t>(c->actuator)] = c;
    }
  }
  for (std::size_t i = 0; i < signal.size(); ++i) {
    if (signal[i] && signal[i]->closed_centre) k[i] = 0.0;
  }
  for (const std::string& v : valves) {
    const std::size_t eq = v.find('=');
    char* end = nullptr;
    const long n = eq == std::string::npos ? 0 : std::strtol(v.c_str(), &end, 10);
    char* value_end = nullptr;
    const double value = eq == std::string::npos ? NAN : std::strtod(v.c_str() + eq + 1, &value_end);
    const bool whole_value = eq != std::string::npos && value_end != v.c_str() + eq + 1 && *value_end == '\0';
    if (eq == std::string::npos || end != v.c_str() + eq || n < 1 || n > actuators || !whole_value ||
        !std::isfinite(value)) {
      throw io::InputError("--valve '" + v + "': expected K=VALUE, K a valve 1 to " +
                           std::to_string(actuators) + " and VALUE a number");
    }
    const std::optional<hil::CommandSignalName>& c = signal[static_cast<std::size_t>(n - 1)];
    const hil::CommandRange range = c ? c->range : hil::CommandRange{};
    if (value < range.min || value > range.max) {
      char text[160];
      std::snprintf(text, sizeof text, "--valve '%s': valve %ld takes %s in [%g, %g]", v.c_str(), n,
                    c && c->closed_centre ? "u" : "kappa", range.min, range.max);
      throw io::InputError(text);
    }
    k[static_cast<std::size_t>(n - 1)] = value;
  }
  return k;
}

int FrameCommand::execute() const {
  int actuators = kappa_2 ? 2 : 1;
  std::vector<hil::MessageSpec> messages = hil::default_messages(2);
  std::string source = "the default mapping";
  if (!scenario.empty()) {
    const scenario::Scenario s = scenario::load_scenario(scenario);
    scenario::validate(s);
    actuators = scenario::commanded_actuators(s);
    if (kappa_2 && actuators == 1) {
      throw io::InputError(
          "--kappa-2: " + s.source +
          " drives one actuator ([crane] actuators = 1): its command frames carry no kappa_2");
    }
    messages = scenario::signal_mapping(s);
    source = s.source;
  }
  CommandFrames frames(hil::command_messages(messages), actuators, source);
  frames.set_counter(static_cast<std::uint8_t>(counter));
  const std::array<double, hil::kMaxActuators> k = valve_commands(messages, actuators);
  for (int i = 0; i < count; ++i) {
    for (const hil::Frame& f : frames.encode(k)) {
      std::printf(f.extended ? "%08X#" : "%03X#", static_cast<unsigned>(f.id));
      for (std::size_t b = 0; b < f.length; ++b) std::printf("%02X", f.data[b]);
      std::printf("\n");
    }
  }
  return 0;
}

}  // namespace hilsim::tools
