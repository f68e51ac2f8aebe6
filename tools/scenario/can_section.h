// Loading the [can] section of a scenario: the CAN bridge's interface, the link settings applied
// through libsocketcan, and the J1939 joystick.
#pragma once

#include <toml++/toml.h>

#include <string>

#include "hil/hil_settings.h"

namespace hilsim::scenario {

// Reads [can] over `can`; throws io::InputError naming the file and the key.
void load_can_section(const std::string& path, const toml::table& root, hil::CanSettings& can);

// Range checks; throws io::InputError naming `source` and the key.
void validate_can(const std::string& source, const hil::CanSettings& can);

}  // namespace hilsim::scenario
