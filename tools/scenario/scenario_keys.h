// The scenario key table: every key of a scenario file, one row each (key_row.h) — section, key,
// type, unit, accepted range, help text, how it reads into and writes from the settings — in the
// order to_toml writes them. The defaults are the settings' own (Scenario{}). load_scenario reads
// by it, validate checks its ranges, to_toml writes it, and `hilsim scenario-keys` prints the key
// reference of docs/scenario.md from it.
#pragma once

#include <string>
#include <vector>

#include "hil/message.h"
#include "rt/rt_settings.h"
#include "tools/scenario/key_row.h"
#include "tools/scenario/scenario.h"

namespace hilsim::scenario {

// The sections of a scenario file and their keys.
const std::vector<KeyRow<Scenario>>& scenario_keys();
// [rt.thread.NAME]: one subsystem's thread.
const std::vector<KeyRow<rt::ThreadOverride>>& thread_keys();
// "rt.thread.NAME" for the thread of subsystem `name`.
std::string thread_section(const std::string& name);
// [[messages]]: one message of the signal mapping.
const std::vector<KeyRow<hil::MessageSpec>>& message_keys();
// [[messages.signals]]: one signal of a message.
const std::vector<KeyRow<hil::SignalSpec>>& signal_keys();

}  // namespace hilsim::scenario
