#include "tools/bench/bench_flags.h"

#include <CLI/CLI.hpp>

namespace hilsim::tools {

std::optional<int> parse_bench_flags(int argc, char** argv, const std::string& description,
                                     std::initializer_list<BenchFlag> flags,
                                     std::initializer_list<BenchPathFlag> paths) {
  CLI::App app{description};
  for (const BenchFlag& flag : flags)
    app.add_option(flag.name, *flag.value, flag.help)->check(CLI::Range(flag.min, flag.max));
  for (const BenchPathFlag& path : paths) app.add_option(path.name, *path.value, path.help);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the message (or the help) and gives its own code for each kind of error; a
    // bad command line ends with 2, as every hilsim program's does.
    return app.exit(e) == 0 ? 0 : 2;
  }
  return std::nullopt;
}

}  // namespace hilsim::tools
