#include "tools/scenario/plausibility.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <utility>

#include "tools/scenario/scenario_keys.h"

namespace hilsim::scenario {

namespace {

struct OtherUnit {
  const char* unit;        // the key's unit
  const char* typed;       // the unit the value may have been typed in
  double to_key_unit = 1;  // one `typed` in the key's unit
};

// The slips seen in practice: lengths in mm or cm, areas in cm² or mm², angles in degrees,
// pressures in MPa, bar or kPa, masses in grams or tonnes.
constexpr OtherUnit kOtherUnits[] = {
    {"m", "mm", 1e-3},
    {"m", "cm", 1e-2},
    {"m²", "cm²", 1e-4},
    {"m²", "mm²", 1e-6},
    {"rad", "°", std::numbers::pi / 180.0},
    {"Pa", "MPa", 1e6},
    {"Pa", "bar", 1e5},
    {"Pa", "kPa", 1e3},
    {"kg", "t", 1e3},
    {"kg", "g", 1e-3},
};

bool inside(const Range& r, double v) { return v >= r.lo && v <= r.hi; }

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// "; typed in cm²? 65 cm² = 0.0065 m²", or "" when no other unit brings it inside.
std::string likely_slip(const KeyRow<Scenario>& row, double v) {
  const std::string unit = row.unit;
  for (const OtherUnit& o : kOtherUnits) {
    if (unit != o.unit || !inside(*row.plausible, v * o.to_key_unit)) continue;
    return std::string("; typed in ") + o.typed + "? " + number(v) + " " + o.typed + " = " +
           number(v * o.to_key_unit) + " " + unit;
  }
  return "";
}

}  // namespace

std::vector<std::string> implausible_values(const Scenario& s) {
  std::vector<std::string> lines;
  for (const KeyRow<Scenario>& row : scenario_keys()) {
    if (!row.plausible || !row.access.get) continue;
    const Value value = row.access.get(s);
    const double* v = std::get_if<double>(&value);
    if (!v || !std::isfinite(*v) || inside(*row.plausible, *v)) continue;
    const std::string key = std::string(row.section) + (*row.section ? "." : "") + row.key;
    const std::string unit = *row.unit ? std::string(" ") + row.unit : "";
    lines.push_back(s.source + ": key '" + key + "' = " + number(*v) + unit +
                    " is far outside what it plausibly is ([" + number(row.plausible->lo) + ", " +
                    number(row.plausible->hi) + "]" + unit + ")" + likely_slip(row, *v));
  }
  return lines;
}

}  // namespace hilsim::scenario
