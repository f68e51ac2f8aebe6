#include "hil/recorder.h"

#include <chrono>
#include <stdexcept>
#include <string>

#include "hil/candump_log.h"
#include "rt/thread_setup.h"

namespace hilsim::hil {

Recorder::Recorder(const std::string& path, const std::string& build, const std::string& config_text,
                   std::vector<InputEventRing*> rings, std::vector<int> cpus_to_avoid,
                   const std::string& machine_text)
    : writer_(path, build, config_text, machine_text),
      rings_(std::move(rings)),
      cpus_to_avoid_(std::move(cpus_to_avoid)) {
  // One per actuator and reader: each actuator read by its hydraulics and (two-way) its mechanics.
  constexpr std::size_t kMostRings = static_cast<std::size_t>(kMaxActuators) * kInputReaders;
  if (rings_.empty() || rings_.size() > kMostRings) {
    throw std::invalid_argument("recorder: " + std::to_string(rings_.size()) + " event rings, need 1 to " +
                                std::to_string(kMostRings));
  }
  for (const InputEventRing* ring : rings_) {
    if (!ring) throw std::invalid_argument("recorder: an event ring is null");
  }
}

std::uint64_t Recorder::dropped() const {
  std::uint64_t n = 0;
  for (const InputEventRing* ring : rings_) n += ring->dropped();
  return n;
}

Recorder::~Recorder() {
  stopping_.store(true);
  if (thread_.joinable()) thread_.join();
}

void Recorder::log_frames(const std::string& path, const std::string& interface, ReceivedFrameRing& frames) {
  frames_out_.open(path);
  if (!frames_out_) throw RecordingError(path + ": cannot open the candump log for writing");
  frames_path_ = path;
  interface_ = interface;
  frames_ = &frames;
}

void Recorder::start() {
  thread_ = std::thread([this] {
    rt::keep_off_cpus(cpus_to_avoid_);
    while (!stopping_.load(std::memory_order_acquire)) {
      drain();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
}

void Recorder::drain() {
  InputEvent e;
  for (InputEventRing* ring : rings_) {
    while (ring->try_pop(e)) writer_.write(e);
  }
  writer_.flush();  // every drain: a process killed now loses at most this drain's inputs
  if (!frames_) return;
  ReceivedFrame f;
  bool logged = false;
  while (frames_->try_pop(f)) {
    // This runs in the recorder thread: a frame it cannot write must not end the run.
    try {
      frames_out_ << format_candump_line(f.timestamp_us, interface_, f.frame, f.error_frame) << '\n';
      ++frames_logged_;
      logged = true;
    } catch (const std::invalid_argument&) {
      ++frames_not_logged_;
    }
  }
  if (logged) frames_out_.flush();  // as the inputs: on the disk's side of the process within a drain
}

void Recorder::finish(std::int64_t communication_points, const std::string& output_sha256) {
  stopping_.store(true, std::memory_order_release);
  if (thread_.joinable()) thread_.join();
  drain();  // the producers have finished: what is left is the rest
  if (frames_) {
    frames_out_.close();
    if (!frames_out_) throw RecordingError(frames_path_ + ": writing the candump log failed");
  }
  writer_.finish(communication_points, dropped(), output_sha256);
}

}  // namespace hilsim::hil
