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

const char* to_string(JoystickAxis axis) { return axis == JoystickAxis::kX ? "x" : "y"; }

std::vector<MessageSpec> effective_messages(const HilSettings& hil, int actuators, bool contact_force) {
  return hil.messages.empty() ? default_messages(actuators, contact_force) : hil.messages;
}

const char* to_string(OutOfRange policy) { return policy == OutOfRange::kClamp ? "clamp" : "reject"; }

const char* to_string(NarrowSignals policy) { return policy == NarrowSignals::kRefuse ? "refuse" : "warn"; }

const char* to_string(E2EMode mode) { return mode == E2EMode::kCounterCrc8 ? "counter-crc8" : "none"; }

const char* to_string(OnLinkLoss policy) { return policy == OnLinkLoss::kWait ? "wait" : "stop"; }

}  // namespace hilsim::hil
