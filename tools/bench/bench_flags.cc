#include "tools/bench/bench_flags.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "tools/hilsim/cli_checks.h"

namespace hilsim::tools {

namespace {

// The program's name as the user typed it, without its directory: "hilsim-bench-cosim".
std::string program_name(const char* argv0) {
  const std::string path = argv0 ? argv0 : "hilsim-bench";
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::optional<int> parse_bench_flags(int argc, char** argv, const std::string& description,
                                     std::initializer_list<BenchFlag> flags,
                                     std::initializer_list<BenchPathFlag> paths) {
  CLI::App app{description};
  // --help shows each flag's default (the docs name them: --repeat 7, 5, 21).
  app.option_defaults()->always_capture_default();
  for (const BenchFlag& flag : flags) {
    app.add_option(flag.name, *flag.value, flag.help)->check(whole_number_in(flag.min, flag.max));
  }
  for (const BenchPathFlag& path : paths) {
    app.add_option(path.name, *path.value, path.help)->default_str("")->check(non_empty_path());
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help: printed on stdout
    // One line naming the program, as hilsim's refusals do; a bad command line ends with 2.
    const std::string name = program_name(argc > 0 ? argv[0] : nullptr);
    std::string message = e.what();
    while (!message.empty() && message.back() == '\n') message.pop_back();
    std::fprintf(stderr, "%s: %s (%s --help)\n", name.c_str(), message.c_str(), name.c_str());
    return 2;
  }
  return std::nullopt;
}

}  // namespace hilsim::tools
