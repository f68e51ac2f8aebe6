// `hilsim replay --candump LOG`: its flags made into a candump replay (tools/run/candump_replay.h).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "tools/hilsim/replay_command.h"
#include "tools/hilsim/scenario_flags.h"
#include "tools/io/input_error.h"
#include "tools/run/candump_replay.h"
#include "tools/run/run_outputs.h"

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

}  // namespace

int ReplayCommand::execute_candump() const {
  ScenarioFlags flags;
  if (scenario) flags.scenario_path = *scenario;
  flags.duration = duration;
  scenario::Scenario s = flags.resolve();
  if (out)
    refuse_outputs_over_inputs(s, flags.scenario_path, {{*out, "--out"}, {*candump, "the candump log"}});
  CandumpReplay request{*candump, out, std::nullopt, interface};
  if (t0) request.origin_us = parse_t0(*t0);
  return replay_candump(std::move(s), request);
}

}  // namespace hilsim::tools
