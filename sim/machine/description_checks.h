// What build_machine_model's steps share to check a description (machine_model.h): the key of an
// entry ("bodies[2]") and one-line MachineErrors naming it.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "sim/machine/machine_model.h"

namespace hilsim::sim::machine::internal {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

inline std::string entry(const std::string& list, std::size_t i) {
  return list + "[" + std::to_string(i) + "]";
}

[[noreturn]] inline void fail(const std::string& key, const std::string& message) {
  throw MachineError(key, message);
}

inline void require(bool ok, const std::string& key, const std::string& message) {
  if (!ok) fail(key, message);
}

// A number as messages write it: the shortest form that reads back, "inf" for infinity.
inline std::string number(double v) {
  std::ostringstream o;
  o.precision(17);
  o << v;
  std::string s = o.str();
  // Prefer the short form when it reads back the same.
  for (int p = 1; p < 17; ++p) {
    std::ostringstream t;
    t.precision(p);
    t << v;
    if (std::stod(t.str()) == v) return t.str();
  }
  return s;
}

// A computed quantity as messages write it: 9 significant digits, enough to compare with a bound and
// free of the last bits' rounding (0.30000000000000004 is 0.3).
inline std::string computed(double v) {
  std::ostringstream o;
  o.precision(9);
  o << v;
  return o.str();
}

// `value` [unit] in the open or closed range, else "WHAT = V UNIT is outside the accepted range (LO, HI]".
inline void require_range(double value, double lo, double hi, bool lo_open, bool hi_open,
                          const std::string& key, const std::string& what, const std::string& unit) {
  const bool ok =
      std::isfinite(value) && (lo_open ? value > lo : value >= lo) && (hi_open ? value < hi : value <= hi);
  if (ok) return;
  fail(key, what + " = " + number(value) + (unit.empty() ? "" : " " + unit) +
                " is outside the accepted range " + (lo_open ? "(" : "[") + number(lo) + ", " + number(hi) +
                (hi_open ? ")" : "]"));
}

// A name a port, a column or a CSV header can carry: letters, digits and '_', not starting with a digit.
inline void check_name(const std::string& name, const std::string& key, const std::string& what) {
  const bool ok = !name.empty() && std::isdigit(static_cast<unsigned char>(name[0])) == 0 &&
                  std::all_of(name.begin(), name.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
                  });
  require(ok, key, what + " name '" + name + "' must be letters, digits and '_', not starting with a digit");
}

}  // namespace hilsim::sim::machine::internal
