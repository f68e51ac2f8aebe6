// Recordings of hardware-in-the-loop runs: every applied input with the micro step at which it
// took effect, the effective configuration, and the build identity; `hilsim replay` re-runs them
// offline, bit for bit. A line-based text format, so a recording can be read and diffed:
//
//   hilsim-recording 2
//   build <build identity>
//   config-sha256 <SHA-256 of the config text>
//   config-lines <n>
//   <n lines: the effective scenario as TOML>
//   input <micro step> <κ, 17 significant digits> <cause: command|watchdog|script> <sequence> <actuator>
//   ...
//   end <communication points reached> events <count> dropped <count> output-sha256 <hex or ->
//
// κ is written with 17 significant digits, which read back to the same double. <actuator> is 1-based
// (1 or 2). Each actuator's inputs come in strictly increasing micro steps; the two actuators' inputs
// may interleave in any order (each actuator's valve records from its own thread). Version 1 (one
// actuator, written before two-actuator runs were recorded) has no <actuator> field: its inputs are
// actuator 1's; it is still read.
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hil/commanded_valve.h"

namespace hilsim::hil {

inline constexpr int kRecordingVersion = 2;

// A recording that cannot be read: the message names the file and the line.
class RecordingError : public std::runtime_error {
 public:
  explicit RecordingError(const std::string& message) : std::runtime_error(message) {}
};

struct Recording {
  std::string build;
  std::string config_text;
  std::vector<InputEvent> inputs;  // in file order; InputEvent::actuator 0-based
  bool complete = false;                 // the end line is there
  std::int64_t communication_points = 0;  // reached by the live run
  std::uint64_t dropped = 0;             // events lost by the live run (the replay is then refused)
  std::string output_sha256;             // of the live run's CSV, or "-" without one
};

// Writes a recording as the run goes. Not real-time code: the recorder thread calls it.
class RecordingWriter final {
 public:
  // Throws RecordingError when `path` cannot be opened.
  RecordingWriter(const std::string& path, const std::string& build, const std::string& config_text);
  void write(const InputEvent& event);
  // The end line; throws RecordingError when the file could not be written.
  void finish(std::int64_t communication_points, std::uint64_t dropped, const std::string& output_sha256);
  std::int64_t events() const { return events_; }

 private:
  std::string path_;
  std::ofstream out_;
  std::int64_t events_ = 0;
};

// Reads and checks a recording (format, version 1 or 2, config hash, each actuator's inputs in
// order, every κ finite and in [0, 1]). Throws RecordingError naming the file and the line.
Recording read_recording(const std::string& path);

}  // namespace hilsim::hil
