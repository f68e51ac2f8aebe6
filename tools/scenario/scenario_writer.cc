#include "tools/scenario/scenario_writer.h"

#include <sstream>

#include "tools/scenario/key_table.h"
#include "tools/scenario/scenario_keys.h"

namespace hilsim::scenario {

namespace {

// With a machine file the built-in crane's description is not the run's: [crane], [hydraulics] and
// the [limits] keys besides `enabled` are left out (the loader refuses them beside key 'machine').
bool describes_builtin_crane(const KeyRow<Scenario>& row) {
  const std::string section = row.section;
  return section == "crane" || section == "hydraulics" ||
         (section == "limits" && std::string(row.key) != "enabled");
}

}  // namespace

std::string to_toml(const Scenario& s) {
  std::ostringstream o;
  std::string section;  // the top level's keys come first, before any header
  for (const KeyRow<Scenario>& row : scenario_keys()) {
    if (s.machine && describes_builtin_crane(row)) continue;
    // A table of tables or an array of tables writes its own headers, wherever it stands.
    if (row.section != section && row.access.type != KeyType::kTables) {
      section = row.section;
      o << "\n[" << section << "]\n";
    }
    write_row(o, row, s);
  }
  return o.str();
}

}  // namespace hilsim::scenario
