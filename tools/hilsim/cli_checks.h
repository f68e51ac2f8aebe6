// Checks of command-line values that say what is wrong in a short line naming the accepted range.
// CLI11's own Range lets NaN through (it compares with < and >, which NaN passes) and its
// PositiveNumber prints its upper bound, the largest double, as 309 digits.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace hilsim::tools {

// The numbers an option accepts: finite, between `lo` and `hi`, each bound open or closed.
struct NumberRange {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = true;
  bool hi_open = true;

  bool contains(double v) const {
    return std::isfinite(v) && (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
  }
  // "> 0", ">= 0" without an upper bound; "in [0, 1]", "in (0, 1e+12]" with one.
  std::string text() const {
    if (std::isinf(hi)) return (lo_open ? "> " : ">= ") + number_text(lo);
    return std::string("in ") + (lo_open ? "(" : "[") + number_text(lo) + ", " + number_text(hi) +
           (hi_open ? ")" : "]");
  }
  // Whole numbers up to nine digits as written (100000000 Hz, not 1e+08), others as %g does.
  static std::string number_text(double v) {
    char text[32];
    if (v == std::floor(v) && std::fabs(v) < 1e9) {
      std::snprintf(text, sizeof text, "%.0f", v);
    } else {
      std::snprintf(text, sizeof text, "%g", v);
    }
    return text;
  }
};

inline NumberRange closed_range(double lo, double hi) { return {lo, hi, false, false}; }
inline NumberRange positive_range() { return {0.0, std::numeric_limits<double>::infinity(), true, true}; }
inline NumberRange open_closed_range(double lo, double hi) { return {lo, hi, true, false}; }

// Reads `text` whole as a T (double or a whole number); false when it is no such number.
template <typename T>
bool read_number(const std::string& text, T& value) {
  std::size_t used = 0;
  try {
    if constexpr (std::is_integral_v<T>) {
      const long long v = std::stoll(text, &used);
      if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) return false;
      value = static_cast<T>(v);
    } else {
      value = static_cast<T>(std::stod(text, &used));
    }
  } catch (const std::exception&) {
    return false;
  }
  return used == text.size();
}

// "" when `text` is a number of `range`, else what is wrong with it (CLI11 puts the option's name
// in front). NaN and the infinities are numbers to std::stod but in no range.
template <typename T = double>
std::string number_error(const std::string& text, const NumberRange& range) {
  T v{};
  if (!read_number(text, v)) {
    return "'" + text + "' is not a" + (std::is_integral_v<T> ? " whole" : "") + " number";
  }
  // CLI11 then converts a whole number with strtoll's base 0, which reads "010" as octal 8: the
  // value checked here would not be the one used.
  if (std::is_integral_v<T> && text.find_first_not_of("+-0") != std::string::npos &&
      text[text.find_first_not_of("+-")] == '0') {
    return "'" + text + "': write it without leading zeros";
  }
  if (!std::isfinite(static_cast<double>(v))) return "'" + text + "' must be a finite number " + range.text();
  if (range.contains(static_cast<double>(v))) return "";
  return "'" + text + "' must be " + range.text();
}

// A finite number in `range`.
inline CLI::Validator number_in(const NumberRange& range) {
  return CLI::Validator([range](std::string& text) { return number_error(text, range); },
                        "FLOAT " + range.text());
}
inline CLI::Validator number_in(double lo, double hi) { return number_in(closed_range(lo, hi)); }

// A whole number of type T in [lo, hi].
template <typename T>
CLI::Validator whole_number_in(T lo, T hi) {
  const NumberRange range = closed_range(static_cast<double>(lo), static_cast<double>(hi));
  return CLI::Validator([range](std::string& text) { return number_error<T>(text, range); },
                        "INT " + range.text());
}

// A finite number above `lo` (exclusive) or at least `lo` (inclusive); the message names the bound.
inline CLI::Validator number_above(double lo, bool inclusive) {
  const NumberRange range{lo, std::numeric_limits<double>::infinity(), !inclusive, true};
  return CLI::Validator([range](std::string& text) { return number_error(text, range); },
                        inclusive ? "NONNEGATIVE" : "POSITIVE");
}

inline CLI::Validator positive_number() { return number_above(0.0, false); }
inline CLI::Validator non_negative_number() { return number_above(0.0, true); }

// A path that is not empty: "" would reach the file system as no path at all (std::filesystem
// throws). `hint`: what to give instead, for the message.
inline CLI::Validator non_empty_path(const std::string& hint = "name a file") {
  return CLI::Validator(
      [hint](std::string& text) -> std::string { return text.empty() ? "the path is empty; " + hint : ""; },
      "");
}

// Adds a comma-separated list option of numbers in `range` to `cmd`, each given once. CLI11's own
// splitting drops an empty element ("0.001," reads as the one H 0.001) and keeps a repeated one, which
// a sweep would run twice; this option refuses both, naming itself. `values` keeps its contents
// (the default) unless the option is given.
template <typename T>
CLI::Option* add_number_list(CLI::App& cmd, const std::string& name, std::vector<T>& values,
                             const std::string& help, const NumberRange& range) {
  const auto take = [&values, name, range](const CLI::results_t& given) {
    std::vector<T> read;
    for (const std::string& arg : given) {
      std::size_t start = 0;
      while (start <= arg.size()) {
        const std::size_t comma = std::min(arg.find(',', start), arg.size());
        const std::string element = arg.substr(start, comma - start);
        if (element.empty()) {
          throw CLI::ValidationError(name,
                                     "'" + arg + "' has an empty element; separate the values by one comma");
        }
        const std::string error = number_error<T>(element, range);
        if (!error.empty()) throw CLI::ValidationError(name, error);
        T v{};
        read_number(element, v);
        if (std::find(read.begin(), read.end(), v) != read.end()) {
          throw CLI::ValidationError(name, "'" + element + "' is given twice; give each value once");
        }
        read.push_back(v);
        start = comma + 1;
      }
    }
    values = std::move(read);
    return true;
  };
  const auto shown = [&values] {
    std::string text;
    for (const T& v : values) text += (text.empty() ? "" : ",") + CLI::detail::to_string(v);
    return text;
  };
  CLI::Option* opt = cmd.add_option(name, take, help, false, shown);
  opt->type_name(std::string(std::is_integral_v<T> ? "INT" : "FLOAT") + " " + range.text());
  opt->expected(CLI::detail::expected_max_vector_size);
  return opt;
}

}  // namespace hilsim::tools
