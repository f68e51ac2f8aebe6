// Values written as TOML text, for the scenario writer (a recording's config) to read back exactly.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace hilsim::scenario {

// A TOML basic string: quotes and backslashes escaped, and every control character (TOML allows
// none raw but tab), so that any string a scenario holds ("a\rb" in the file) reads back the same.
inline std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// A number with 17 significant digits, which reads back to the same double. Negative zero is
// written as a float ("-0" is the integer 0, read back as +0).
inline std::string toml_number(double v) {
  if (v == 0.0 && std::signbit(v)) return "-0.0";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace hilsim::scenario
