// A scenario written back as TOML: every key of every section, numbers with 17 significant digits
// (they read back to the same bits), paths absolute. A recording carries this text as the
// effective configuration of its run (defaults, file and command-line overrides in one place), and
// `hilsim replay` loads it with load_scenario_text().
#pragma once

#include <string>

#include "tools/scenario/scenario.h"

namespace hilsim::scenario {

std::string to_toml(const Scenario& scenario);

}  // namespace hilsim::scenario
