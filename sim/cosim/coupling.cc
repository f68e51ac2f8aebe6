#include "sim/cosim/coupling.h"

namespace hilsim::sim {

std::vector<std::string> rim_interface_ports(int actuators) {
  std::vector<std::string> names;
  for (int k = 1; k <= actuators; ++k) {
    names.push_back("s" + std::to_string(k));
    names.push_back("s" + std::to_string(k) + "dot");
  }
  names.push_back("Meff11");
  if (actuators == 2) {
    names.push_back("Meff12");
    names.push_back("Meff22");
  }
  for (int k = 1; k <= actuators; ++k) names.push_back("feff" + std::to_string(k));
  return names;
}

std::string_view to_string(Coupling coupling) {
  switch (coupling) {
    case Coupling::kForceDisplacement: return "fs";
    case Coupling::kPressureDisplacement: return "ps";
    case Coupling::kReducedInterface: return "rim";
  }
  return "?";
}

}  // namespace hilsim::sim
