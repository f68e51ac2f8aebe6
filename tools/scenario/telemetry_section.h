// Loading, checking and writing the [telemetry] section of a scenario (telemetry_settings.h), and
// the target's address.
#pragma once

#include <netinet/in.h>
#include <toml++/toml.h>

#include <ostream>
#include <string>

#include "tools/scenario/telemetry_settings.h"

namespace hilsim::scenario {

// Reads [telemetry] over `telemetry`; throws io::InputError naming the file and the key.
void load_telemetry_section(const std::string& path, const toml::table& root, TelemetrySettings& telemetry);

// Range checks; throws io::InputError naming `source` and the key.
void validate_telemetry(const std::string& source, const TelemetrySettings& telemetry);

// The section as load_telemetry_section reads it, every key written.
void write_telemetry_section(std::ostream& o, const TelemetrySettings& telemetry);

// Parses "udp://a.b.c.d:port" (port 1-65535); throws io::InputError "`what` = 'TEXT' is not ..."
// with the accepted form.
sockaddr_in parse_telemetry_target(const std::string& text, const std::string& what);

}  // namespace hilsim::scenario
