// One row of the scenario key table (scenario_keys.h): a key of a scenario file with its type,
// unit, accepted range and help text, and how its value reads into and writes from the settings
// (`T`: the Scenario, or one [rt.thread.NAME], [[messages]] or [[messages.signals]] entry).
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "tools/scenario/setting_words.h"

namespace hilsim::scenario {

enum class KeyType {
  kNumber,   // a TOML float or integer, held as a double
  kInteger,  // a TOML integer
  kBoolean,  // true or false
  kString,   // any string
  kPath,     // a string naming a file: read relative to the scenario's directory, written absolute
  kWord,     // a string, one of the row's words
  kTables,   // a table of tables ([rt.thread.NAME]) or an array of tables ([[messages]])
  kPoint,    // an array of two numbers [x, y] (a machine file's points, in a body's frame)
  kNames,    // an array of strings (a thread's subsystems)
};

using Point2 = std::array<double, 2>;

// A value between TOML and the settings; std::monostate: unset, nothing written.
using Names = std::vector<std::string>;
using Value = std::variant<std::monostate, double, std::int64_t, bool, std::string, Point2, Names>;

// Where a key is read: for messages, and for the paths relative to the file.
struct KeyContext {
  std::string file{};   // the scenario file, or the name of a recording's config
  std::string where{};  // what messages start with: the file, or "FILE:LINE" for a [[messages]] entry
  std::string key{};    // "SECTION.KEY" ("messages[0].signals"), set for each key as it is read
  std::string what{};   // "WHERE: key 'SECTION.KEY'", for messages about the key
  std::filesystem::path base{};  // the directory relative paths start from
};

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// An accepted range of a number; every bound excludes NaN and the infinities.
struct Range {
  double lo = -kInf;
  double hi = kInf;
  bool lo_open = true;
  bool hi_open = true;
};
constexpr Range closed(double lo, double hi) { return {lo, hi, false, false}; }
constexpr Range open(double lo, double hi) { return {lo, hi, true, true}; }
constexpr Range open_closed(double lo, double hi) { return {lo, hi, true, false}; }
constexpr Range closed_open(double lo, double hi) { return {lo, hi, false, true}; }

// How one key's value reads into and writes from a T.
template <class T>
struct Access {
  KeyType type = KeyType::kNumber;
  Value (*get)(const T&) = nullptr;
  // Called with a value of the row's type (a word among `words`); paths as written in the file.
  void (*set)(T&, const Value&, const KeyContext&) = nullptr;
  std::vector<std::string> words{};  // kWord: the accepted words, in the order messages list them
  // kTables: the node under the key, read whole; and its tables written (each with its header).
  void (*read_tables)(T&, const toml::node&, const KeyContext&) = nullptr;
  void (*write_tables)(std::ostream&, const T&) = nullptr;
};

template <class T>
struct KeyRow {
  const char* section;  // "run", "cosim"; "" at the top level; "rt.thread.NAME", "messages" for entries
  const char* key;
  const char* unit;  // "s", "Pa"; "" when it has none
  const char* help;  // what it sets, as docs/scenario.md says it
  Access<T> access;
  // Numbers and integers: checked by validate(), and integers also as they are read (a value
  // beyond the setting's type could not be held to be named in the message).
  std::optional<Range> range = std::nullopt;
  const char* note = "";  // after the unit in a range message: "(-1 = not pinned)"
  // A bound that other keys set (t_b follows t_a + t_r): validate() checks it after every range of
  // constant bounds, so that the keys it reads are checked first. The docs write `range_text`.
  double (*lo_of)(const T&) = nullptr;
  double (*hi_of)(const T&) = nullptr;
  const char* range_text = nullptr;
  // A value that means "not set" (h_M = 0: the same as H), not checked.
  std::optional<double> unset = std::nullopt;
  // The form of a string (an address, an interface name); throws io::InputError starting with `what`.
  void (*check)(const std::string& text, const std::string& what) = nullptr;
  const char* if_absent = nullptr;    // what an absent key means, where the default is no value
  bool comment_if_unset = false;      // an unset value is written as "# KEY: <if_absent>"
  const char* former_name = nullptr;  // the key's former name, still read (never both)
  bool required = false;              // an entry of [[messages]] without it is an error
  // The key belongs to some entries only (a pump's keys, a proportional valve's): unset, to all. An
  // entry it does not apply to refuses it when read and leaves it out when written.
  bool (*applies)(const T&) = nullptr;
  const char* applies_text = "";  // for which, as the reference says it: "`type = \"pump\"`"
  // Numbers: what the quantity plausibly is on a machine hilsim simulates, wider than any real
  // one; a value outside is accepted, with a warning that names the unit the key expects and the
  // value read in the unit it was likely typed in (implausible_values(), scenario.h).
  std::optional<Range> plausible = std::nullopt;
};

namespace key_access {

template <class X>
struct Unwrapped {
  using type = X;
  static constexpr bool kOptional = false;
};
template <class X>
struct Unwrapped<std::optional<X>> {
  using type = X;
  static constexpr bool kOptional = true;
};
// The field's type without const, reference and std::optional, and whether it is optional.
template <class T, class F>
using FieldOf = Unwrapped<std::remove_cvref_t<decltype(F{}(std::declval<T&>()))>>;

// The field as a Value (an unset optional: monostate); `convert` turns the held value into it.
template <class T, class F, class Convert>
Value get_field(const T& t, Convert convert) {
  const auto& field = F{}(t);
  if constexpr (FieldOf<T, F>::kOptional) {
    if (!field) return {};
    return convert(*field);
  } else {
    return convert(field);
  }
}

}  // namespace key_access

// The accessor `F` is a lambda without captures, `[](auto& s) -> auto& { return s.cosim.H; }`,
// naming the field (a plain one or a std::optional) for a const and a mutable T alike.

template <class T, class F>
Access<T> number(F) {
  return {.type = KeyType::kNumber,
          .get = [](const T& t) { return key_access::get_field<T, F>(t, [](double v) { return Value(v); }); },
          .set = [](T& t, const Value& v, const KeyContext&) { F{}(t) = std::get<double>(v); }};
}

// Any integer field. Read values are range-checked before they are set, when the row has a range;
// without one they are saturated to the field's type (and left to a later check).
template <class T, class F>
Access<T> integer(F) {
  using Int = typename key_access::FieldOf<T, F>::type;
  return {
      .type = KeyType::kInteger,
      .get =
          [](const T& t) {
            return key_access::get_field<T, F>(t, [](Int v) { return Value(static_cast<std::int64_t>(v)); });
          },
      .set =
          [](T& t, const Value& v, const KeyContext&) {
            const std::int64_t wide = std::clamp<std::int64_t>(
                std::get<std::int64_t>(v), std::numeric_limits<Int>::min(), std::numeric_limits<Int>::max());
            F{}(t) = static_cast<Int>(wide);
          }};
}

template <class T, class F>
Access<T> boolean(F) {
  return {.type = KeyType::kBoolean,
          .get = [](const T& t) { return key_access::get_field<T, F>(t, [](bool v) { return Value(v); }); },
          .set = [](T& t, const Value& v, const KeyContext&) { F{}(t) = std::get<bool>(v); }};
}

template <class T, class F>
Access<T> text(F) {
  return {.type = KeyType::kString,
          .get =
              [](const T& t) {
                return key_access::get_field<T, F>(t, [](const std::string& v) { return Value(v); });
              },
          .set = [](T& t, const Value& v, const KeyContext&) { F{}(t) = std::get<std::string>(v); }};
}

// `path` relative to the scenario's directory (an absolute one as it is).
inline std::string resolve_path(const KeyContext& at, const std::string& path) {
  if (path.empty()) return path;
  const std::filesystem::path p(path);
  return p.is_absolute() ? p.string() : (at.base / p).lexically_normal().string();
}

// An Eigen::Vector2d field as [x, y].
template <class T, class F>
Access<T> point(F) {
  return {.type = KeyType::kPoint,
          .get =
              [](const T& t) {
                return Value(Point2{F{}(t)[0], F{}(t)[1]});
              },
          .set =
              [](T& t, const Value& v, const KeyContext&) {
                const Point2& p = std::get<Point2>(v);
                F{}(t) = {p[0], p[1]};
              }};
}

// A list of strings; an empty one is unset (nothing written).
template <class T, class F>
Access<T> names(F) {
  return {.type = KeyType::kNames,
          .get = [](const T& t) { return F{}(t).empty() ? Value() : Value(F{}(t)); },
          .set = [](T& t, const Value& v, const KeyContext&) { F{}(t) = std::get<Names>(v); }};
}

// A file: "" leaves the setting as it is (unset).
template <class T, class F>
Access<T> path(F) {
  return {.type = KeyType::kPath,
          .get =
              [](const T& t) {
                return key_access::get_field<T, F>(t, [](const std::string& v) { return Value(v); });
              },
          .set =
              [](T& t, const Value& v, const KeyContext& at) {
                if (!std::get<std::string>(v).empty()) F{}(t) = resolve_path(at, std::get<std::string>(v));
              }};
}

// The words of a list of choices (setting_words.h).
template <class E, std::size_t N>
std::vector<std::string> words_of(const Choice<E> (&choices)[N]) {
  std::vector<std::string> words;
  for (const Choice<E>& c : choices) words.emplace_back(c.word);
  return words;
}

// `access` with another getter: a value written as it was resolved (the limits' `enabled`).
template <class T>
Access<T> written_as(Access<T> access, std::type_identity_t<Value (*)(const T&)> get) {
  access.get = get;
  return access;
}

// `access` with another setter: a value read into something other than what is written.
template <class T>
Access<T> read_as(Access<T> access, std::type_identity_t<void (*)(T&, const Value&, const KeyContext&)> set) {
  access.set = set;
  return access;
}

// An enum field spelled with the words of `kChoices`.
template <class T, const auto& kChoices, class F>
Access<T> choice(F) {
  using E = typename key_access::FieldOf<T, F>::type;
  return {.type = KeyType::kWord,
          .get =
              [](const T& t) {
                return key_access::get_field<T, F>(
                    t, [](E v) { return Value(std::string(word_of(kChoices, v))); });
              },
          .set = [](T& t, const Value& v,
                    const KeyContext&) { F{}(t) = *choice_of(kChoices, std::get<std::string>(v)); },
          .words = words_of(kChoices)};
}

}  // namespace hilsim::scenario
