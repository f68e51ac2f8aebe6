// Reading an input file without trusting it: a κ table, a reference curve, a candump log or a
// scenario named on the command line may be /dev/zero, a FIFO that never ends or a file of one
// endless line. Every read here stops at a bound and says so in one line naming the file (an
// io::InputError), instead of growing until the machine runs out of memory.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <string>

namespace hilsim::io {

// The longest line an input file may have [bytes]: far above any CSV row, candump line or TOML line.
inline constexpr std::size_t kMaxInputLineBytes = std::size_t{1} << 16;
// The largest input file [bytes]: a κ table of 10⁷ rows, or a candump log of a day at 1 kHz.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{1} << 30;
// The largest scenario file [bytes].
inline constexpr std::size_t kMaxScenarioBytes = std::size_t{1} << 22;

// Reads input files line by line within the bounds above, counting lines and bytes.
class BoundedLineReader final {
 public:
  // `in` must outlive the reader; `path` names the file in errors.
  BoundedLineReader(std::istream& in, std::string path, std::size_t max_bytes = kMaxInputFileBytes);
  // The next line without its '\n' (and without a UTF-8 byte-order mark on line 1); false at the
  // end. Throws io::InputError for a line longer than kMaxInputLineBytes, a file beyond max_bytes or
  // a read error.
  bool next(std::string& line);
  int line_number() const { return line_number_; }

 private:
  std::istream& in_;
  std::string path_;
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  int line_number_ = 0;
  std::unique_ptr<char[]> buffer_;  // one line and its terminating '\0'
};

// The whole file at `path` (for a parser that takes text), at most `max_bytes`; throws
// io::InputError when it cannot be opened or is larger.
std::string read_bounded_file(const std::string& path, std::size_t max_bytes);

}  // namespace hilsim::io
