// Values a scenario accepts but no machine hilsim simulates has: a 442 m cylinder, a 65 m² piston,
// an initial angle of 30 rad are a unit slip (442 mm, 65 cm², 30°) far more often than a machine.
// The key table's rows carry what each quantity plausibly is (KeyRow::plausible); a value outside
// is accepted with a warning naming the unit the key expects and, where one fits, the value read in
// the unit it was likely typed in. A run that diverges names them before blaming its steps.
#pragma once

#include <string>
#include <vector>

#include "tools/scenario/scenario.h"

namespace hilsim::scenario {

// One line per implausible value: "SOURCE: key 'hydraulics.a_p' = 65 m² is far outside what it
// plausibly is ([1e-05, 0.5] m²); typed in cm²? 65 cm² = 0.0065 m²". Empty when all are plausible.
std::vector<std::string> implausible_values(const Scenario& scenario);

}  // namespace hilsim::scenario
