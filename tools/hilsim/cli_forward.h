// CLI::App declared for the headers of the commands, which take it only by reference. CLI11 is
// header-only and costs about 6 s of compilation in every translation unit that includes it (each
// such unit compiles its validators, objects defined in the header), so only the .cc files that
// declare or check flags include <CLI/CLI.hpp>.
#pragma once

namespace CLI {
class App;
}  // namespace CLI
