// The error a hardware-in-the-loop bridge raises when it cannot be set up (address in use, no such
// CAN interface, a link setting refused, bad signal definitions): one line naming what and why.
#pragma once

#include <stdexcept>
#include <string>

namespace hilsim::hil {

class BridgeError : public std::runtime_error {
 public:
  explicit BridgeError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace hilsim::hil
