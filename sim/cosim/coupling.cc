#include "sim/cosim/coupling.h"

namespace hilsim::sim {

namespace {

// prefix + k + suffix, appended into one string: GCC 12 at -O3 reports a false -Wrestrict on
// "literal" + std::to_string(k) (an overlap inside std::string's own insert).
std::string port_name(const char* prefix, int k, const char* suffix = "") {
  std::string name = prefix;
  name.append(std::to_string(k)).append(suffix);
  return name;
}

}  // namespace

std::vector<std::string> rim_interface_ports(int actuators) {
  std::vector<std::string> names;
  for (int k = 1; k <= actuators; ++k) {
    names.push_back(port_name("s", k));
    names.push_back(port_name("s", k, "dot"));
  }
  names.push_back("Meff11");
  if (actuators == 2) {
    names.push_back("Meff12");
    names.push_back("Meff22");
  }
  for (int k = 1; k <= actuators; ++k) names.push_back(port_name("feff", k));
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
