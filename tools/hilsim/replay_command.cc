#include "tools/hilsim/replay_command.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "tools/hilsim/cli_checks.h"
#include "tools/io/input_error.h"
#include "tools/run/replay.h"

namespace hilsim::tools {

void ReplayCommand::add_to(CLI::App& parent) {
  CLI::App* cmd = parent.add_subcommand(
      "replay", "Re-run a recording (hilsim run --record) offline, bit for bit, and compare the output hash");
  cmd->add_option("recording", recording, "The recording file (hilsim run --record)")
      ->check(non_empty_path());
  cmd->add_option(
         "--candump", candump,
         "Drive the scenario with the command (and BJM1 joystick) frames of this candump log instead: "
         "each frame at its time after t0 (--t0, else the first command), from the next micro step on")
      ->check(non_empty_path());
  cmd->add_option("--scenario", scenario, "With --candump: the scenario to run (default: the built-in one)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--duration", duration, "With --candump: simulated time [s] (default: the scenario's)")
      ->check(positive_number());
  cmd->add_option(
      "--t0", t0,
      "With --candump: the candump time [s] of the simulation's t = 0, as the live run printed it "
      "(SECONDS[.MICROSECONDS]; default: the first command's time)");
  cmd->add_option("--interface", interface,
                  "With --candump: only frames of this interface (needed when the log holds several)");
  cmd->add_option("--out", out, "Write the trajectory CSV here (compare it with the live run's)")
      ->check(non_empty_path());
  cmd->add_flag("--allow-build-mismatch", allow_build_mismatch,
                "Replay a recording made by another build (the output may then differ in the last bits)");
  cmd->add_flag("--print-config", print_config, "Print the recorded effective configuration and exit");
  cmd->add_option("--live", live,
                  "The live run's CSV: when the replay does not verify, name the first row where they differ")
      ->check(CLI::ExistingFile);
  cmd->add_flag(
      "--no-verify", no_verify,
      "Replay a recording whose live run wrote no CSV (no output hash to verify against) with exit 0");
  cmd->add_flag(
      "--partial", partial,
      "Replay a recording without its end line (the live run was killed) up to its last complete input; "
      "it cannot be verified");
}

int ReplayCommand::execute() const {
  if (candump) {
    if (!recording.empty()) throw io::InputError("give a recording or --candump LOG, not both");
    if (live || no_verify || print_config || partial || allow_build_mismatch) {
      throw io::InputError(
          "--live, --no-verify, --print-config, --partial and --allow-build-mismatch go with a recording, "
          "not with --candump");
    }
    return execute_candump();
  }
  if (recording.empty()) throw io::InputError("replay what? give a recording file or --candump LOG");
  if (scenario || duration || t0 || interface) {
    throw io::InputError("--scenario, --duration, --t0 and --interface go with --candump");
  }
  if (print_config) {
    std::fputs(read_recording_file(recording).config_text.c_str(), stdout);
    return 0;
  }
  return replay_recording({recording, out, live, allow_build_mismatch, no_verify, partial});
}

}  // namespace hilsim::tools
