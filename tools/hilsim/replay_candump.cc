// `hilsim replay --candump LOG`: the scenario run offline with κ from a candump log.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "hil/default_messages.h"
#include "sim/analysis/limit_report.h"
#include "sim/cosim/cosimulation.h"
#include "tools/can/candump_file.h"
#include "tools/can/candump_kappa.h"
#include "tools/hilsim/replay_command.h"
#include "tools/hilsim/run_command.h"
#include "tools/hilsim/scenario_flags.h"
#include "tools/io/atomic_file.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim::tools {

namespace {

// "SECONDS[.MICROSECONDS]" as candump prints it, exactly (a double would lose the microseconds of
// a present-day Unix time).
std::int64_t parse_t0(const std::string& text) {
  const std::size_t dot = text.find('.');
  const std::string sec = text.substr(0, dot), usec = dot == std::string::npos ? "" : text.substr(dot + 1);
  const auto digits = [](const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (sec.empty() || sec.size() > 12 || usec.size() > 6 || !digits(sec) || !digits(usec)) {
    throw io::InputError("--t0 '" + text +
                         "': expected SECONDS[.MICROSECONDS] as candump prints them, e.g. "
                         "1795263851.101137 (at most 12 and 6 digits)");
  }
  return std::stoll(sec) * 1'000'000 +
         (usec.empty() ? 0 : std::stoll(usec + std::string(6 - usec.size(), '0')));
}

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

}  // namespace

// --t0 and the interface to replay: --interface, or the log's only one (a log of several needs it).
CandumpSelection ReplayCommand::candump_selection(const std::vector<hil::CandumpRecord>& records) const {
  CandumpSelection selection;
  if (t0) selection.origin_us = parse_t0(*t0);
  if (interface) {
    selection.interface = *interface;
  } else if (const std::vector<std::string> names = candump_interfaces(records); names.size() > 1) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw io::InputError(*candump + ": frames of several interfaces (" + list +
                         "); the bridge listens on one: choose it with --interface");
  }
  return selection;
}

int ReplayCommand::execute_candump() const {
  ScenarioFlags flags;
  if (scenario) flags.scenario_path = *scenario;
  flags.duration = duration;
  scenario::Scenario s = flags.resolve();
  if (out)
    refuse_outputs_over_inputs(s, flags.scenario_path, {{*out, "--out"}, {*candump, "the candump log"}});
  s.out = out;
  // The log comes from a live CAN run: its defaults (limits on, no implied reference) hold here too.
  s.hil.input = hil::InputSource::kCan;
  scenario::apply_live_input_defaults(s);
  scenario::validate(s);  // what a live CAN input refuses (e.g. the two-way coupling with the limits)
  const RunInputs in = prepare_run(s);
  const int actuators = std::min(scenario::commanded_actuators(s), in.cylinders());
  const double kappa0 = in.command0(0), kappa0_2 = actuators >= 2 ? in.command0(1) : 0.0;

  const std::vector<hil::CandumpRecord> records = read_candump_file(*candump);
  const hil::CommandDecoder commands(hil::command_messages(scenario::signal_mapping(s)), actuators,
                                     s.hil.out_of_range);
  // With two actuators or more the joystick's second axis moves actuator 2, about its own κ0.
  const std::optional<hil::JoystickInput> joystick =
      hil::joystick_input(s.can, kappa0, actuators >= 2 ? std::optional<double>(kappa0_2) : std::nullopt);
  const auto h_ns = static_cast<std::int64_t>(std::llround(s.cosim.h_hyd * 1e9));
  const auto end_step = static_cast<std::int64_t>(std::llround(s.cosim.duration / s.cosim.h_hyd));
  const WatchdogRule watchdog = watchdog_rule(s, in);
  const CandumpSelection selection = candump_selection(records);
  std::optional<hil::E2EReceiver> e2e = e2e_receiver(s);
  CandumpKappa k;
  try {
    k = kappa_from_candump(records, commands, joystick ? &*joystick : nullptr, h_ns, end_step, watchdog,
                           selection, e2e ? &*e2e : nullptr);
  } catch (const io::InputError& e) {
    throw io::InputError(*candump + ": " + e.what());
  }
  print_candump_summary(*candump, s, k, t0 ? "--t0" : "the first command");
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
    std::printf("skipped %zu frame(s) of interfaces other than %s\n", k.other_interface, interface->c_str());
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
