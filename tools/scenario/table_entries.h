// Arrays of tables ([[messages]], a machine's [[bodies]]) read entry by entry through a key table
// (key_row.h): each entry's keys by its rows, unknown keys refused, messages naming the entry as
// "KEY[i]" and its line.
#pragma once

#include <toml++/toml.h>

#include <string>
#include <vector>

#include "tools/scenario/key_table.h"

namespace hilsim::scenario {

// The tables of an array of tables at `node`, or an error "FILE:LINE: 'KEY' must be FORM".
inline const toml::array& array_of_tables(const toml::node& node, const KeyContext& at,
                                          const std::string& form) {
  const toml::array* array = node.as_array();
  if (!array || !array->is_array_of_tables()) {
    throw InputError(at.file + ":" + std::to_string(node.source().begin.line) + ": '" + at.key +
                     "' must be " + form);
  }
  return *array;
}

// Reads the table `table` by `rows` (all of one section) into a new T, each value checked against
// its row's range; messages name it `display`.
template <class T>
T read_table_entry(const toml::table& table, const std::string& display, const std::vector<KeyRow<T>>& rows,
                   const KeyContext& at) {
  TableReader reader(at.file, table, "", display);
  KeyContext entry = at;
  entry.where = at.file + ":" + std::to_string(reader.line());
  T target;
  read_section(reader, rows, rows.front().section, target, entry);
  reader.reject_unknown();
  for (const KeyRow<T>& row : rows) {  // a key of another kind of entry (a pump's on a constant supply)
    const toml::node* node = row.applies && !row.applies(target) ? table.get(row.key) : nullptr;
    if (node) {
      throw InputError(at.file + ":" + std::to_string(node->source().begin.line) + ": key '" + display + "." +
                       row.key + "' applies only with " + row.applies_text);
    }
  }
  check_rows(rows, target, entry.where, display);  // "FILE:LINE: key 'bodies[1].mass' = ..."
  return target;
}

// Reads entry `i` of an array of tables by `rows`; messages name it "KEY[i]" and its line.
template <class T>
T read_entry(const toml::array& array, std::size_t i, const std::vector<KeyRow<T>>& rows,
             const KeyContext& at) {
  return read_table_entry(*array.get(i)->as_table(), at.key + "[" + std::to_string(i) + "]", rows, at);
}

// Every entry of the array of tables at `node`.
template <class T>
std::vector<T> read_entries(const toml::node& node, const std::vector<KeyRow<T>>& rows,
                            const KeyContext& at) {
  const toml::array& array = array_of_tables(node, at, "an array of tables [[" + at.key + "]]");
  std::vector<T> out;
  out.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i) out.push_back(read_entry(array, i, rows, at));
  return out;
}

}  // namespace hilsim::scenario
