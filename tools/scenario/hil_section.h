// Loading the hardware-in-the-loop sections of a scenario ([hil], [udp]).
#pragma once

#include <toml++/toml.h>

#include <string>

#include "hil/hil_settings.h"

namespace hilsim::scenario {

// Reads [hil] and [udp] over `hil` and `udp`; throws io::InputError naming the file and the key.
void load_hil_sections(const std::string& path, const toml::table& root, hil::HilSettings& hil,
                       hil::UdpSettings& udp);

// Range checks, and the signal mapping's consistency (messages valid and without overlaps, a
// kappa_1 command signal, sensor signals with known names); throws io::InputError naming `source`
// and the key or message.
void validate_hil(const std::string& source, const hil::HilSettings& hil, const hil::UdpSettings& udp,
                  int actuators);

}  // namespace hilsim::scenario
