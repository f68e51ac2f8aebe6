// A CAN message as a DBC file describes it (BO_ id name: length sender, then its SG_ signals), and
// its validation: the identifier fits 11 or 29 bits, the length is at most 8 bytes, every signal
// fits the frame and no two signals share a bit. Configuration-time code: it allocates.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hil/signal.h"

namespace hilsim::hil {

struct MessageSpec {
  std::string name;         // a C identifier
  std::uint32_t id = 0;     // ≤ 0x7FF, or ≤ 0x1FFFFFFF when extended
  bool extended = false;    // 29-bit identifier
  std::uint8_t length = 8;  // [bytes] 0..8
  std::string sender;       // node name (a C identifier), or empty for none
  std::vector<SignalSpec> signals;
};

// Empty when valid, otherwise one line starting "message 'name' (id 0x...): " and naming the field
// (or both signals of an overlap, with the first shared bit) and the accepted range.
std::string validate_message(const MessageSpec& message);

// validate_message() for each, then no two messages with the same name or the same identifier.
std::string validate_messages(const std::vector<MessageSpec>& messages);

}  // namespace hilsim::hil
