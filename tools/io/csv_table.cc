#include "tools/io/csv_table.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <string_view>

#include "tools/io/bounded_read.h"
#include "tools/io/input_error.h"

namespace hilsim::io {

namespace {

// Fields are views into the line being read: a reference of 10⁵ numbers is split and parsed
// without a string per field (it is read at every run's start).
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  std::size_t first = 0, last = s.size();
  while (first < last && blank(s[first])) ++first;
  while (last > first && blank(s[last - 1])) --last;
  return s.substr(first, last - first);
}

// The trimmed fields of `line` into `fields` (reused from line to line); a trailing ',' ends with
// an empty field.
void split(std::string_view line, std::vector<std::string_view>& fields) {
  fields.clear();
  if (line.empty()) return;
  for (std::size_t start = 0;;) {
    const std::size_t comma = line.find(',', start);
    if (comma == std::string_view::npos) {
      fields.push_back(trim(line.substr(start)));
      return;
    }
    fields.push_back(trim(line.substr(start, comma - start)));
    start = comma + 1;
  }
}

bool parse_double(std::string_view s, double& value) {
  if (s.empty()) return false;
  const char* begin = s.data();
  const char* end = s.data() + s.size();
  if (*begin == '+') ++begin;
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  return ec == std::errc() && ptr == end;
}

bool all_numeric(const std::vector<std::string_view>& fields) {
  double v = 0.0;
  return !fields.empty() &&
         std::all_of(fields.begin(), fields.end(), [&](std::string_view f) { return parse_double(f, v); });
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

CsvTable read_numeric_csv(const std::string& path, const std::vector<std::string>& only) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot open file for reading");
  return read_numeric_csv(in, path, only);
}

namespace {

// The columns of `header` that `only` names (all when `only` or the header is empty); the header
// then keeps just their names.
std::vector<std::size_t> kept_columns(std::vector<std::string>& header, std::size_t width,
                                      const std::vector<std::string>& only) {
  std::vector<std::size_t> kept;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < width; ++i) {
    const bool keep = only.empty() || header.empty() ||
                      std::any_of(only.begin(), only.end(),
                                  [&](const std::string& n) { return lower(n) == lower(header[i]); });
    if (!keep) continue;
    kept.push_back(i);
    if (!header.empty()) names.push_back(header[i]);
  }
  if (!header.empty()) header = std::move(names);
  return kept;
}

// When the last header line looks like data (some field a number): " (line N, read as a header: field
// K 'abc' is not a number)", for the message that no row was found; else "".
std::string as_data(const std::vector<std::string>& header, int line) {
  double v = 0.0;
  if (std::none_of(header.begin(), header.end(), [&](const std::string& f) { return parse_double(f, v); }))
    return "";
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (!parse_double(header[i], v)) {
      return " (line " + std::to_string(line) + ", read as a header: field " + std::to_string(i + 1) + " '" +
             header[i] + "' is not a number)";
    }
  }
  return "";
}

}  // namespace

CsvTable read_numeric_csv(std::istream& in, const std::string& path, const std::vector<std::string>& only) {
  CsvTable table;
  table.path = path;
  std::string line;
  int line_no = 0;
  int header_line = 0;  // of the last line taken as the header
  std::size_t width = 0;
  std::vector<std::size_t> kept;
  BoundedLineReader lines(in, path);
  std::vector<std::string_view> fields;
  while (lines.next(line)) {
    line_no = lines.line_number();
    const std::string_view content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    split(line, fields);
    if (table.rows.empty() && !all_numeric(fields)) {
      table.header.assign(fields.begin(),
                          fields.end());  // title and header lines precede the data: keep the last one
      header_line = line_no;
      continue;
    }
    if (width == 0) {
      width = table.header.empty() ? fields.size() : table.header.size();
      kept = kept_columns(table.header, width, only);
    }
    if (fields.size() != width) {
      throw InputError(path + ":" + std::to_string(line_no) + ": expected " + std::to_string(width) +
                       " comma-separated numbers, found " + std::to_string(fields.size()) + " fields");
    }
    std::vector<double> row(kept.size());
    for (std::size_t k = 0; k < kept.size(); ++k) {
      const std::size_t i = kept[k];
      if (!parse_double(fields[i], row[k])) {
        throw InputError(path + ":" + std::to_string(line_no) + ": field " + std::to_string(i + 1) + " '" +
                         std::string(fields[i]) + "' is not a number");
      }
    }
    table.rows.push_back(std::move(row));
    table.line_numbers.push_back(line_no);
  }
  if (table.rows.empty())
    throw InputError(path + ": no rows of numbers found" + as_data(table.header, header_line));
  return table;
}

}  // namespace hilsim::io
