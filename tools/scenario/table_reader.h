// Reading one TOML table of a scenario key by key (every key known, of the right type), and the
// range checks of validation; both throw io::InputError naming the file, the key and the range.
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tools/io/input_error.h"

namespace hilsim::scenario {

using io::InputError;

// Reads one TOML table key by key: every key must be known, of the right type.
class TableReader {
 public:
  // `display`: the section's name in messages when it is not `section` (a nested table,
  // e.g. "rt.thread.mechanics" for the table `section` = "mechanics" of [rt.thread]).
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

  void number(const std::string& key, double& target) {
    const toml::node* node = find(key);
    if (!node) return;
    if (const auto v = node->value<double>(); v && (node->is_floating_point() || node->is_integer())) {
      target = *v;
    } else {
      fail(key, "must be a number", *node);
    }
  }

  void integer(const std::string& key, std::int64_t& target) {
    const toml::node* node = find(key);
    if (!node) return;
    if (const auto v = node->value<std::int64_t>(); v && node->is_integer()) {
      target = *v;
    } else {
      fail(key, "must be an integer", *node);
    }
  }

  // An integer key that may be absent (TOML has no null: absent is the only "unset").
  void integer(const std::string& key, std::optional<std::int64_t>& target) {
    if (!find(key)) return;
    std::int64_t v = 0;
    integer(key, v);
    target = v;
  }

  // A TOML integer for an int setting; values beyond the range of int are clamped (validate()
  // then rejects them).
  void integer(const std::string& key, int& target) {
    std::int64_t wide = target;
    integer(key, wide);
    target = static_cast<int>(std::clamp<std::int64_t>(wide, INT32_MIN, INT32_MAX));
  }

  void boolean(const std::string& key, bool& target) {
    const toml::node* node = find(key);
    if (!node) return;
    if (const auto v = node->value<bool>(); v && node->is_boolean()) {
      target = *v;
    } else {
      fail(key, "must be true or false", *node);
    }
  }

  void string(const std::string& key, std::string& target) {
    const toml::node* node = find(key);
    if (!node) return;
    if (const auto v = node->value<std::string>()) {
      target = *v;
    } else {
      fail(key, "must be a string", *node);
    }
  }

  // A string key that may be absent.
  void string(const std::string& key, std::optional<std::string>& target) {
    if (!find(key)) return;
    std::string v;
    string(key, v);
    target = v;
  }

  // After reading: any key not asked for is an error.
  void reject_unknown(const std::vector<std::string>& also_allowed = {}) const {
    if (!table_) return;
    for (const auto& [key, node] : *table_) {
      const std::string k(key.str());
      if (seen_.count(k) == 0 &&
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

  std::string qualified(const std::string& key) const {
    if (key.empty()) return section_;
    return section_.empty() ? key : section_ + "." + key;
  }

 private:
  const toml::node* find(const std::string& key) {
    known_.push_back(key);
    seen_[key] = true;
    return table_ ? table_->get(key) : nullptr;
  }

  [[noreturn]] void fail(const std::string& key, const std::string& what, const toml::node& node) const {
    std::ostringstream msg;
    msg << file_ << ":" << node.source().begin.line << ": key '" << qualified(key) << "' " << what
        << ", found a " << node.type();
    throw InputError(msg.str());
  }

  std::string file_;
  std::string section_;
  const toml::table* table_ = nullptr;
  std::map<std::string, bool> seen_;
  std::vector<std::string> known_;
};

struct RangeCheck {
  const std::string& source;
  void operator()(const std::string& key, double value, double lo, double hi, bool lo_open, bool hi_open,
                  const std::string& unit) const {
    const bool ok =
        std::isfinite(value) && (lo_open ? value > lo : value >= lo) && (hi_open ? value < hi : value <= hi);
    if (ok) return;
    std::ostringstream msg;
    msg << source << ": key '" << key << "' = " << value << " " << unit << " is outside the accepted range "
        << (lo_open ? "(" : "[") << lo << ", ";
    if (std::isinf(hi)) {
      msg << "inf)";
    } else {
      msg << hi << (hi_open ? ")" : "]");
    }
    throw InputError(msg.str());
  }
};

}  // namespace hilsim::scenario
