// One line of a CSV file, built in a fixed buffer and written with one call: the only place hilsim
// turns numbers into CSV text. Numbers are written in the shortest form that reads back to the same
// double (std::to_chars without a precision: the C++ standard's round-trip guarantee), so equal runs
// give byte-identical files and every value parses back exactly. No iostream formatting per value:
// a row costs its to_chars calls, made where the row's bytes go (put_csv_line) or in a CsvRow.
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace hilsim::io {

// The longest shortest form of a double: "-2.2250738585072014e-308".
inline constexpr std::size_t kMaxDoubleBytes = 24;

// Writes `v` at `at` in its shortest round-trip form; `at` has room for kMaxDoubleBytes. Returns
// the end. The one conversion of a CSV value, for CsvRow and for lines put straight into a buffer.
inline char* put_shortest(char* at, double v) { return std::to_chars(at, at + kMaxDoubleBytes, v).ptr; }

// Writes `values` at `at` as one line, "v1,v2,...\n" (the bytes a CsvRow of them has), with no
// copy through a row buffer; `at` has room for values.size() * (kMaxDoubleBytes + 1) bytes, and at
// least 1. Returns the end of the line.
inline char* put_csv_line(char* at, std::span<const double> values) {
  if (values.empty()) {
    *at = '\n';
    return at + 1;
  }
  for (const double v : values) {
    at = put_shortest(at, v);
    *at++ = ',';
  }
  at[-1] = '\n';
  return at;
}

class CsvRow final {
 public:
  CsvRow() = default;
  CsvRow(const CsvRow&) = delete;  // end_ points into this row's own buffer
  CsvRow& operator=(const CsvRow&) = delete;

  // Room for 40 doubles of the longest shortest form (kMaxDoubleBytes) and their separators; a
  // row is far narrower.
  static constexpr std::size_t kCapacity = 40 * (kMaxDoubleBytes + 1) + 1;

  void add(double v) {
    separate(kMaxDoubleBytes);
    end_ = put_shortest(end_, v);
  }
  void add(std::int64_t v) {
    separate(20);
    end_ = std::to_chars(end_, buffer_.data() + kCapacity, v).ptr;
  }
  void add(int v) { add(std::int64_t{v}); }
  // A field written as it is (a column name, a word): the caller's text holds no ',', '"' or newline.
  void add(std::string_view text) {
    separate(text.size());
    end_ = std::copy(text.begin(), text.end(), end_);
  }
  // The line so far, with its '\n'.
  std::string_view text() {
    *end_ = '\n';
    return {buffer_.data(), static_cast<std::size_t>(end_ - buffer_.data()) + 1};
  }
  void append_to(std::string& out) { out += text(); }
  void write_to(std::ostream& out) {
    const std::string_view line = text();
    out.write(line.data(), static_cast<std::streamsize>(line.size()));
  }

 private:
  // Puts the ',' before every field but the first; throws std::length_error (a programming error:
  // a row wider than kCapacity) when `field_bytes` more would not fit with the final '\n'.
  void separate(std::size_t field_bytes) {
    if (static_cast<std::size_t>(buffer_.data() + kCapacity - end_) < field_bytes + 2) {
      throw std::length_error("CsvRow: a row wider than its capacity");
    }
    if (end_ != buffer_.data()) *end_++ = ',';
  }

  std::array<char, kCapacity> buffer_;
  char* end_ = buffer_.data();
};

}  // namespace hilsim::io
