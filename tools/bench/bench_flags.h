// The benchmarks' command lines: whole-number flags with a range and output paths, parsed by CLI11 in one
// translation unit (bench_flags.cc) that the four benchmark programs share, instead of compiling CLI11's
// header-only parser and validators once per program.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>

namespace hilsim::tools {

struct BenchFlag {
  std::string name;  // "--repeat"
  int* value;        // holds the default, receives the given value
  int min, max;      // accepted range, inclusive
  std::string help;
};

// An output file's path; empty when not given.
struct BenchPathFlag {
  std::string name;    // "--model-cost-csv"
  std::string* value;  // receives the given path
  std::string help;
};

// Parses `argv` for `flags`, `paths` (and --help). Empty: go on with the benchmark; a value: the exit code
// to end with (0 after --help, 2 after a bad flag, with a one-line message naming the program on stderr).
std::optional<int> parse_bench_flags(int argc, char** argv, const std::string& description,
                                     std::initializer_list<BenchFlag> flags,
                                     std::initializer_list<BenchPathFlag> paths = {});

}  // namespace hilsim::tools
