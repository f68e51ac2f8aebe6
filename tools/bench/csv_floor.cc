#include "tools/bench/csv_floor.h"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <span>
#include <vector>

#include "hil/sha256.h"
#include "tools/bench/wall_times.h"
#include "tools/io/csv_row.h"

namespace hilsim::bench {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point& t) {
  const Clock::time_point now = Clock::now();
  const double s = std::chrono::duration<double>(now - t).count();
  t = now;
  return s;
}

struct Values {
  std::vector<double> numbers;
  std::size_t columns = 0;
};

Values read_values(const std::string& csv) {
  std::ifstream in(csv);
  std::string line;
  if (!std::getline(in, line)) {
    std::fprintf(stderr, "hilsim-bench-process: cannot read %s\n", csv.c_str());
    std::exit(1);
  }
  Values v;
  while (std::getline(in, line)) {
    std::size_t columns = 0;
    for (const char *p = line.data(), *end = p + line.size(); p < end; ++columns) {
      double x = 0.0;
      p = std::from_chars(p, end, x).ptr + 1;  // past the ',' (or the line's end)
      v.numbers.push_back(x);
    }
    v.columns = columns;
  }
  return v;
}

// The rows as the CSV has them, by the project's own line formatting (io::put_csv_line, as the
// trajectory writer puts them): each value in its shortest form, ',' between, '\n' after the last.
std::size_t format(const Values& v, char* out) {
  char* at = out;
  const std::span<const double> numbers(v.numbers);
  for (std::size_t i = 0; v.columns > 0 && i + v.columns <= numbers.size(); i += v.columns)
    at = io::put_csv_line(at, numbers.subspan(i, v.columns));
  return static_cast<std::size_t>(at - out);
}

void write_file(const std::string& path, const char* bytes, std::size_t size) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || ::write(fd, bytes, size) != static_cast<ssize_t>(size) || ::close(fd) != 0) {
    std::fprintf(stderr, "hilsim-bench-process: cannot write %s\n", path.c_str());
    std::exit(1);
  }
}

}  // namespace

CsvFloor measure_csv_floor(const std::string& csv, const std::string& scratch, int repeat) {
  const Values v = read_values(csv);
  const auto buffer = std::make_unique_for_overwrite<char[]>(v.numbers.size() * 25 + 1);
  const std::string temporary = scratch + ".tmp";
  std::vector<double> format_s, hash_s, write_s, replace_s, new_s;
  CsvFloor floor;
  // Two rounds more than timed: the first renames to a name no file has, the second replaces a file
  // that a rename to a new name left unwritten (ext4 allocates a file's blocks when a rename replaces
  // another: auto_da_alloc, ext4(5)); from the third on each replaces a file as a run's output does.
  for (int r = 0; r < repeat + 2; ++r) {
    Clock::time_point t = Clock::now();
    floor.bytes = format(v, buffer.get());
    const double formatted = seconds_since(t);
    hil::Sha256 digest;
    digest.update(buffer.get(), floor.bytes);
    const std::string hex = digest.hex();
    const double hashed = seconds_since(t);
    write_file(temporary, buffer.get(), floor.bytes);
    const double written = seconds_since(t);
    std::rename(temporary.c_str(), scratch.c_str());
    const double renamed = seconds_since(t);
    if (r < 2) continue;
    format_s.push_back(formatted);
    hash_s.push_back(hashed);
    write_s.push_back(written);
    replace_s.push_back(renamed);
  }
  for (int r = 0; r < repeat; ++r) {  // a rename to a name no file has: the target removed, untimed
    std::remove(scratch.c_str());
    write_file(temporary, buffer.get(), floor.bytes);
    Clock::time_point t = Clock::now();
    std::rename(temporary.c_str(), scratch.c_str());
    new_s.push_back(seconds_since(t));
  }
  std::remove(scratch.c_str());
  floor.values = v.numbers.size();
  floor.format = median(format_s);
  floor.hash = median(hash_s);
  floor.write = median(write_s);
  floor.replace = median(replace_s);
  floor.rename_new = median(new_s);
  return floor;
}

}  // namespace hilsim::bench
