#include "tools/scenario/telemetry_target.h"

#include "hil/socket_address.h"
#include "tools/io/input_error.h"

namespace hilsim::scenario {

namespace {

constexpr const char* kScheme = "udp://";

}  // namespace

sockaddr_in parse_telemetry_target(const std::string& text, const std::string& what) {
  const std::string scheme(kScheme);
  std::string error = "it does not start with " + scheme;
  if (text.compare(0, scheme.size(), scheme) == 0) {
    const hil::ParsedAddress parsed = hil::parse_socket_address(text.substr(scheme.size()), true);
    if (parsed.error.empty()) return parsed.address;
    error = parsed.error;
  }
  throw io::InputError(what + " = '" + text +
                       "' is not udp://HOST:PORT (an IPv4 address and a port 1-65535, e.g. "
                       "udp://127.0.0.1:9870): " +
                       error);
}

}  // namespace hilsim::scenario
