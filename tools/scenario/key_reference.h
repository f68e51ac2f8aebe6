// The key reference of docs/scenario.md, printed from the key table (scenario_keys.h): one Markdown
// table per section, each key with its type, unit, accepted range, default and meaning. The page
// holds it between two marker lines; `hilsim scenario-keys --update docs/scenario.md` rewrites it
// there, and the test docs.scenario_keys fails while the page and the table disagree.
#pragma once

#include <ostream>
#include <string>

namespace hilsim::scenario {

inline constexpr const char* kKeyReferenceBegin =
    "<!-- The key reference: printed by `hilsim scenario-keys` from tools/scenario/scenario_keys.cc. -->";
inline constexpr const char* kKeyReferenceEnd = "<!-- End of the key reference. -->";

// The reference, the marker lines included.
void write_key_reference(std::ostream& o);

// `page` with the lines from kKeyReferenceBegin to kKeyReferenceEnd replaced by the reference.
// Throws io::InputError naming `name` when the page lacks either marker line.
std::string with_key_reference(const std::string& page, const std::string& name);

}  // namespace hilsim::scenario
