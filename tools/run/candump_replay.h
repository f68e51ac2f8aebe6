// The replay of a candump log of a live CAN run (`hilsim replay --candump LOG`): the scenario run
// offline with each valve's command from the log's command (and J1939 joystick) frames, each at the
// micro step its timestamp gives (tools/can/candump_kappa.h), through the same end-to-end check and
// watchdog as live, so that a capture of a bus replays without a recording.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "tools/scenario/scenario.h"

namespace hilsim::tools {

struct CandumpReplay {
  std::string log;                        // the candump -L log
  std::optional<std::string> out;         // write the run's CSV here (replaced once complete)
  std::optional<std::int64_t> origin_us;  // the candump time of t = 0 [µs]; unset: the first command
  std::optional<std::string> interface;   // the interface whose frames to take; unset: the log's only one
};

// Runs `scenario` (its live-input defaults applied as for [hil] input = "can") with the log's
// commands; prints what the log gave, the CSV's rows and hash, the reference's deviation and the
// limit report. Exit status: 0 done, 3 the run diverged. Throws io::InputError naming the log for a
// bad log or a scenario a live CAN input refuses.
int replay_candump(scenario::Scenario scenario, const CandumpReplay& request);

}  // namespace hilsim::tools
