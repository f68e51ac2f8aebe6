// Range checks for command-line numbers that say what is wrong in a short line: CLI11's own
// PositiveNumber prints its upper bound, the largest double, as 309 digits.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <exception>
#include <string>

namespace hilsim::tools {

// A finite number above `lo` (exclusive) or at least `lo` (inclusive); the message names the bound.
inline CLI::Validator number_above(double lo, bool inclusive) {
  const std::string rule = std::string(inclusive ? ">= " : "> ") + (lo == 0.0 ? "0" : std::to_string(lo));
  return CLI::Validator(
      [lo, inclusive, rule](std::string& text) -> std::string {
        double v = 0.0;
        std::size_t used = 0;
        try {
          v = std::stod(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != text.size() || !std::isfinite(v)) return "'" + text + "' is not a number";
        if (inclusive ? v >= lo : v > lo) return "";
        return "'" + text + "' must be " + rule;
      },
      inclusive ? "NONNEGATIVE" : "POSITIVE");
}

inline CLI::Validator positive_number() { return number_above(0.0, false); }
inline CLI::Validator non_negative_number() { return number_above(0.0, true); }

}  // namespace hilsim::tools
