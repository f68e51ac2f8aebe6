#include "tools/scenario/key_reference.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <vector>

#include "tools/io/input_error.h"
#include "tools/scenario/machine_keys.h"
#include "tools/scenario/scenario_keys.h"

namespace hilsim::scenario {

namespace {

void write_machine_key_reference(std::ostream& o) {
  o << kMachineKeyReferenceBegin << "\n";
  write_key_table(o, "The top level", machine_keys(), "");
  for (const char* section : {"ground", "fluid", "limits"})
    write_key_table(o, "`[" + std::string(section) + "]`", machine_keys(), section);
  write_key_table(o, "`[[bodies]]`", body_keys(), "bodies");
  write_key_table(o, "`[[bodies.point_masses]]`", point_mass_keys(), "bodies.point_masses");
  write_key_table(o, "`[[joints]]`", joint_keys(), "joints");
  write_key_table(o, "`limits` of a joint", joint_limit_keys(), "joints.limits");
  write_key_table(o, "`[[supplies]]`", supply_keys(), "supplies");
  write_key_table(o, "`[[cylinders]]`", cylinder_keys(), "cylinders");
  write_key_table(o, "`[[sensors]]`", sensor_keys(), "sensors");
  o << "\n" << kKeyReferenceEnd << "\n";
}

}  // namespace

void write_key_reference(std::ostream& o, bool machine) {
  if (machine) {
    write_machine_key_reference(o);
    return;
  }
  o << kKeyReferenceBegin << "\n";
  std::vector<std::string> sections;
  for (const KeyRow<Scenario>& row : scenario_keys()) {
    if (std::find(sections.begin(), sections.end(), row.section) != sections.end()) continue;
    sections.emplace_back(row.section);
    write_key_table(o, row.section[0] ? "`[" + sections.back() + "]`" : "The top level", scenario_keys(),
                    sections.back());
  }
  write_key_table(o, "`[" + std::string(thread_keys().front().section) + "]`", thread_keys(),
                  thread_keys().front().section);
  write_key_table(o, "`[[" + std::string(message_keys().front().section) + "]]`", message_keys(),
                  message_keys().front().section);
  write_key_table(o, "`[[" + std::string(signal_keys().front().section) + "]]`", signal_keys(),
                  signal_keys().front().section);
  o << "\n" << kKeyReferenceEnd << "\n";
}

std::string with_key_reference(const std::string& page, const std::string& name, bool machine) {
  const std::string begin = std::string(machine ? kMachineKeyReferenceBegin : kKeyReferenceBegin) + "\n",
                    end = std::string(kKeyReferenceEnd) + "\n";
  const std::size_t from = page.find(begin);
  const std::size_t to = from == std::string::npos ? from : page.find(end, from);
  if (to == std::string::npos) {
    throw io::InputError(name + ": no key reference between the lines '" +
                         (machine ? kMachineKeyReferenceBegin : kKeyReferenceBegin) + "' and '" +
                         kKeyReferenceEnd + "'");
  }
  std::ostringstream reference;
  write_key_reference(reference, machine);
  return page.substr(0, from) + reference.str() + page.substr(to + end.size());
}

}  // namespace hilsim::scenario
