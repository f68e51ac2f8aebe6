#include "hil/hil_settings.h"

#include "hil/default_messages.h"

namespace hilsim::hil {

const char* to_string(InputSource source) {
  switch (source) {
    case InputSource::kScript:
      return "script";
    case InputSource::kUdp:
      return "udp";
    case InputSource::kCan:
      return "can";
  }
  return "?";
}

const char* to_string(Joystick joystick) { return joystick == Joystick::kBjm1 ? "bjm1" : "none"; }

std::optional<JoystickAxisEntry> parse_joystick_axis(const std::string& text, std::string& error) {
  JoystickAxisEntry e;
  if (text == "none") {
    e.none = true;
    return e;
  }
  const std::size_t at = text.find('@');
  const std::string axis = text.substr(0, at);
  if (axis != "x" && axis != "y") {
    error = "'" + text + "': expected x, y, x@SA, y@SA (SA a J1939 source address 0 to 253) or none";
    return std::nullopt;
  }
  e.axis = axis == "x" ? JoystickAxis::kX : JoystickAxis::kY;
  if (at == std::string::npos) return e;
  const std::string sa = text.substr(at + 1);
  const bool hex = sa.rfind("0x", 0) == 0 || sa.rfind("0X", 0) == 0;
  const std::string digits = hex ? sa.substr(2) : sa;
  const bool ok =
      !digits.empty() && digits.size() <= 3 &&
      digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") == std::string::npos;
  const long value = ok ? std::stol(digits, nullptr, hex ? 16 : 10) : -1;
  if (value < 0 || value > 253) {
    error = "'" + text + "': the source address after '@' must be 0 to 253 (254 and 255 never send)";
    return std::nullopt;
  }
  e.source_address = static_cast<std::uint8_t>(value);
  return e;
}

const char* to_string(JoystickAxis axis) { return axis == JoystickAxis::kX ? "x" : "y"; }

std::vector<MessageSpec> effective_messages(const HilSettings& hil, int actuators, bool contact_force) {
  return hil.messages.empty() ? default_messages(actuators, contact_force) : hil.messages;
}

const char* to_string(OutOfRange policy) { return policy == OutOfRange::kClamp ? "clamp" : "reject"; }

const char* to_string(NarrowSignals policy) { return policy == NarrowSignals::kRefuse ? "refuse" : "warn"; }

const char* to_string(E2EMode mode) { return mode == E2EMode::kCounterCrc8 ? "counter-crc8" : "none"; }

const char* to_string(OnLinkLoss policy) { return policy == OnLinkLoss::kWait ? "wait" : "stop"; }

}  // namespace hilsim::hil
