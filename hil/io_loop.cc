#include "hil/io_loop.h"

#include <poll.h>

#include <algorithm>
#include <exception>
#include <future>

namespace hilsim::hil {

namespace {

constexpr rt::Nanoseconds kLongestWaitNs = 50'000'000;  // how soon stop() is noticed

}  // namespace

IoLoop::IoLoop(rt::Nanoseconds period_ns, rt::IoThreadPlacement io) : period_ns_(period_ns), io_(std::move(io)) {}

IoLoop::~IoLoop() { stop(); }

void IoLoop::start(const std::string& name, int fd, std::function<void()> send, std::function<void()> receive) {
  std::promise<rt::IoThreadSetup> setup;
  std::future<rt::IoThreadSetup> done = setup.get_future();
  thread_ = std::thread([this, name, fd, send = std::move(send), receive = std::move(receive),
                         setup = std::move(setup)]() mutable {
    try {
      setup.set_value(rt::enter_io_thread(name, io_));
    } catch (...) {
      setup.set_exception(std::current_exception());  // start() rethrows it
      return;
    }
    run(fd, send, receive);
  });
  setup_ = done.get();
}

void IoLoop::stop() {
  stopping_.store(true, std::memory_order_release);
  if (thread_.joinable()) thread_.join();
}

void IoLoop::run(int fd, const std::function<void()>& send, const std::function<void()>& receive) {
  rt::Nanoseconds next_send = rt::now_ns();
  while (!stopping_.load(std::memory_order_acquire)) {
    const rt::Nanoseconds now = rt::now_ns();
    if (now >= next_send) {
      send();
      const rt::Nanoseconds late_ns = now - next_send;
      if (late_ns >= period_ns_) missed_periods_.fetch_add(static_cast<std::uint64_t>(late_ns / period_ns_),
                                                          std::memory_order_relaxed);
      next_send += period_ns_;
      if (next_send <= now) next_send = now + period_ns_;  // fell behind: keep the rate, not the backlog
    }
    // Input or the next send, whichever is first.
    const rt::Nanoseconds wait = std::clamp<rt::Nanoseconds>(next_send - rt::now_ns(), 0, kLongestWaitNs);
    pollfd p{fd, POLLIN, 0};
    const timespec timeout{static_cast<time_t>(wait / rt::kNanosecondsPerSecond),
                           static_cast<long>(wait % rt::kNanosecondsPerSecond)};
    if (ppoll(&p, 1, &timeout, nullptr) <= 0) continue;
    if (p.revents & (POLLNVAL | POLLHUP)) {
      fd = -1;  // closed under us or hung up: nothing more will arrive, and polling it would spin
    } else if (p.revents & (POLLIN | POLLERR)) {
      receive();
    }
  }
}

}  // namespace hilsim::hil
