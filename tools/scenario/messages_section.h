// The signal mapping of a scenario: [[messages]] with their [[messages.signals]], as a DBC file
// describes frames. When present they replace the default mapping (hil/default_messages.h). Their
// keys are rows of the key table (scenario_keys.h: message_keys, signal_keys); these are the
// arrays' readers and writers, and the mapping's check.
#pragma once

#include <toml++/toml.h>

#include <ostream>
#include <string>

#include "hil/hil_settings.h"
#include "hil/message.h"
#include "tools/scenario/key_row.h"
#include "tools/scenario/scenario.h"

namespace hilsim::scenario {

// [[messages]] (at `node`, key `at.key`) into scenario.hil.messages; throws io::InputError naming
// the file, line and key.
void read_messages(Scenario& scenario, const toml::node& node, const KeyContext& at);
// [[messages.signals]] of one message.
void read_signals(hil::MessageSpec& message, const toml::node& node, const KeyContext& at);

// The same as TOML text (for the effective config of a recording); nothing without messages.
void write_messages(std::ostream& o, const Scenario& scenario);
void write_signals(std::ostream& o, const hil::MessageSpec& message);

// The mapping valid and without overlaps, with a kappa_1 command signal (kappa_2 with two
// actuators) and sensor signals of known names: the built-in ones and `named_sensors` (a machine
// file's); throws io::InputError naming `source`.
void validate_signal_mapping(const std::string& source, const hil::HilSettings& hil, int actuators,
                             const std::vector<std::string>& named_sensors = {});

}  // namespace hilsim::scenario
