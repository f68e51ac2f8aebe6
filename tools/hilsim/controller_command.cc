#include "tools/hilsim/controller_command.h"

#include <CLI/CLI.hpp>

#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"

namespace hilsim::tools {

void ControllerCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "controller",
      "Controller emulator: send kappa over UDP from a manoeuvre and read hilsim's sensors back");
  flags.add_to(*cmd);
  // The emulator takes the manoeuvre, the actuators, the duration and the signal mapping from the
  // scenario; how hilsim integrates the crane is not its business, so those options are not offered.
  for (const char* name :
       {"--H", "--hM", "--hH", "--coupling", "--preview", "--scheme", "--extrapolation", "--rim-force",
        "--mechanics", "--limits", "--hydraulics-integrator", "--reference"}) {
    cmd->remove_option(cmd->get_option(name));
  }
  cmd->add_option(
      "--to", emulator.to,
      "hilsim's command address [default: the scenario's [udp] listen, 0.0.0.0 as 127.0.0.1; built-in "
      "127.0.0.1:47800]");
  cmd->add_option(
      "--listen", emulator.listen,
      "Where sensor datagrams arrive [default: the scenario's [udp] send_to; built-in 127.0.0.1:47801]");
  cmd->add_option("--rate", emulator.rate, "Command datagrams per second [Hz] (default 1000)")
      ->check(number_in(1.0, 100000.0));
  cmd->add_option("--stop-after", emulator.stop_after,
                  "Stop sending after this manoeuvre time [s] (to try the watchdog)")
      ->check(non_negative_number());
  cmd->add_flag("--no-sync", emulator.no_sync,
                "Time the manoeuvre by the emulator's clock from its start, not by sim_time");
  cmd->add_option("--lead", emulator.lead,
                  "Send kappa(t + lead) to make up for the transport delay [s] (default 0)")
      ->check(number_in(0.0, 1.0));
  cmd->add_option(
         "--wait", emulator.wait,
         "Give up when no sensor datagram arrives for this long [s] (default 10; not with --no-sync)")
      ->check(positive_number())
      ->each([this](const std::string&) { wait_given = true; });
  cmd->add_option("--log", emulator.log, "Write every sensor datagram received as CSV")
      ->check(non_empty_path());
  cmd->add_option(
         "--sensors", emulator.sensors,
         "Write every sensor signal of every sensor datagram accepted as CSV, as hilsim decode --csv "
         "does (when the emulator ends)")
      ->check(non_empty_path());
}

int ControllerCommand::execute() const {
  if (emulator.no_sync && wait_given) {
    throw io::InputError(
        "--wait bounds the wait for hilsim's first sensor datagram; with --no-sync the emulator "
        "waits for none");
  }
  return emulator.run(flags.resolve());
}

}  // namespace hilsim::tools
