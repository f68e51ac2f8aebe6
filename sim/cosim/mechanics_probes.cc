#include "sim/cosim/mechanics_probes.h"

namespace hilsim::sim {

const std::vector<std::string>& mechanics_probe_names() {
  static const std::vector<std::string> names = {"q1",    "q2",    "q1dot", "q2dot", "s1",    "s2",
                                                 "s1dot", "s2dot", "work",  "E_M",   "E_mech"};
  return names;
}

}  // namespace hilsim::sim
