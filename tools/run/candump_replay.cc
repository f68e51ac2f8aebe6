// The replay of a candump log: the scenario run offline with each valve's command from the command
// (and joystick) frames of the log, as the live CAN bridge would have taken them.
#include "tools/run/candump_replay.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hil/default_messages.h"
#include "sim/analysis/limit_report.h"
#include "sim/cosim/cosimulation.h"
#include "tools/can/candump_file.h"
#include "tools/can/candump_kappa.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"
#include "tools/run/run_inputs.h"
#include "tools/run/run_outputs.h"

namespace hilsim::tools {

namespace {

// What the log gave: its frames by kind, the time span, and κ changes and watchdog trips per actuator.
void print_candump_summary(const std::string& log, const scenario::Scenario& s, const CandumpKappa& k,
                           const char* origin) {
  const auto count = [&](hil::CanFrameKind kind) { return k.kinds[static_cast<std::size_t>(kind)]; };
  const std::size_t applied = count(hil::CanFrameKind::kCommand) + count(hil::CanFrameKind::kJoystick);
  std::size_t refused = 0;
  for (std::size_t kind = 0; kind < hil::kCanFrameKinds; ++kind) {
    if (hil::is_e2e_refusal(static_cast<hil::CanFrameKind>(kind))) refused += k.kinds[kind];
  }
  std::string changes;
  const int actuators = scenario::commanded_actuators(s);
  for (int a = 0; a < actuators; ++a) {
    const ActuatorKappa& ak = k.actuator[static_cast<std::size_t>(a)];
    changes += (a ? "; " : "") +
               std::string(actuators > 1 ? "actuator " + std::to_string(a + 1) + ": " : "") +
               std::to_string(ak.entries.size()) + " changes, " + std::to_string(ak.watchdog_trips) +
               " watchdog trip(s)";
  }
  std::printf(
      "replaying candump log %s on scenario %s: %zu frames, %zu commands, %zu joystick, %zu ignored%s; "
      "kappa from t = %.6f s to %.6f s (t = 0 at candump time %s, %s): %s (at micro step ceil(t / h_H)); "
      "%s, H = %g s, h_H = %g s, %g s\n",
      log.c_str(), s.name.c_str(), k.frames, count(hil::CanFrameKind::kCommand),
      count(hil::CanFrameKind::kJoystick), k.frames - applied,
      refused ? (" (" + std::to_string(refused) + " refused by the end-to-end check)").c_str() : "",
      static_cast<double>(k.first_us - k.origin_us) * 1e-6,
      static_cast<double>(k.last_us - k.origin_us) * 1e-6, hil::format_candump_time(k.origin_us).c_str(),
      origin, changes.c_str(), scenario::describe(s.cosim).c_str(), s.cosim.H, s.cosim.h_hyd,
      s.cosim.duration);
}

// The frames pass the same end-to-end check as live, in the order received: the same ones are
// refused. None without [can] e2e.
std::optional<hil::E2EReceiver> e2e_receiver(const scenario::Scenario& s) {
  std::optional<hil::E2EReceiver> e2e;
  if (s.can.e2e != hil::E2EMode::kCounterCrc8) return e2e;
  try {
    e2e.emplace(hil::required_e2e_layouts(hil::command_messages(scenario::signal_mapping(s))),
                s.can.e2e_recover_frames);
  } catch (const std::invalid_argument& e) {
    throw io::InputError(s.source + ": key 'can.e2e': " + e.what());
  }
  return e2e;
}

// Each valve's safe command, as live (tools/run/hil_session.h): a closed-centre valve's neutral,
// the benchmark valve's [hil] safe_kappa or κ0.
WatchdogRule watchdog_rule(const scenario::Scenario& s, const RunInputs& in) {
  WatchdogRule rule;
  rule.timeout_ns = static_cast<std::int64_t>(std::llround(s.hil.watchdog_timeout * 1e9));
  for (int k = 0; k < std::min(in.cylinders(), hil::kMaxActuators); ++k) {
    const bool closed_centre = in.model->cylinders[static_cast<std::size_t>(k)].valve.type ==
                               sim::machine::ValveDescription::Type::kProportional;
    rule.safe[static_cast<std::size_t>(k)] = closed_centre ? 0.0 : s.hil.safe_kappa.value_or(in.command0(k));
  }
  return rule;
}

// The candump time of t = 0 and the interface to replay: the request's, or the log's only one (a
// log of several needs one named).
CandumpSelection candump_selection(const CandumpReplay& request,
                                   const std::vector<hil::CandumpRecord>& records) {
  CandumpSelection selection;
  if (request.origin_us) selection.origin_us = *request.origin_us;
  if (request.interface) {
    selection.interface = *request.interface;
  } else if (const std::vector<std::string> names = candump_interfaces(records); names.size() > 1) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw io::InputError(request.log + ": frames of several interfaces (" + list +
                         "); the bridge listens on one: choose it with --interface");
  }
  return selection;
}

}  // namespace

