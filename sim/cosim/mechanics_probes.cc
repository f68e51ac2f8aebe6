#include "sim/cosim/mechanics_probes.h"

namespace hilsim::sim {

std::vector<std::string> mechanics_probe_names(int coordinates, int cylinders) {
  std::vector<std::string> names;
  for (int i = 1; i <= coordinates; ++i) names.push_back("q" + std::to_string(i));
  for (int i = 1; i <= coordinates; ++i) names.push_back("q" + std::to_string(i) + "dot");
  for (int k = 1; k <= cylinders; ++k) names.push_back("s" + std::to_string(k));
  for (int k = 1; k <= cylinders; ++k) names.push_back("s" + std::to_string(k) + "dot");
  for (const char* n : {"work", "E_M", "E_mech"}) names.emplace_back(n);
  return names;
}

}  // namespace hilsim::sim
