#include "tools/scenario/key_table.h"

#include <cmath>
#include <filesystem>
#include <sstream>

#include "tools/scenario/toml_text.h"

namespace hilsim::scenario {

namespace {

// [x, y]: two finite numbers.
Value read_point(const TableReader& table, const std::string& key, const toml::node& node) {
  const toml::array* a = node.as_array();
  if (!a || a->size() != 2 || !(*a)[0].is_number() || !(*a)[1].is_number()) {
    table.fail(key, "must be a point [x, y] of two numbers", node);
  }
  const Point2 p{*(*a)[0].value<double>(), *(*a)[1].value<double>()};
  if (!std::isfinite(p[0]) || !std::isfinite(p[1]))
    table.fail(key, "must be a point of finite numbers", node);
  return p;
}

// ["a", "b"]: strings, at least one.
Value read_names(const TableReader& table, const std::string& key, const toml::node& node) {
  const toml::array* a = node.as_array();
  if (!a || a->empty()) table.fail(key, "must be a list of names [\"a\", \"b\"]", node);
  Names names;
  for (const toml::node& item : *a) {
    if (!item.is_string()) table.fail(key, "must be a list of names (strings)", node);
    names.push_back(*item.value<std::string>());
  }
  return names;
}

}  // namespace

Value read_value(const TableReader& table, const std::string& key, KeyType type, const toml::node& node) {
  switch (type) {
    case KeyType::kNumber:
      if (const auto* number = node.as_floating_point()) return number->get();
      // The nearest double, as for a float's digits: toml++'s value<double>() has none for an
      // integer past 2^53 (not exact in a double), which the writer's "%.17g" prints for a whole
      // number that large.
      if (const auto* integer = node.as_integer()) return static_cast<double>(integer->get());
      table.fail(key, "must be a number", node);
    case KeyType::kInteger:
      if (node.is_integer()) return *node.value<std::int64_t>();
      table.fail(key, "must be an integer", node);
    case KeyType::kBoolean:
      if (node.is_boolean()) return *node.value<bool>();
      table.fail(key, "must be true or false", node);
    case KeyType::kPoint:
      return read_point(table, key, node);
    case KeyType::kNames:
      return read_names(table, key, node);
    case KeyType::kString:
    case KeyType::kPath:
    case KeyType::kWord:
    case KeyType::kTables:
      break;
  }
  if (!node.is_string()) table.fail(key, "must be a string", node);
  return *node.value<std::string>();
}

namespace {

// Integers as integers ("[1, 1000000]"), numbers as the stream writes them ("1e-07").
void write_number(std::ostream& o, const Value& value) {
  if (std::holds_alternative<std::int64_t>(value)) {
    o << std::get<std::int64_t>(value);
  } else {
    o << std::get<double>(value);
  }
}

Value like(const Value& value, double bound) {
  if (std::holds_alternative<std::int64_t>(value) && std::isfinite(bound)) {
    return static_cast<std::int64_t>(bound);
  }
  return bound;
}

}  // namespace

void check_range(const std::string& what, const Value& value, const Range& range, const std::string& unit) {
  const double v = std::holds_alternative<double>(value) ? std::get<double>(value)
                                                         : static_cast<double>(std::get<std::int64_t>(value));
  const bool ok = std::isfinite(v) && (range.lo_open ? v > range.lo : v >= range.lo) &&
                  (range.hi_open ? v < range.hi : v <= range.hi);
  if (ok) return;
  std::ostringstream msg;
  msg << what << " = ";
  write_number(msg, value);
  msg << (unit.empty() ? "" : " " + unit) << " is outside the accepted range " << (range.lo_open ? "(" : "[");
  write_number(msg, like(value, range.lo));
  msg << ", ";
  if (std::isinf(range.hi)) {
    msg << "inf)";
  } else {
    write_number(msg, like(value, range.hi));
    msg << (range.hi_open ? ")" : "]");
  }
  throw InputError(msg.str());
}

std::string toml_value(const Value& value, KeyType type) {
  if (const auto* number = std::get_if<double>(&value)) return toml_number(*number);
  if (const auto* integer = std::get_if<std::int64_t>(&value)) return std::to_string(*integer);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  if (const auto* p = std::get_if<Point2>(&value))
    return "[" + toml_number((*p)[0]) + ", " + toml_number((*p)[1]) + "]";
  if (const auto* list = std::get_if<Names>(&value)) {
    std::string text = "[";
    for (const std::string& name : *list) text += (text.size() > 1 ? ", " : "") + toml_string(name);
    return text + "]";
  }
  const std::string& text = std::get<std::string>(value);
  if (type == KeyType::kPath) return toml_string(std::filesystem::absolute(text).lexically_normal().string());
  return toml_string(text);
}

}  // namespace hilsim::scenario
