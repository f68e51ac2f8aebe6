#include "tools/bench/bench_flags.h"

#include <CLI/CLI.hpp>

namespace hilsim::tools {

std::optional<int> parse_bench_flags(int argc, char** argv, const std::string& description,
                                     std::initializer_list<BenchFlag> flags) {
  CLI::App app{description};
  for (const BenchFlag& flag : flags)
    app.add_option(flag.name, *flag.value, flag.help)->check(CLI::Range(flag.min, flag.max));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return std::nullopt;
}

}  // namespace hilsim::tools
