// The recorder thread of a live run: drains the input events the hydraulics thread pushes
// (rt/commanded_valve.h) into a recording file (hil/recording.h). Not real time: it sleeps between
// drains and writes files; a ring that overflows is counted by the ring, and the recording's end
// line says so.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "hil/recording.h"
#include "rt/commanded_valve.h"

namespace hilsim::hil {

class Recorder final {
 public:
  // Opens the file and writes its header (throws RecordingError); `cpus_to_avoid` keeps the thread
  // off the real-time CPUs. The ring must outlive this.
  Recorder(const std::string& path, const std::string& build, const std::string& config_text,
           rt::InputEventRing& ring, std::vector<int> cpus_to_avoid);
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  void start();
  // Drains what is left, stops the thread and writes the end line (throws RecordingError).
  void finish(std::int64_t communication_points, const std::string& output_sha256);
  std::int64_t events() const { return writer_.events(); }
  std::uint64_t dropped() const { return ring_.dropped(); }

 private:
  void drain();

  RecordingWriter writer_;
  rt::InputEventRing& ring_;
  std::vector<int> cpus_to_avoid_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace hilsim::hil
