#include "hil/socket_address.h"

#include <arpa/inet.h>

#include <charconv>

namespace hilsim::hil {

ParsedAddress parse_socket_address(const std::string& text, bool port_required, bool allow_port_zero) {
  ParsedAddress out;
  out.address.sin_family = AF_INET;
  const std::size_t colon = text.rfind(':');
  const std::string host = text.substr(0, colon);
  if (inet_pton(AF_INET, host.c_str(), &out.address.sin_addr) != 1) {
    out.error = "'" + host + "' is not an IPv4 address (a.b.c.d)";
    return out;
  }
  if (colon == std::string::npos) {
    if (port_required) out.error = "a port is required (a.b.c.d:port, port 1..65535)";
    return out;
  }
  const std::string port_text = text.substr(colon + 1);
  unsigned port = 0;
  const auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc() || end != port_text.data() + port_text.size() || port < (allow_port_zero ? 0u : 1u) ||
      port > 65535) {
    out.error = "port '" + port_text + "' is not in " + (allow_port_zero ? "0" : "1") + "..65535";
    return out;
  }
  out.address.sin_port = htons(static_cast<std::uint16_t>(port));
  out.has_port = true;
  return out;
}

std::string to_string(const sockaddr_in& address) {
  char host[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &address.sin_addr, host, sizeof host);
  return std::string(host) + ":" + std::to_string(ntohs(address.sin_port));
}

}  // namespace hilsim::hil
