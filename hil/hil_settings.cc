#include "hil/hil_settings.h"

namespace hilsim::hil {

const char* to_string(InputSource source) {
  switch (source) {
    case InputSource::kScript:
      return "script";
    case InputSource::kUdp:
      return "udp";
  }
  return "?";
}

const char* to_string(OutOfRange policy) { return policy == OutOfRange::kClamp ? "clamp" : "reject"; }

}  // namespace hilsim::hil
