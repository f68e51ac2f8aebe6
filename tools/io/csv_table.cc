#include "tools/io/csv_table.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

#include "tools/io/bounded_read.h"
#include "tools/io/input_error.h"

namespace hilsim::io {

namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream ss(line);
  std::string field;
  while (std::getline(ss, field, ',')) fields.push_back(trim(field));
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

bool parse_double(const std::string& s, double& value) {
  if (s.empty()) return false;
  const char* begin = s.data();
  if (*begin == '+') ++begin;
  const auto [ptr, ec] = std::from_chars(begin, s.data() + s.size(), value);
  return ec == std::errc() && ptr == s.data() + s.size();
}

bool all_numeric(const std::vector<std::string>& fields) {
  double v = 0.0;
  return !fields.empty() &&
         std::all_of(fields.begin(), fields.end(), [&](const std::string& f) { return parse_double(f, v); });
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

}  // namespace

int CsvTable::find_column(const std::vector<std::string>& names) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    for (const std::string& n : names) {
      if (lower(header[i]) == lower(n)) return static_cast<int>(i);
    }
  }
  return -1;
}

std::size_t CsvTable::column(const std::vector<std::string>& names) const {
  const int i = find_column(names);
  if (i < 0) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "'" : " or '") + n + "'";
    throw InputError(path + ": no column named " + list + " in the header line");
  }
  return static_cast<std::size_t>(i);
}

CsvTable read_numeric_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot open file for reading");
  CsvTable table;
  table.path = path;
  std::string line;
  int line_no = 0;
  std::size_t width = 0;
  BoundedLineReader lines(in, path);
  while (lines.next(line)) {
    line_no = lines.line_number();
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    const std::vector<std::string> fields = split(line);
    if (table.rows.empty() && !all_numeric(fields)) {
      table.header = fields;  // title and header lines precede the data: keep the last one
      continue;
    }
    if (width == 0) width = table.header.empty() ? fields.size() : table.header.size();
    if (fields.size() != width) {
      throw InputError(path + ":" + std::to_string(line_no) + ": expected " + std::to_string(width) +
                       " comma-separated numbers, found " + std::to_string(fields.size()) + " fields");
    }
    std::vector<double> row(width);
    for (std::size_t i = 0; i < width; ++i) {
      if (!parse_double(fields[i], row[i])) {
        throw InputError(path + ":" + std::to_string(line_no) + ": field " + std::to_string(i + 1) +
                         " '" + fields[i] + "' is not a number");
      }
    }
    table.rows.push_back(std::move(row));
    table.line_numbers.push_back(line_no);
  }
  if (table.rows.empty()) throw InputError(path + ": no rows of numbers found");
  return table;
}

}  // namespace hilsim::io
