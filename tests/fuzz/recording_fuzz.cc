// libFuzzer target for the recording reader (hil/recording.h): `hilsim replay FILE` reads a file
// anyone may have edited, cut short or damaged. Built and run by scripts/fuzz.sh with clang++
// -fsanitize=fuzzer,address,undefined. The input is the whole file. A hil::RecordingError is the
// reader's answer to a bad file and is expected; any other exception, a crash, a sanitizer report
// or a broken invariant (trap) is a finding.
//
// Invariants of a recording that reads:
//   - every input's κ is finite and in [0, 1], its actuator 0 or 1, each actuator's micro steps
//     strictly increasing and non-negative;
//   - a complete recording (with its end line) was not cut short, and its output hash is "-" or
//     64 hex digits;
//   - written again by RecordingWriter (version 3) and read back, it gives the same build, config,
//     inputs and end line: what the reader accepts, the writer can write.
// Seeds are in tests/fuzz/corpus_recording/.
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "hil/recording.h"

namespace hilsim::hil {
namespace {

void check(bool invariant) {
  if (!invariant) __builtin_trap();
}

// A file for the round trip, made once per process and removed at its exit.
const std::string& scratch_path() {
  static const std::string path = [] {
    const char* dir = std::getenv("TMPDIR");
    std::string p =
        std::string(dir && *dir ? dir : "/tmp") + "/recording_fuzz-" + std::to_string(::getpid()) + ".rec";
    std::atexit([] { ::unlink(scratch_path().c_str()); });
    return p;
  }();
  return path;
}

bool same(const InputEvent& a, const InputEvent& b) {
  return a.micro_step == b.micro_step && a.kappa == b.kappa && a.sequence == b.sequence &&
         a.cause == b.cause && a.actuator == b.actuator;
}

void fuzz_recording(const std::string& text) {
  Recording rec;
  try {
    std::istringstream in(text);
    rec = read_recording(in, "fuzz.rec");
  } catch (const RecordingError&) {
    return;
  }
  std::array<std::int64_t, 2> last{-1, -1};
  for (const InputEvent& e : rec.inputs) {
    check(std::isfinite(e.kappa) && e.kappa >= 0.0 && e.kappa <= 1.0);
    check(e.actuator <= 1);
    check(e.micro_step >= 0 && e.micro_step > last[e.actuator]);
    last[e.actuator] = e.micro_step;
  }
  check(rec.last_input_line == 0 || !rec.inputs.empty());
  if (!rec.complete) return;
  check(rec.cut_line == 0);
  check(rec.output_sha256 == "-" || rec.output_sha256.size() == 64);

  // Written again and read back: the same recording.
  {
    RecordingWriter w(scratch_path(), rec.build, rec.config_text);
    for (const InputEvent& e : rec.inputs) w.write(e);
    w.finish(rec.communication_points, rec.dropped, rec.output_sha256 == "-" ? "" : rec.output_sha256);
  }
  const Recording back = read_recording(scratch_path());
  check(back.complete && back.cut_line == 0);
  check(back.build == rec.build && back.config_text == rec.config_text);
  check(back.communication_points == rec.communication_points && back.dropped == rec.dropped &&
        back.output_sha256 == rec.output_sha256);
  check(back.inputs.size() == rec.inputs.size());
  for (std::size_t i = 0; i < rec.inputs.size(); ++i) check(same(back.inputs[i], rec.inputs[i]));
}

}  // namespace
}  // namespace hilsim::hil

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  hilsim::hil::fuzz_recording(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
