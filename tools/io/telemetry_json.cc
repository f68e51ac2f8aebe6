#include "tools/io/telemetry_json.h"

#include <charconv>
#include <cmath>

#include "tools/io/trajectory_files.h"

namespace hilsim::io {

namespace {

void append_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[32];
  const auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, static_cast<std::size_t>(ptr - buf));
}

}  // namespace

TelemetryJson::TelemetryJson(int actuators) : actuators_(actuators) {
  // The column names are plain identifiers (trajectory_files.h): no JSON escaping needed.
  for (const std::string& column : trajectory_columns(actuators)) keys_.push_back(",\"" + column + "\":");
}

const std::string& TelemetryJson::format(const sim::Sample& s) {
  const TrajectoryRow row = trajectory_row(s, actuators_);
  text_.clear();
  text_ += "{\"timestamp\":";
  append_number(text_, s.t);
  for (std::size_t i = 0; i < row.size; ++i) {
    text_ += keys_[i];
    append_number(text_, row.values[i]);
  }
  text_ += '}';
  return text_;
}

}  // namespace hilsim::io
