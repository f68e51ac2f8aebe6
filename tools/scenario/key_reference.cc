#include "tools/scenario/key_reference.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <vector>

#include "tools/io/input_error.h"
#include "tools/scenario/scenario_keys.h"

namespace hilsim::scenario {

namespace {

// The shortest text that reads back to `v`, with a plain exponent: 1e-07 as "1e-7", 1e+06 as "1e6".
std::string short_number(double v) {
  char buffer[32];
  std::string text(buffer, std::to_chars(buffer, buffer + sizeof buffer, v).ptr);
  const std::size_t e = text.find('e');
  if (e == std::string::npos) return text;
  std::string exponent = text.substr(e + 1);
  const bool negative = exponent[0] == '-';
  exponent.erase(0, exponent.find_first_not_of("+-0"));
  return text.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

std::string bound(double v, bool integer) {
  return integer && std::isfinite(v) ? std::to_string(static_cast<long long>(v)) : short_number(v);
}

const char* type_name(KeyType type) {
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

std::string shown(const Value& value) {
  if (const auto* number = std::get_if<double>(&value)) return "`" + short_number(*number) + "`";
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return "`" + std::to_string(*integer) + "`";
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "`true`" : "`false`";
  if (const auto* text = std::get_if<std::string>(&value)) return "`\"" + *text + "\"`";
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
  return text;
}

// One section's table: its heading, then a line per key.
template <class T>
void write_table(std::ostream& o, const std::string& heading, const std::vector<KeyRow<T>>& rows,
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

}  // namespace

void write_key_reference(std::ostream& o) {
  o << kKeyReferenceBegin << "\n";
  std::vector<std::string> sections;
  for (const KeyRow<Scenario>& row : scenario_keys()) {
    if (std::find(sections.begin(), sections.end(), row.section) != sections.end()) continue;
    sections.emplace_back(row.section);
    write_table(o, row.section[0] ? "`[" + sections.back() + "]`" : "The top level", scenario_keys(),
                sections.back());
  }
  write_table(o, "`[" + std::string(thread_keys().front().section) + "]`", thread_keys(),
              thread_keys().front().section);
  write_table(o, "`[[" + std::string(message_keys().front().section) + "]]`", message_keys(),
              message_keys().front().section);
  write_table(o, "`[[" + std::string(signal_keys().front().section) + "]]`", signal_keys(),
              signal_keys().front().section);
  o << "\n" << kKeyReferenceEnd << "\n";
}

std::string with_key_reference(const std::string& page, const std::string& name) {
  const std::string begin = std::string(kKeyReferenceBegin) + "\n",
                    end = std::string(kKeyReferenceEnd) + "\n";
  const std::size_t from = page.find(begin);
  const std::size_t to = from == std::string::npos ? from : page.find(end, from);
  if (to == std::string::npos) {
    throw io::InputError(name + ": no key reference between the lines '" + kKeyReferenceBegin + "' and '" +
                         kKeyReferenceEnd + "'");
  }
  std::ostringstream reference;
  write_key_reference(reference);
  return page.substr(0, from) + reference.str() + page.substr(to + end.size());
}

}  // namespace hilsim::scenario
