#include "sim/cosim/coupling.h"

namespace hilsim::sim {

std::string_view to_string(Coupling coupling) {
  return coupling == Coupling::kForceDisplacement ? "fs" : "ps";
}

}  // namespace hilsim::sim
