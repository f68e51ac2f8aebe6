// Loading, checking and writing the [limits] section of a scenario: the machine's end stops, link
// 1's rest, cavitation and relief valves (sim/model/machine_limits.h).
#pragma once

#include <toml++/toml.h>

#include <optional>
#include <ostream>
#include <string>

#include "sim/model/crane_parameters.h"
#include "sim/model/machine_limits.h"

namespace hilsim::scenario {

// Reads [limits] over `limits`; `enabled` is set only when the file says (unset: the input decides,
// resolve_limits in scenario.h). Throws io::InputError naming the file and the key.
void load_limits_section(const std::string& path, const toml::table& root, sim::MachineLimits& limits,
                         std::optional<bool>& enabled);

// Range checks against the machine they limit; throws io::InputError naming `source` and the key.
void validate_limits(const std::string& source, const sim::MachineLimits& limits,
                     const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd);

// The section as load_limits_section reads it, every key written (enabled as resolved).
void write_limits_section(std::ostream& o, const sim::MachineLimits& limits);

}  // namespace hilsim::scenario
