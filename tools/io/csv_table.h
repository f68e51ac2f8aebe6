// Reading numeric CSV files: an optional title line, a header line, then rows of numbers.
// Fields may be separated by ',' with optional spaces (the LIM files use ", ").
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace hilsim::io {

struct CsvTable {
  std::string path;
  std::vector<std::string> header;        // column names as written, trimmed; empty if none
  std::vector<std::vector<double>> rows;  // every row has header.size() values (or the first row's)
  std::vector<int> line_numbers;          // 1-based file line of each row, for messages

  // Index of the first column whose name equals one of `names` (case-insensitive), or -1.
  int find_column(const std::vector<std::string>& names) const;
  // As find_column, but throws InputError naming the file and the expected names.
  std::size_t column(const std::vector<std::string>& names) const;
};

// Throws InputError naming the file and line for a missing file, a non-numeric field, a row of the
// wrong width or a file without data rows.
// `only`, when not empty: the names (case-insensitive) of the columns to keep; the others are
// checked for the row's width but neither parsed nor kept (a reference of 34 columns is read at the
// start of every run, which needs 5 of them). Ignored for a file without a header line.
CsvTable read_numeric_csv(const std::string& path, const std::vector<std::string>& only = {});
// The same from a stream; `name` stands for the file in messages.
CsvTable read_numeric_csv(std::istream& in, const std::string& name,
                          const std::vector<std::string>& only = {});

}  // namespace hilsim::io
