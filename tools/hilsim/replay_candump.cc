// `hilsim replay --candump LOG`: the scenario run offline with κ from a candump log.
#include <cmath>
#include <cstdio>
#include <fstream>

#include "hil/default_messages.h"
#include "sim/cosim/crane_cosimulation.h"
#include "tools/hilsim/candump_file.h"
#include "tools/hilsim/candump_kappa.h"
#include "tools/hilsim/replay_command.h"
#include "tools/hilsim/run_command.h"
#include "tools/hilsim/run_setup.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::tools {

int ReplayCommand::execute_candump() const {
  ScenarioFlags flags;
  if (scenario) flags.scenario_path = *scenario;
  flags.duration = duration;
  config::Scenario s = flags.resolve();
  s.out = out;
  const sim::Equilibrium eq = prepare_run(s).equilibrium;

  const std::vector<hil::CandumpRecord> records = read_candump_file(*candump);
  const hil::CommandDecoder commands(hil::command_messages(hil::effective_messages(s.hil, s.crane.actuators)),
                                     s.crane.actuators, s.hil.out_of_range);
  const std::optional<hil::JoystickInput> joystick = hil::joystick_input(s.can, eq.kappa);
  const auto h_ns = static_cast<std::int64_t>(std::llround(s.cosim.h_hyd * 1e9));
  const auto end_step = static_cast<std::int64_t>(std::llround(s.cosim.duration / s.cosim.h_hyd));
  const WatchdogRule watchdog{static_cast<std::int64_t>(std::llround(s.hil.watchdog_timeout * 1e9)),
                              s.hil.safe_kappa.value_or(eq.kappa)};
  CandumpKappa k;
  try {
    k = kappa_from_candump(records, commands, joystick ? &*joystick : nullptr, h_ns, end_step, watchdog);
  } catch (const io::InputError& e) {
    throw io::InputError(*candump + ": " + e.what());
  }
  const auto count = [&](hil::CanFrameKind kind) { return k.kinds[static_cast<std::size_t>(kind)]; };
  const std::size_t applied = count(hil::CanFrameKind::kCommand) + count(hil::CanFrameKind::kJoystick);
  std::printf(
      "replaying candump log %s on scenario %s: %zu frames, %zu commands, %zu joystick, %zu ignored; "
      "kappa from t = 0 at the first of them for %.6f s: %zu changes (at micro step ceil(t / h_H)), "
      "%lld watchdog trip(s); %s, H = %g s, h_H = %g s, %g s\n",
      candump->c_str(), s.name.c_str(), k.frames, count(hil::CanFrameKind::kCommand),
      count(hil::CanFrameKind::kJoystick), k.frames - applied,
      static_cast<double>(k.last_us - k.first_us) * 1e-6, k.entries.size(),
      static_cast<long long>(k.watchdog_trips), config::describe(s.cosim).c_str(), s.cosim.H, s.cosim.h_hyd,
      s.cosim.duration);
  const sim::RecordedValveCommand valve(std::move(k.entries));
  const sim::RunResult result = sim::run_cosimulation(s.crane, s.hydraulics, eq, valve, s.cosim);
  if (out) {
    std::ofstream csv(*out);
    if (!csv) throw io::InputError(*out + ": cannot open the output file for writing");
    io::write_trajectory_header(csv, s.crane.actuators);
    for (const sim::CraneSample& sample : result.samples)
      io::write_trajectory_row(csv, sample, s.crane.actuators);
    csv.close();
    if (!csv) throw io::InputError(*out + ": writing the output file failed");
    std::printf("trajectory: %zu rows written to %s\n", result.samples.size(), out->c_str());
    print_output_hash(*out);
  }
  if (const std::optional<sim::ReferenceCurve> reference = load_reference(s)) {
    print_deviation(s, *reference, result.samples);
  }
  if (result.diverged) {
    std::fprintf(stderr, "hilsim replay: the run diverged after t = %.6g s\n", result.samples.back().t);
    return 3;
  }
  return 0;
}

}  // namespace hilsim::tools
