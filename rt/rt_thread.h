// A thread started with a ThreadConfig: the stack size is set when it is created, then the thread
// applies its name, CPU and scheduling itself and waits. The creator reads the setup result and
// either releases the thread into its body or cancels it (e.g. --require-rt and a refusal), so no
// body ever starts under a setup nobody has looked at.
#pragma once

#include <pthread.h>

#include <atomic>
#include <functional>

#include "rt/thread_setup.h"

namespace hilsim::rt {

class RtThread final {
 public:
  // Starts the thread; throws std::system_error when it cannot be created (configuration time).
  RtThread(ThreadConfig config, std::function<void()> body);
  // Cancels a thread that was never released, then joins.
  ~RtThread();
  RtThread(const RtThread&) = delete;
  RtThread& operator=(const RtThread&) = delete;

  // Waits until the thread has applied its configuration and returns what it got.
  const ThreadSetupResult& setup();
  // Lets the thread run its body (run = true) or end without running it (run = false).
  void release(bool run);
  void join();

 private:
  static void* start(void* self);
  void main();

  ThreadConfig config_;
  std::function<void()> body_;
  ThreadSetupResult setup_;
  std::atomic<int> state_{0};  // 0 starting, 1 set up, 2 released to run, 3 cancelled
  pthread_t thread_{};
  bool joined_ = false;
};

}  // namespace hilsim::rt
