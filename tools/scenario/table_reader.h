// One TOML table of a scenario, read key by key: the keys asked for are the known ones, any other
// is an error listing them. Messages name the file, the line and the key.
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "tools/io/input_error.h"

namespace hilsim::scenario {

using io::InputError;

class TableReader {
 public:
  // `section`: the table under `root` ("" for `root` itself). `display`: its name in messages when
  // that is not `section` (an entry of a table of tables, "rt.thread.mechanics", or of an array of
  // tables, "messages[0]").
  TableReader(const std::string& file, const toml::table& root, const std::string& section,
              const std::string& display = "")
      : file_(file), section_(display.empty() ? section : display) {
    if (section.empty()) {
      table_ = &root;
    } else if (const toml::node* node = root.get(section)) {
      table_ = node->as_table();
      if (!table_) fail("", "must be a table [" + section_ + "]", *node);
    }
  }

  // The node of `key`, null when absent; the key is known from now on.
  const toml::node* get(const std::string& key) {
    if (std::find(known_.begin(), known_.end(), key) == known_.end()) known_.push_back(key);
    return table_ ? table_->get(key) : nullptr;
  }

  // After reading: any key not asked for is an error.
  void reject_unknown(const std::vector<std::string>& also_allowed = {}) const {
    if (!table_) return;
    for (const auto& [key, node] : *table_) {
      const std::string k(key.str());
      if (std::find(known_.begin(), known_.end(), k) == known_.end() &&
          std::find(also_allowed.begin(), also_allowed.end(), k) == also_allowed.end()) {
        std::ostringstream msg;
        msg << file_ << ":" << node.source().begin.line << ": unknown key '" << qualified(k) << "'";
        if (!known_.empty()) {
          msg << " (accepted keys in " << (section_.empty() ? "the top level" : "[" + section_ + "]") << ": ";
          for (std::size_t i = 0; i < known_.size(); ++i) msg << (i ? ", " : "") << known_[i];
          msg << ")";
        }
        throw InputError(msg.str());
      }
    }
  }

  // "section.key" as messages name it.
  std::string qualified(const std::string& key) const {
    if (key.empty()) return section_;
    return section_.empty() ? key : section_ + "." + key;
  }

  // "FILE:LINE: key 'section.key' WHAT, found a TYPE" ("an integer", "an array").
  [[noreturn]] void fail(const std::string& key, const std::string& what, const toml::node& node) const {
    std::ostringstream type;
    type << node.type();
    const bool vowel = !type.str().empty() && std::string("aeiou").find(type.str()[0]) != std::string::npos;
    std::ostringstream msg;
    msg << file_ << ":" << node.source().begin.line << ": key '" << qualified(key) << "' " << what
        << ", found " << (vowel ? "an " : "a ") << type.str();
    throw InputError(msg.str());
  }

  // "FILE:LINE: key 'section.key' is required", the line of the table.
  [[noreturn]] void missing(const std::string& key) const {
    throw InputError(file_ + ":" + std::to_string(line()) + ": key '" + qualified(key) + "' is required");
  }

  // The table's line in the file (0 when it is absent or the whole file).
  int line() const { return table_ ? static_cast<int>(table_->source().begin.line) : 0; }

 private:
  std::string file_;
  std::string section_;
  const toml::table* table_ = nullptr;
  std::vector<std::string> known_;  // in the order asked for, as the message lists them
};

}  // namespace hilsim::scenario
