// Recordings of hardware-in-the-loop runs: every applied input with the micro step at which it
// took effect, the effective configuration, and the build identity; `hilsim replay` re-runs them
// offline, bit for bit. A line-based text format, so a recording can be read and diffed:
//
//   hilsim-recording 2
//   build <build identity>
//   config-sha256 <SHA-256 of the config text>
//   config-lines <n>
//   <n lines: the effective scenario as TOML>
//   machine-sha256 <SHA-256 of the machine file, or - without one>      (version 5)
//   machine-lines <m>
//   <m lines: the machine file as the run read it>
//   input <micro step> <κ, 17 significant digits> <cause: command|watchdog|script> <sequence> <actuator>
//   [mechanics]
//   ...
//   end <communication points reached> events <count> dropped <count> output-sha256 <hex or -> bytes <n>
//
// <n>: the bytes of the file before the end line, so that a recording that lost or gained bytes
// anywhere is called damaged, not mistaken for a run that gives another output. Every line ends in
// a line feed: a last line without one was cut short (the disk filled, the machine stopped), and the
// reader says so with its number rather than reading a shortened number. The recorder writes each
// input within milliseconds (write(2), no stream buffer), so a run killed outright leaves a
// recording of its inputs so far, without its end line: `hilsim replay --partial` replays it up to
// its last complete input.
// κ is written with 17 significant digits, which read back to the same double. <actuator> is 1-based. Each
// actuator's inputs come in strictly increasing micro steps; the two actuators' inputs may interleave in any
// order (each actuator's valve records from its own thread). Version 1 (one actuator, written before
// two-actuator runs were recorded) has no <actuator> field: its inputs are actuator 1's; it is still read.
// Version 2 (no `bytes` field on the end line) is still read too. Version 4 adds the optional last word
// `mechanics` to the inputs of the mechanics' κ reader (the two-way coupling's, hil/commanded_valve.h
// InputReader); without it an input is the hydraulics'. Each reader's inputs of an actuator come in strictly
// increasing micro steps. Version 3 is still read. Version 5 (machines described in files, docs/machine.md)
// drives up to kMaxActuators actuators
// (<actuator> 1 to 8), and a closed-centre valve's command u ∈ [−1, 1] is written in the κ field;
// versions 1 to 4 hold actuators 1 and 2 with κ ∈ [0, 1] only, and are still read so. Version 5
// also keeps the machine file (its text, whole): a replay simulates the machine that ran, whatever
// became of the file since.
#pragma once

#include <cstdint>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hil/commanded_valve.h"

namespace hilsim::hil {

inline constexpr int kRecordingVersion = 5;

// A recording that cannot be read: the message names the file and the line.
class RecordingError : public std::runtime_error {
 public:
  explicit RecordingError(const std::string& message) : std::runtime_error(message) {}
};

struct Recording {
  std::string build;
  std::string config_text;
  std::string machine_text;               // the machine file as the run read it (version 5); empty: none
  std::vector<InputEvent> inputs;         // in file order; InputEvent::actuator 0-based
  std::vector<int> input_lines;           // the line of each input, for messages about it
  bool complete = false;                  // the end line is there
  std::int64_t communication_points = 0;  // reached by the live run
  std::uint64_t dropped = 0;              // events lost by the live run (the replay is then refused)
  std::string output_sha256;              // of the live run's CSV, or "-" without one
  int cut_line = 0;                       // a last line without its line end (cut short): its number, else 0
  int last_input_line = 0;                // the line of the last input read, 0 without one
};

// Writes a recording as the run goes. Not real-time code: the recorder thread calls it. Lines are
// collected by write() and go to the file, with one write(2), at flush(): the recorder flushes
// after every drain, so what the run applied reaches the file (the page cache, which survives the
// process) within milliseconds whatever then happens to the process.
class RecordingWriter final {
 public:
  // Writes the header at once; throws RecordingError when `path` cannot be opened or written.
  // `machine_text`: the machine file the run simulated, kept whole (empty: the built-in crane).
  RecordingWriter(const std::string& path, const std::string& build, const std::string& config_text,
                  const std::string& machine_text = "");
  ~RecordingWriter();
  RecordingWriter(const RecordingWriter&) = delete;
  RecordingWriter& operator=(const RecordingWriter&) = delete;
  void write(const InputEvent& event);
  // Never throws (the recorder thread calls it): a failed write is kept for finish() to report.
  void flush();
  // The end line, then fsync and close; throws RecordingError when anything could not be written.
  void finish(std::int64_t communication_points, std::uint64_t dropped, const std::string& output_sha256);
  std::int64_t events() const { return events_; }

 private:
  std::string path_;
  int fd_ = -1;
  std::string pending_;     // lines not yet written
  std::int64_t bytes_ = 0;  // written so far
  int error_ = 0;           // errno of the first failed write, 0 if none
  std::int64_t events_ = 0;
};

// Reads and checks a recording (format, versions 1 to 5, config hash, each actuator's inputs in
// order, every κ finite and in [0, 1], the end line's counts). A last line cut short is not read:
// its number is in cut_line, for the caller to refuse (a damaged recording) or to replay up to the
// input before it (--partial). Throws RecordingError naming the file and the line.
Recording read_recording(const std::string& path);
// The same from a stream (a recording in memory, a fuzzer's input); `path` names it in messages.
Recording read_recording(std::istream& in, const std::string& path);

}  // namespace hilsim::hil
