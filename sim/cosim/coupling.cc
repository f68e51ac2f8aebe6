#include "sim/cosim/coupling.h"

#include "sim/hydraulics/reduced_cylinder_model.h"

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

std::string port_suffix(int k) { return k == 0 ? std::string() : port_name("_", k + 1); }

std::vector<std::string> rim_interface_ports(int cylinders) {
  std::vector<std::string> names;
  for (int k = 1; k <= cylinders; ++k) {
    names.push_back(port_name("s", k));
    names.push_back(port_name("s", k, "dot"));
  }
  for (int a = 1; a <= cylinders; ++a) {
    for (int b = a; b <= cylinders; ++b) names.push_back(port_name(port_name("Meff", a).c_str(), b));
  }
  for (int k = 1; k <= cylinders; ++k) names.push_back(port_name("feff", k));
  return names;
}

std::vector<std::string> twoway_model_ports(int cylinders) {
  std::vector<std::string> names;
  for (int k = 0; k < cylinders; ++k) {
    const std::string sfx = port_suffix(k);
    for (const char* head :
         {"pstart1", "pstart2", "sref", "sdotref", "kappalo", "kappahi", "rate1", "rate2"}) {
      names.push_back(head + sfx);
    }
    for (int j = 0; j < kReducedModelNodes; ++j) {
      for (const char* head : {"P1_", "P2_", "D1_", "D2_", "E1_", "E2_"})
        names.push_back(port_name(head, j, sfx.c_str()));
    }
  }
  return names;
}

std::string_view to_string(Coupling coupling) {
  switch (coupling) {
    case Coupling::kForceDisplacement:
      return "fs";
    case Coupling::kPressureDisplacement:
      return "ps";
    case Coupling::kReducedInterface:
      return "rim";
    case Coupling::kTwoWay:
      return "twoway";
  }
  return "?";
}

}  // namespace hilsim::sim
