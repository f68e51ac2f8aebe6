#include "tools/hilsim/frame_command.h"

#include <CLI/CLI.hpp>
#include <array>
#include <cstdio>
#include <vector>

#include "hil/default_messages.h"
#include "hil/e2e.h"
#include "tools/hilsim/cli_checks.h"
#include "tools/hilsim/command_frames.h"
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
  cmd->add_option("--counter", counter, "The first frame's alive counter (default 0)")
      ->check(whole_number_in(0, hil::kE2ECounterModulo - 1));
  cmd->add_option("--count", count, "Frames to print, each with the next counter (default 1)")
      ->check(whole_number_in(1, 100000));
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
  const std::array<double, 2> k = {kappa, kappa_2.value_or(kappa)};
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
