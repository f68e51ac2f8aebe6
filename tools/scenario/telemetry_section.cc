#include "tools/scenario/telemetry_section.h"

#include "hil/socket_address.h"
#include "tools/scenario/table_reader.h"
#include "tools/scenario/toml_text.h"

namespace hilsim::scenario {

namespace {

constexpr const char* kScheme = "udp://";

}  // namespace

void load_telemetry_section(const std::string& path, const toml::table& root, TelemetrySettings& telemetry) {
  TableReader t(path, root, "telemetry");
  t.string("target", telemetry.target);
  t.number("rate_hz", telemetry.rate_hz);
  t.reject_unknown();
}

sockaddr_in parse_telemetry_target(const std::string& text, const std::string& what) {
  const std::string scheme(kScheme);
  std::string error = "it does not start with " + scheme;
  if (text.compare(0, scheme.size(), scheme) == 0) {
    const hil::ParsedAddress parsed = hil::parse_socket_address(text.substr(scheme.size()), true);
    if (parsed.error.empty()) return parsed.address;
    error = parsed.error;
  }
  throw InputError(what + " = '" + text +
                   "' is not udp://HOST:PORT (an IPv4 address and a port 1-65535, e.g. "
                   "udp://127.0.0.1:9870): " +
                   error);
}

void validate_telemetry(const std::string& source, const TelemetrySettings& telemetry) {
  if (!telemetry.target.empty())
    parse_telemetry_target(telemetry.target, source + ": key 'telemetry.target'");
  const RangeCheck check{source};
  check("telemetry.rate_hz", telemetry.rate_hz, 0.0, 1e6, true, false,
        "Hz (samples per second of simulated time)");
}

void write_telemetry_section(std::ostream& o, const TelemetrySettings& telemetry) {
  o << "\n[telemetry]\n";
  o << "target = " << toml_string(telemetry.target) << "\n";
  o << "rate_hz = " << toml_number(telemetry.rate_hz) << "\n";
}

}  // namespace hilsim::scenario
