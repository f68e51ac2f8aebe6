// Reading, writing and checking scenario keys row by row (key_row.h): the one loop each that
// load_scenario, to_toml and validate run over the key table (scenario_keys.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "tools/scenario/key_row.h"
#include "tools/scenario/table_reader.h"

namespace hilsim::scenario {

// The value of a key of `type` at `node`; a value of another TOML type is an error naming the key.
Value read_value(const TableReader& table, const std::string& key, KeyType type, const toml::node& node);

// Throws io::InputError "WHAT = 12 s is outside the accepted range (0, 10]" unless `value` (a
// number or an integer) lies in `range`. `unit`: the unit and any note ("" for none).
void check_range(const std::string& what, const Value& value, const Range& range, const std::string& unit);

// The value as TOML text: numbers to read back exactly, strings escaped, paths absolute.
std::string toml_value(const Value& value, KeyType type);

// "s (0 = same as H)": a row's unit and note, as range messages write them.
template <class T>
std::string unit_and_note(const KeyRow<T>& row) {
  const std::string unit = row.unit, note = row.note;
  return unit.empty() || note.empty() ? unit + note : unit + " " + note;
}

// Reads `row` from `table` into `target`, when the key (or its former name) is there.
template <class T>
void read_row(TableReader& table, const KeyRow<T>& row, T& target, KeyContext at) {
  std::string key = row.key;
  const toml::node* node = table.get(key);
  if (row.former_name && table.get(row.former_name)) {
    if (node) {
      throw InputError(at.where + ": keys '" + table.qualified(key) + "' and '" +
                       table.qualified(row.former_name) +
                       "' (its former name) name the same setting; give one");
    }
    key = row.former_name;
    node = table.get(key);
  }
  if (!node) {
    if (row.required) table.missing(key);
    return;
  }
  at.key = table.qualified(key);
  at.what = at.where + ": key '" + at.key + "'";
  if (row.access.type == KeyType::kTables) {
    row.access.read_tables(target, *node, at);
    return;
  }
  const Value value = read_value(table, key, row.access.type, *node);
  if (row.access.type == KeyType::kWord) {
    const std::vector<std::string>& words = row.access.words;
    if (std::find(words.begin(), words.end(), std::get<std::string>(value)) == words.end()) {
      std::string list;
      for (const std::string& w : words) list += (list.empty() ? "" : ", ") + w;
      throw InputError(at.what + " = '" + std::get<std::string>(value) + "' is not one of: " + list);
    }
  }
  if (row.access.type == KeyType::kInteger && row.range &&
      !(row.unset && static_cast<double>(std::get<std::int64_t>(value)) == *row.unset)) {
    check_range(at.what, value, *row.range, unit_and_note(row));
  }
  row.access.set(target, value, at);
}

// Reads every row of `section` from `table` into `target`.
template <class T>
void read_section(TableReader& table, const std::vector<KeyRow<T>>& rows, const std::string& section,
                  T& target, const KeyContext& at) {
  for (const KeyRow<T>& row : rows) {
    if (row.section == section) read_row(table, row, target, at);
  }
}

// Writes "key = value" (or the tables of a kTables row; nothing for an unset value unless the row
// says what it means).
template <class T>
void write_row(std::ostream& o, const KeyRow<T>& row, const T& target) {
  if (row.applies && !row.applies(target)) return;
  if (row.access.type == KeyType::kTables) {
    row.access.write_tables(o, target);
    return;
  }
  const Value value = row.access.get(target);
  if (std::holds_alternative<std::monostate>(value)) {
    if (row.comment_if_unset) o << "# " << row.key << ": " << row.if_absent << "\n";
    return;
  }
  o << row.key << " = " << toml_value(value, row.access.type) << "\n";
}

// The row's range with the bounds that other keys set.
template <class T>
Range bounded_range(const KeyRow<T>& row, const T& target) {
  Range range = row.range.value_or(Range{});
  if (row.lo_of) range.lo = row.lo_of(target);
  if (row.hi_of) range.hi = row.hi_of(target);
  return range;
}

// The range and the form of `row`'s value in `target`; messages start with `what`.
template <class T>
void check_row(const KeyRow<T>& row, const T& target, const std::string& what) {
  if (row.access.type == KeyType::kTables) return;  // its entries are checked by their own rows
  if (row.applies && !row.applies(target)) return;  // not this entry's: its value is not used
  const Value value = row.access.get(target);
  if (std::holds_alternative<std::monostate>(value)) return;
  if (row.check) row.check(std::get<std::string>(value), what);
  if (!row.range) return;
  const double number = std::holds_alternative<double>(value)
                            ? std::get<double>(value)
                            : static_cast<double>(std::get<std::int64_t>(value));
  if (row.unset && number == *row.unset) return;
  check_range(what, value, bounded_range(row, target), unit_and_note(row));
}

// Every row checked. A range bounded by other keys comes after every range of constant bounds, so
// that the keys it reads are checked first; one whose bound is not finite even after those (p_P =
// inf bounds relief_pressure), last, after the key that set it. Keys are named "SECTION.KEY" with
// `section` ("" for each row's own).
// `line_of(key)`, when given, says the line of a key ("fluid.density") in the source, 0 when unknown:
// a message then names it as "SOURCE:LINE".
template <class T>
void check_rows(const std::vector<KeyRow<T>>& rows, const T& target, const std::string& source,
                const std::string& section = "",
                const std::function<long(const std::string&)>& line_of = {}) {
  const auto order = [&target](const KeyRow<T>& row) {
    if (!row.lo_of && !row.hi_of) return 0;
    const Range range = bounded_range(row, target);
    return std::isfinite(row.lo_of ? range.lo : range.hi) ? 1 : 2;
  };
  for (const int pass : {0, 1, 2}) {
    for (const KeyRow<T>& row : rows) {
      if (order(row) != pass) continue;
      const std::string s = section.empty() ? row.section : section;
      const std::string key = (s.empty() ? "" : s + ".") + row.key;
      const long line = line_of ? line_of(key) : 0;
      check_row(row, target, source + (line > 0 ? ":" + std::to_string(line) : "") + ": key '" + key + "'");
    }
  }
}

}  // namespace hilsim::scenario
