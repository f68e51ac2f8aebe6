#include "hil/recorder.h"

#include <chrono>

#include "rt/thread_setup.h"

namespace hilsim::hil {

Recorder::Recorder(const std::string& path, const std::string& build, const std::string& config_text,
                   rt::InputEventRing& ring, std::vector<int> cpus_to_avoid)
    : writer_(path, build, config_text), ring_(ring), cpus_to_avoid_(std::move(cpus_to_avoid)) {}

Recorder::~Recorder() {
  stopping_.store(true);
  if (thread_.joinable()) thread_.join();
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
  rt::InputEvent e;
  while (ring_.try_pop(e)) writer_.write(e);
}

void Recorder::finish(std::int64_t communication_points, const std::string& output_sha256) {
  stopping_.store(true, std::memory_order_release);
  if (thread_.joinable()) thread_.join();
  drain();  // the producer has finished: what is left is the rest
  writer_.finish(communication_points, ring_.dropped(), output_sha256);
}

}  // namespace hilsim::hil
