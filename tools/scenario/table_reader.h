// One TOML table of a scenario, read key by key: the keys asked for are the known ones, any other
// is an error listing them. Messages name the file, the line and the key.
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
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

  // After reading: any key not asked for is an error, naming the nearest known key or section
  // ("did you mean [hydraulics]?") and the accepted ones. `also_allowed`: the sections a top level
  // holds besides its keys.
  void reject_unknown(const std::vector<std::string>& also_allowed = {}) const {
    if (!table_) return;
    for (const auto& [key, node] : *table_) {
      const std::string k(key.str());
      if (std::find(known_.begin(), known_.end(), k) != known_.end() ||
          std::find(also_allowed.begin(), also_allowed.end(), k) != also_allowed.end())
        continue;
      std::ostringstream msg;
      msg << file_ << ":" << node.source().begin.line << ": unknown " << (node.is_table() ? "section" : "key")
          << " '" << qualified(k) << "'";
      std::vector<std::string> sections;  // also_allowed without the top level's own name, ""
      for (const std::string& a : also_allowed) {
        if (!a.empty()) sections.push_back(a);
      }
      std::vector<std::string> candidates = known_;
      for (const std::string& section : sections) candidates.push_back("[" + section + "]");
      if (const std::string near = nearest_word(k, candidates); !near.empty())
        msg << " (did you mean " << near << "?)";
      if (!known_.empty()) {
        msg << " (accepted keys in " << (section_.empty() ? "the top level" : "[" + section_ + "]") << ": ";
        for (std::size_t i = 0; i < known_.size(); ++i) msg << (i ? ", " : "") << known_[i];
        if (!sections.empty()) msg << "; sections: ";
        for (std::size_t i = 0; i < sections.size(); ++i) msg << (i ? ", " : "") << "[" << sections[i] << "]";
        msg << ")";
      }
      throw InputError(msg.str());
    }
  }

  // The candidate nearest to `word` by edit distance (Levenshtein; a candidate "[x]" compared as x),
  // ignoring case, when it is near enough to be a slip (at most 2 edits, or a third of the word);
  // "" otherwise.
  static std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    for (const std::string& c : candidates) {
      const bool bracketed = c.size() > 2 && c.front() == '[' && c.back() == ']';
      const std::size_t d = edit_distance(word, bracketed ? c.substr(1, c.size() - 2) : c);
      if (d < best_distance) {
        best_distance = d;
        best = bracketed ? c : "'" + c + "'";
      }
    }
    return best;
  }

  static std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t above = row[j];
        const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                          std::tolower(static_cast<unsigned char>(b[j - 1]));
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
        diagonal = above;
      }
    }
    return row[b.size()];
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
