#include "sim/cosim/coupling.h"

namespace hilsim::sim {

std::string_view to_string(Coupling coupling) {
  switch (coupling) {
    case Coupling::kForceDisplacement: return "fs";
    case Coupling::kPressureDisplacement: return "ps";
    case Coupling::kReducedInterface: return "rim";
  }
  return "?";
}

}  // namespace hilsim::sim
