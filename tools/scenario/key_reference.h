// The key reference of docs/scenario.md, printed from the key table (scenario_keys.h): one Markdown
// table per section, each key with its type, unit, accepted range, default and meaning. The page
// holds it between two marker lines; `hilsim scenario-keys --update docs/scenario.md` rewrites it
// there, and the test docs.scenario_keys fails while the page and the table disagree.
#pragma once

#include <charconv>
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "tools/scenario/key_row.h"

namespace hilsim::scenario {

namespace reference_detail {

// The shortest text that reads back to `v`, with a plain exponent: 1e-07 as "1e-7", 1e+06 as "1e6".
inline std::string short_number(double v) {
  char buffer[32];
  std::string text(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
  const std::size_t e = text.find('e');
  if (e == std::string::npos) return text;
  std::string exponent = text.substr(e + 1);
  const bool negative = exponent[0] == '-';
  exponent.erase(0, exponent.find_first_not_of("+-0"));
  return text.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

inline std::string bound(double v, bool integer) {
  return integer && std::isfinite(v) ? std::to_string(static_cast<long long>(v)) : short_number(v);
}

inline const char* type_name(KeyType type) {
  switch (type) {
    case KeyType::kNumber:
      return "number";
    case KeyType::kInteger:
      return "integer";
    case KeyType::kBoolean:
      return "boolean";
    case KeyType::kString:
      return "string";
    case KeyType::kPath:
      return "path";
    case KeyType::kWord:
      return "word";
    case KeyType::kTables:
      return "tables";
    case KeyType::kPoint:
      return "point";
    case KeyType::kNames:
      return "list of names";
  }
  return "?";
}

// The accepted values as the reference writes them: "(0, 1e6]", "`fs`, `ps`", "1 or 2".
template <class T>
std::string accepted(const KeyRow<T>& row) {
  if (row.range_text) return row.range_text;
  std::string text;
  if (row.access.type == KeyType::kWord) {
    for (const std::string& w : row.access.words) text += (text.empty() ? "`" : ", `") + w + "`";
  } else if (row.access.type == KeyType::kBoolean) {
    text = "`true`, `false`";
  } else if (row.range) {
    const Range& r = *row.range;
    const bool integer = row.access.type == KeyType::kInteger;
    text = std::string(r.lo_open ? "(" : "[") + bound(r.lo, integer) + ", " + bound(r.hi, integer) +
           (r.hi_open ? ")" : "]");
    if (r.lo == -kInf && r.hi == kInf) text = "finite";
  }
  const std::string note = row.note;
  return note.empty() ? text : text + " " + note;
}

inline std::string shown(const Value& value) {
  if (const auto* number = std::get_if<double>(&value)) return "`" + short_number(*number) + "`";
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return "`" + std::to_string(*integer) + "`";
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "`true`" : "`false`";
  if (const auto* text = std::get_if<std::string>(&value)) return "`\"" + *text + "\"`";
  if (const auto* p = std::get_if<Point2>(&value)) {
    return "`[" + short_number((*p)[0]) + ", " + short_number((*p)[1]) + "]`";
  }
  if (const auto* list = std::get_if<Names>(&value)) {
    std::string text;
    for (const std::string& name : *list) text += (text.empty() ? "`[\"" : ", \"") + name + "\"";
    return text.empty() ? "—" : text + "]`";
  }
  return "—";
}

// What a file without the key gets: the settings' own default, or the row's words for it.
template <class T>
std::string default_of(const KeyRow<T>& row) {
  if (row.required) return "required";
  if (row.if_absent) return row.if_absent;
  if (row.access.type == KeyType::kTables) return "none";
  return shown(row.access.get(T{}));
}

template <class T>
std::string meaning(const KeyRow<T>& row) {
  std::string text = row.help;
  if (row.former_name) text += std::string("; also read as `") + row.former_name + "`, its former name";
  if (row.applies) text += std::string(" (only with `") + row.applies_text + "`)";
  return text;
}

// One section's table: its heading, then a line per key.
template <class T>
void write_key_table(std::ostream& o, const std::string& heading, const std::vector<KeyRow<T>>& rows,
                     const std::string& section) {
  o << "\n### " << heading << "\n\n"
    << "| key | type | unit | accepted | default | meaning |\n"
    << "|---|---|---|---|---|---|\n";
  for (const KeyRow<T>& row : rows) {
    if (row.section != section) continue;
    o << "| `" << row.key << "` | " << type_name(row.access.type) << " | " << row.unit << " | "
      << accepted(row) << " | " << default_of(row) << " | " << meaning(row) << " |\n";
  }
}

}  // namespace reference_detail

using reference_detail::write_key_table;

inline constexpr const char* kKeyReferenceBegin =
    "<!-- The key reference: printed by `hilsim scenario-keys` from tools/scenario/scenario_keys.cc. -->";
inline constexpr const char* kKeyReferenceEnd = "<!-- End of the key reference. -->";

inline constexpr const char* kMachineKeyReferenceBegin =
    "<!-- The key reference: printed by `hilsim scenario-keys --machine` from "
    "tools/scenario/machine_keys.cc. -->";

// The reference, the marker lines included: the scenario's, or (`machine`) the machine file's of
// docs/machine.md (tools/scenario/machine_keys.h).
void write_key_reference(std::ostream& o, bool machine = false);

// `page` with the lines from the reference's first marker to kKeyReferenceEnd replaced by it.
// Throws io::InputError naming `name` when the page lacks either marker line.
std::string with_key_reference(const std::string& page, const std::string& name, bool machine = false);

}  // namespace hilsim::scenario
