// The recorder thread of a live run: drains the input events the valves push, one ring per actuator
// (hil/commanded_valve.h: each ring's producer is the thread that evaluates that actuator's valve),
// into a recording file (hil/recording.h), and, with a CAN input, the frames
// the CAN bridge received (hil/received_frames.h) into a candump log (hil/candump_log.h). Not real
// time: it sleeps 1 ms between drains and writes what each drain found before sleeping, so a run
// killed outright leaves a recording holding its inputs up to a few milliseconds before. A ring
// that overflows is counted by the ring, and the recording's end line (and the run's report, for
// frames) says so.
#pragma once

#include <atomic>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hil/commanded_valve.h"
#include "hil/received_frames.h"
#include "hil/recording.h"

namespace hilsim::hil {

class Recorder final {
 public:
  // Opens the file and writes its header (throws RecordingError); `cpus_to_avoid` keeps the thread
  // off the real-time CPUs. `rings`: one per actuator and reader (1 to 16, none null;
  // std::invalid_argument otherwise), each drained in its order, so each reader's inputs of each
  // actuator stay in order. The rings must outlive this. `machine_text`: the machine file the run
  // simulates, kept in the recording (empty: the built-in crane).
  Recorder(const std::string& path, const std::string& build, const std::string& config_text,
           std::vector<InputEventRing*> rings, std::vector<int> cpus_to_avoid,
           const std::string& machine_text = "");
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // Also writes every frame of `frames` to `path` as candump -L lines on `interface` (before
  // start(); throws RecordingError when the file cannot be opened). The ring must outlive this.
  void log_frames(const std::string& path, const std::string& interface, ReceivedFrameRing& frames);

  void start();
  // Drains what is left, stops the thread and writes the end line (throws RecordingError).
  void finish(std::int64_t communication_points, const std::string& output_sha256);
  std::int64_t events() const { return writer_.events(); }
  // Events lost by all rings (full while the recorder lagged).
  std::uint64_t dropped() const;
  std::int64_t frames_logged() const { return frames_logged_; }
  // Frames no candump line can express (none the bridge delivers today): counted, never fatal.
  std::int64_t frames_not_logged() const { return frames_not_logged_; }

 private:
  void drain();

  RecordingWriter writer_;
  std::vector<InputEventRing*> rings_;
  ReceivedFrameRing* frames_ = nullptr;
  std::string frames_path_;
  std::string interface_;
  std::ofstream frames_out_;
  std::int64_t frames_logged_ = 0;
  std::int64_t frames_not_logged_ = 0;
  std::vector<int> cpus_to_avoid_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace hilsim::hil
