// IPv4 socket addresses as a scenario writes them: "192.168.0.10:47800", or "192.168.0.10"
// where the port may be left open (the accepted peer of a UDP bridge: any port).
#pragma once

#include <netinet/in.h>

#include <string>

namespace hilsim::hil {

struct ParsedAddress {
  sockaddr_in address{};  // family AF_INET, address and port in network byte order
  bool has_port = false;
  std::string error;  // empty when parsed
};

// Parses dotted-quad IPv4 with an optional ":port" (1..65535); `port_required` makes it mandatory;
// `allow_port_zero` accepts port 0 (bind to a port the kernel chooses).
ParsedAddress parse_socket_address(const std::string& text, bool port_required, bool allow_port_zero = false);

// "a.b.c.d:port".
std::string to_string(const sockaddr_in& address);

}  // namespace hilsim::hil
