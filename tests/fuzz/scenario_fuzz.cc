// libFuzzer target for the scenario loader (tools/scenario/scenario.h): load_scenario_text() and
// validate(), which read every scenario file and every recording's config. Built and run by
// scripts/fuzz.sh with clang++ -fsanitize=fuzzer,address,undefined (toml++ compiled in, so the
// fuzzer sees and explores the TOML parser too). The input is the TOML text. An io::InputError is
// the loader's answer to a bad scenario (hilsim exits 2 with it) and is expected; any other
// exception (hilsim would call it an internal error), a crash, a sanitizer report or a broken
// invariant (trap) is a finding.
//
// Invariant of a scenario that loads and validates: its effective config as a recording carries it
// (to_toml) loads and validates again and is written back to the same text, so that every run
// hilsim accepts can be replayed from its recording with the same settings.
// Seeds are in tests/fuzz/corpus_scenario/.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tools/io/input_error.h"
#include "tools/scenario/scenario.h"
#include "tools/scenario/scenario_writer.h"

namespace hilsim::scenario {
namespace {

void check(bool invariant) {
  if (!invariant) __builtin_trap();
}

void fuzz_scenario(const std::string& text) {
  Scenario s;
  try {
    s = load_scenario_text(text, "fuzz.toml");
    validate(s);
  } catch (const io::InputError&) {
    return;
  }
  const std::string written = to_toml(s);
  Scenario back;
  try {
    back = load_scenario_text(written, "written.toml");
    validate(back);
  } catch (const io::InputError&) {
    check(false);  // a scenario that validated was written as one that does not load
  }
  check(to_toml(back) == written);
}

}  // namespace
}  // namespace hilsim::scenario

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Scenario files are read up to 4 MiB (io::kMaxScenarioBytes); fuzz inputs stay far below.
  hilsim::scenario::fuzz_scenario(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
