// The target of the live telemetry stream ([telemetry] target, --telemetry): "udp://HOST:PORT".
#pragma once

#include <netinet/in.h>

#include <string>

namespace hilsim::scenario {

// Parses "udp://a.b.c.d:port" (port 1-65535); throws io::InputError "`what` = 'TEXT' is not ..."
// with the accepted form.
sockaddr_in parse_telemetry_target(const std::string& text, const std::string& what);

}  // namespace hilsim::scenario
