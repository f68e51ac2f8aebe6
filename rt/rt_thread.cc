#include "rt/rt_thread.h"

#include <cstring>
#include <system_error>

namespace hilsim::rt {

namespace {

enum State : int { kStarting = 0, kSetUp = 1, kRun = 2, kCancel = 3 };

// Touches 64 KiB of stack so its pages are present before the loop runs (a first touch inside
// the loop would be a page fault). With mlockall(MCL_FUTURE) the stack is already populated when
// mapped; without it, this still moves the faults out of the loop.
[[gnu::noinline]] void prefault_stack() {
  volatile unsigned char buffer[64 * 1024];
  for (std::size_t i = 0; i < sizeof buffer; i += 4096) buffer[i] = 0;
}

}  // namespace

RtThread::RtThread(ThreadConfig config, std::function<void()> body)
    : config_(std::move(config)), body_(std::move(body)) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  int rc = pthread_attr_setstacksize(&attr, config_.stack_bytes);
  if (rc == 0) rc = pthread_create(&thread_, &attr, &RtThread::start, this);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    throw std::system_error(rc, std::generic_category(), "cannot start thread '" + config_.name + "'");
  }
}

RtThread::~RtThread() {
  if (joined_) return;
  if (state_.load() != kRun) release(false);
  join();
}

void* RtThread::start(void* self) {
  static_cast<RtThread*>(self)->main();
  return nullptr;
}

void RtThread::main() {
  setup_ = apply_to_current_thread(config_);
  prefault_stack();
  state_.store(kSetUp, std::memory_order_release);
  state_.notify_all();
  // Wait for the creator's decision (a futex wait, before the loop: no real-time constraint yet).
  int s = kSetUp;
  while ((s = state_.load(std::memory_order_acquire)) == kSetUp) state_.wait(kSetUp);
  if (s == kRun) body_();
}

const ThreadSetupResult& RtThread::setup() {
  while (state_.load(std::memory_order_acquire) == kStarting) state_.wait(kStarting);
  return setup_;
}

void RtThread::release(bool run) {
  setup();
  state_.store(run ? kRun : kCancel, std::memory_order_release);
  state_.notify_all();
}

void RtThread::join() {
  if (joined_) return;
  pthread_join(thread_, nullptr);
  joined_ = true;
}

}  // namespace hilsim::rt