int replay_candump(scenario::Scenario s, const CandumpReplay& request) {
  const std::optional<std::string>& out = request.out;
  s.out = out;
  // The log comes from a live CAN run: its defaults (limits on, no implied reference) hold here too.
  s.hil.input = hil::InputSource::kCan;
  scenario::apply_live_input_defaults(s);
  scenario::validate(s);  // what a live CAN input refuses (e.g. the two-way coupling with the limits)
  const RunInputs in = prepare_run(s);
  const int actuators = std::min(scenario::commanded_actuators(s), in.cylinders());

  const std::vector<hil::CandumpRecord> records = read_candump_file(request.log);
  const hil::CommandDecoder commands(hil::command_messages(scenario::signal_mapping(s)), actuators,
                                     s.hil.out_of_range);
  // The joysticks move the valves [can] configures, each about its own κ0 (a closed-centre valve: u).
  std::array<double, hil::kMaxActuators> command0{};
  std::array<bool, hil::kMaxActuators> closed_centre{};
  for (int a = 0; a < actuators; ++a) {
    command0[static_cast<std::size_t>(a)] = in.command0(a);
    closed_centre[static_cast<std::size_t>(a)] =
        in.model->cylinders[static_cast<std::size_t>(a)].valve.type ==
        sim::machine::ValveDescription::Type::kProportional;
  }
  const auto n = static_cast<std::size_t>(actuators);
  const std::optional<hil::JoystickInput> joystick = hil::joystick_input(
      s.can, std::span<const double>(command0.data(), n), std::span<const bool>(closed_centre.data(), n));
  const auto h_ns = static_cast<std::int64_t>(std::llround(s.cosim.h_hyd * 1e9));
  const auto end_step = static_cast<std::int64_t>(std::llround(s.cosim.duration / s.cosim.h_hyd));
  const WatchdogRule watchdog = watchdog_rule(s, in);
  const CandumpSelection selection = candump_selection(request, records);
  std::optional<hil::E2EReceiver> e2e = e2e_receiver(s);
  CandumpKappa k;
  try {
    k = kappa_from_candump(records, commands, joystick ? &*joystick : nullptr, h_ns, end_step, watchdog,
                           selection, e2e ? &*e2e : nullptr);
  } catch (const io::InputError& e) {
    throw io::InputError(request.log + ": " + e.what());
  }
  print_candump_summary(request.log, s, k, request.origin_us ? "--t0" : "the first command");
  // An actuator holds its safe command throughout when no frame carried its command, as live.
  std::vector<sim::RecordedValveCommand> recorded;
  recorded.reserve(static_cast<std::size_t>(actuators));  // the plan keeps pointers to them
  sim::MachineValves valves;
  for (int a = 0; a < actuators; ++a) {
    const auto i = static_cast<std::size_t>(a);
    std::vector<sim::RecordedValveCommand::Entry> entries = std::move(k.actuator[i].entries);
    if (entries.empty()) entries.push_back({0, watchdog.safe[i]});
    recorded.emplace_back(std::move(entries));
    valves.cylinder.push_back(&recorded.back());
  }
  const sim::RunResult result = sim::run_cosimulation(in.model, in.equilibrium, valves, s.cosim);
  if (k.other_interface) {
    std::printf("skipped %zu frame(s) of interfaces other than %s\n", k.other_interface,
                selection.interface.c_str());
  }
  if (out) {
    write_trajectory_csv(
        *out, result.samples,
        s.machine ? io::TrajectoryColumns::of(*in.model) : io::TrajectoryColumns(s.crane.actuators));
  }
  if (const std::optional<sim::ReferenceCurve> reference = load_reference(s)) {
    print_deviation(s, *reference, result.samples);
  }
  const std::vector<sim::LimitEvent> events = sim::find_limit_events(result.samples, *in.model, s.cosim);
  for (const std::string& line : sim::limit_report_lines(events, s.cosim.limits.enabled))
    std::printf("%s\n", line.c_str());
  if (result.diverged) {
    std::fprintf(
        stderr, "hilsim replay: the run %s\n",
        sim::divergence_report(result.samples.back().t, events, *in.model->limits.diverged_pressure).c_str());
    return 3;
  }
  return 0;
}

}  // namespace hilsim::tools
