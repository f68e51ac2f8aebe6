#include "tools/io/telemetry_json.h"

#include <algorithm>
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

TelemetryJson::TelemetryJson(TrajectoryColumns columns) : columns_(std::move(columns)) {
  // The column names are plain identifiers (trajectory_files.h, a sensor's name checked as one): no
  // JSON escaping needed.
  std::string header = trajectory_header(columns_);
  header.pop_back();  // its '\n'
  std::size_t start = 0;
  while (start <= header.size()) {
    const std::size_t comma = std::min(header.find(',', start), header.size());
    keys_.push_back(",\"" + header.substr(start, comma - start) + "\":");
    start = comma + 1;
  }
}

const std::string& TelemetryJson::format(const sim::Sample& s) {
  const TrajectoryRow row = trajectory_row(s, columns_);
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
